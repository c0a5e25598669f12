// Entry point: wires the store, the status bar, the cabin panel and the chat
// to the service (or to the offline demo with ?demo=1).
import { createHttpApi } from "./api.js";
import { createStore } from "./store.js";
import { createStatusBar } from "./statusbar.js";
import { createPanel } from "./panel.js";
import { createChat } from "./chat.js";
import { readCatalog } from "./labels.js";

async function start() {
  const params = new URLSearchParams(location.search);
  const demo = params.get("demo");
  const api = demo ? (await import("./demo.js")).createDemoApi(demo) : createHttpApi();
  if (demo) document.body.dataset.demo = "true";

  const store = createStore();
  createStatusBar(store);
  createPanel(document.getElementById("panel"), { store, api });

  const $ = (id) => document.querySelector(`[data-testid="${id}"]`);
  const chat = createChat({
    api,
    elements: {
      log: $("chat-log"), input: $("chat-input"), send: $("chat-send"), interrupt: $("chat-interrupt"),
      newChat: $("chat-new"), form: document.getElementById("composer"),
      suggestions: document.getElementById("suggestions"),
    },
  });

  let catalogGeneration = null;
  async function loadCatalog() {
    try {
      store.setCatalog(readCatalog(await api.getCatalog()));
    } catch { /* labels fall back to the built-in ones */ }
  }
  function onStatus(status) {
    store.setStatus(status);
    const generation = status?.catalog_generation ?? null;
    if (generation !== catalogGeneration) {
      const first = catalogGeneration === null;
      catalogGeneration = generation;
      if (!first) loadCatalog();
    }
  }

  api.openEvents({
    connection: (value) => store.setConnection(value),
    "state.snapshot": (body) => store.applySnapshot(body),
    "state.changed": (change) => store.applyChange(change),
    "vehicle.changed": (vehicle) => store.applyVehicle(vehicle),
    "status.changed": (status) => onStatus(status),
  });

  const statusLoad = api.getStatus().then(onStatus, (err) => store.setStatusError(err.message));
  await Promise.allSettled([statusLoad, loadCatalog(), chat.restore()]);
  document.body.dataset.ready = "true";
}

start();
