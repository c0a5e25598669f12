// The top bar: execution mode, assistant and CAN badges, the event stream's
// state, and the vehicle's speed and gear (from the event stream).
import { REASON_TEXT } from "./labels.js";

const MODE_TEXT = { simulation: "Simulation", dry_run: "Dry run", hardware: "Hardware" };

function badge(testid) {
  return document.querySelector(`[data-testid="${testid}"]`);
}

export function createStatusBar(store) {
  const mode = badge("badge-mode");
  const assistant = badge("badge-assistant");
  const can = badge("badge-can");
  const events = badge("badge-events");
  const speed = badge("vehicle-speed");
  const gear = badge("vehicle-gear");

  store.subscribe((state) => {
    const s = state.status;
    const unreachable = !s && state.statusError;

    const m = s?.execution_mode || "unknown";
    mode.dataset.mode = m;
    mode.textContent = s ? MODE_TEXT[m] || m : unreachable ? "Service unreachable" : "Mode …";
    mode.title = s?.catalog_generation ? `Catalog generation ${s.catalog_generation}` : state.statusError || "";

    const a = s?.assistant || {};
    assistant.dataset.mode = a.mode || "unknown";
    assistant.dataset.reason = a.reason || "";
    if (!s) assistant.textContent = "Assistant …";
    else if (a.mode === "codex") assistant.textContent = a.reason === "starting" ? "Assistant starting" : "Assistant online";
    else if (a.mode === "local_only") assistant.textContent = `On-board only${a.reason ? ` · ${REASON_TEXT[a.reason] || a.reason}` : ""}`;
    else assistant.textContent = "Assistant ?";
    assistant.title = [a.codex_version ? `codex ${a.codex_version}` : null, a.reason].filter(Boolean).join(" · ");

    const c = s?.can || {};
    can.dataset.state = c.state || "unknown";
    can.dataset.interface = c.interface || "";
    can.dataset.channel = c.channel || "";
    can.dataset.simulator = c.simulator || "";
    can.textContent = s ? `CAN ${[c.interface, c.channel].filter(Boolean).join(" · ") || "?"} · ${c.state || "?"}` : "CAN …";
    can.title = c.simulator ? `ECU simulator: ${c.simulator.replace("_", "-")}` : "";

    events.dataset.state = state.events;
    events.textContent = state.events === "open" ? "Live" : state.events === "connecting" ? "Connecting" : "Offline";

    const v = state.vehicle;
    const kph = typeof v.speed_kph === "number" ? v.speed_kph : null;
    speed.dataset.value = kph === null ? "" : String(kph);
    speed.textContent = kph === null ? "–" : String(Math.round(kph));
    gear.dataset.value = v.gear || "";
    gear.dataset.stale = String(!!v.stale || !v.gear);
    gear.textContent = v.gear || "–";
    gear.title = v.stale ? "Vehicle state is stale" : "";
  });
}
