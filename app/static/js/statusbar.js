// The top bar: execution mode, assistant and CAN badges, the event stream,
// speed, gear and (when the state has it) the child lock. When the service is
// unreachable or the state stale, the CAN and assistant badges turn red at
// once: nothing looks live that is not. A stale state (the ECU fell silent:
// `vehicle.changed` with `stale: true`) also renames the CAN badge ("ECU
// silent") and the stream badge (never "Live" then), until status frames resume.
import { onWords, t } from "./i18n.js";
import { liveness } from "./store.js";

function el(testid) {
  return document.querySelector(`[data-testid="${testid}"]`);
}

export function createStatusBar(store) {
  const mode = el("badge-mode");
  const assistant = el("badge-assistant");
  const can = el("badge-can");
  const events = el("badge-events");
  const speed = el("vehicle-speed");
  const unit = el("vehicle-speed-unit");
  const gear = el("vehicle-gear");
  const childLock = el("vehicle-child-lock");

  function paint(state) {
    const s = state.status;
    const live = liveness(state);
    const offline = live === "offline";
    const dead = offline || live === "stale";

    const m = s?.execution_mode || "unknown";
    mode.dataset.mode = m;
    mode.textContent = offline && !s ? t("badge.mode.unreachable") : t(`badge.mode.${m}`);
    mode.title = s?.catalog_generation ? `catalog ${s.catalog_generation}` : "";

    const a = s?.assistant || {};
    assistant.dataset.mode = offline ? "offline" : a.mode || "unknown";
    assistant.dataset.reason = a.reason || "";
    assistant.dataset.live = String(!dead);
    assistant.textContent = offline ? t("badge.assistant.offline")
      : a.mode === "codex" ? t(a.reason === "starting" ? "badge.assistant.starting" : "badge.assistant.online")
        : a.mode === "local_only" ? t("badge.assistant.local_only") : t("badge.assistant.unknown");
    assistant.title = [a.codex_version ? `codex ${a.codex_version}` : null,
      a.reason ? t(`reason.assistant.${a.reason}`) : null].filter(Boolean).join(" · ");

    // A silent ECU (the state is stale while the bus is up) is said as such:
    // the bus works, but nothing the car reports is current.
    const stale = live === "stale";
    const c = s?.can || {};
    can.dataset.state = offline ? "offline" : c.state || "unknown";
    can.dataset.live = String(!dead);
    can.dataset.stale = String(stale);
    can.dataset.interface = c.interface || "";
    can.dataset.channel = c.channel || "";
    can.dataset.simulator = c.simulator || "";
    can.textContent = stale && can.dataset.state === "up" ? t("badge.can.silent") : t(`badge.can.${can.dataset.state}`);
    can.title = [c.interface, c.channel, c.simulator].filter(Boolean).join(" · ");

    // While offline a reconnecting stream is said as offline, not as "connecting";
    // an open stream over a stale state is not "Live".
    events.dataset.state = offline && state.events !== "open" ? "closed" : state.events;
    events.dataset.live = String(live === "live");
    events.dataset.stale = String(stale);
    events.textContent = stale ? t("badge.events.stale") : t(`badge.events.${events.dataset.state}`);

    const v = state.vehicle;
    const kph = typeof v.speed_kph === "number" ? v.speed_kph : null;
    speed.dataset.value = kph === null ? "" : String(kph);
    speed.dataset.live = String(!dead);
    speed.dataset.stale = String(stale);
    speed.textContent = kph === null ? "–" : String(Math.round(kph));
    unit.textContent = t("vehicle.speed_unit");
    gear.dataset.value = v.gear || "";
    gear.dataset.stale = String(dead || !v.gear);
    gear.textContent = v.gear || "–";
    gear.setAttribute("aria-label", `${t("vehicle.gear")} ${v.gear || "–"}`);

    // deploy adds vehicle.child_lock; until then (or when unknown) no indicator.
    const lock = typeof v.child_lock === "boolean" ? v.child_lock : null;
    childLock.hidden = lock === null;
    childLock.dataset.value = lock === null ? "" : String(lock);
    childLock.textContent = lock ? t("vehicle.child_lock_on") : t("vehicle.child_lock_off");
  }

  store.subscribe(paint);
  onWords(() => paint(store.state));
}

/** Day / night: a tap toggles, the choice is kept; `?theme=day|night` wins. */
export function createThemeToggle(button) {
  const KEY = "n7web.console.theme";
  const asked = new URLSearchParams(location.search).get("theme");
  let theme = asked === "day" || asked === "night" ? asked : null;
  if (!theme) { try { theme = localStorage.getItem(KEY); } catch { theme = null; } }
  if (theme !== "day" && theme !== "night") theme = "night";
  const apply = () => {
    document.documentElement.dataset.theme = theme;
    button.dataset.theme = theme;
    // The button names the theme a tap switches to.
    button.textContent = t(theme === "night" ? "theme.day" : "theme.night");
  };
  button.addEventListener("click", () => {
    theme = theme === "night" ? "day" : "night";
    try { localStorage.setItem(KEY, theme); } catch { /* private mode */ }
    apply();
  });
  onWords(apply);
}
