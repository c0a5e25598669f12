// Entry point: the catalog first (the page's words and its cards come from
// it), then the status bar, the cabin panel, the chat and the event stream.
import { createHttpApi } from "./api.js";
import { createStore } from "./store.js";
import { createStatusBar, createThemeToggle } from "./statusbar.js";
import { createPanel } from "./panel.js";
import { createChat } from "./chat.js";
import { cachedCatalog, setCatalog } from "./catalog.js";
import { bindText, setMessages, t } from "./i18n.js";
import { moving } from "./gates.js";
import { apply as applyJob, reload as reloadJobs, setLocked as lockJobs } from "./jobs.js";

const $ = (id) => document.querySelector(`[data-testid="${id}"]`);

async function start() {
  const api = createHttpApi();
  const store = createStore();

  function useCatalog(view) {
    if (!setCatalog(view)) return false;
    setMessages(view.messages);
    store.setCatalog(view);
    return true;
  }
  useCatalog(cachedCatalog());

  for (const el of document.querySelectorAll("[data-i18n]")) bindText(el, () => t(el.dataset.i18n));
  createThemeToggle($("theme-toggle"));
  createStatusBar(store);
  createPanel(document.getElementById("panel"), { store, api });
  const chat = createChat({
    api,
    elements: {
      log: $("chat-log"), input: $("chat-input"), send: $("chat-send"), interrupt: $("chat-interrupt"),
      newChat: $("chat-new"), form: document.getElementById("composer"),
      suggestions: document.getElementById("suggestions"), driveHint: $("drive-lock"),
    },
  });
  store.subscribe((state) => chat.setLocked(moving(state.vehicle)));
  store.subscribe((state) => lockJobs(moving(state.vehicle)));

  let catalogGeneration = null;
  async function loadCatalog() {
    try {
      useCatalog(await api.getCatalog());
    } catch { /* the cached view (if any) stays; the page says the service is unreachable */ }
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

  await loadCatalog();
  api.openEvents({
    connection: (value) => {
      // Back after an outage: the status may have changed while we were away.
      if (value === "open" && store.state.everOpen && store.state.events !== "open") {
        api.getStatus().then(onStatus, () => {});
        reloadJobs();
      }
      store.setConnection(value);
    },
    "state.snapshot": (body) => store.applySnapshot(body),
    "state.changed": (change) => store.applyChange(change),
    "vehicle.changed": (vehicle) => store.applyVehicle(vehicle),
    "status.changed": (status) => onStatus(status),
    ...Object.fromEntries(["job.scheduled", "job.fired", "job.cancelled", "job.missed"]
      .map((name) => [name, (job) => applyJob(name, job)])),
  });

  // The event stream ends at once when the service stops; a hung service (or a
  // dead link that keeps the socket) is caught by this probe within ~3 s.
  let probing = false;
  setInterval(async () => {
    if (probing) return;
    probing = true;
    try { store.setReachable(await api.ping(1500)); } finally { probing = false; }
  }, 1000);

  const statusLoad = api.getStatus().then(onStatus, (err) => store.setStatusError(err.message));
  await Promise.allSettled([statusLoad, chat.restore()]);
  document.body.dataset.ready = "true";
}

start();
