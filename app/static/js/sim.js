// The simulator tab (execution_mode simulation with the in-process ECU
// simulator only): move the simulated car to watch the interlocks and the
// driving lock. PUT /api/v1/sim/vehicle answers once the backend's state,
// fed by the ECU's status frame, shows the new values.
import { h } from "./dom.js";
import { bindText, t } from "./i18n.js";
import { showResult } from "./notice.js";

const GEARS = ["P", "R", "N", "D"];
const SPEED_PRESETS = [0, 30, 50, 130];

export function createSim({ store, api }) {
  let busy = false;
  const value = h("span.sim-speed-value.value", { dataset: { testid: "sim-speed-value" } });

  async function put(change) {
    if (busy) return;
    busy = true;
    render();
    const v = store.state.vehicle;
    const body = {
      speed_kph: change.speed_kph ?? (typeof v.speed_kph === "number" ? v.speed_kph : 0),
      gear: change.gear ?? v.gear ?? "P",
    };
    try {
      const answer = await api.putSimVehicle(body);
      const vehicle = answer?.vehicle ?? answer;
      if (vehicle && typeof vehicle === "object" && ("speed_kph" in vehicle || "gear" in vehicle)) store.applyVehicle(vehicle);
    } catch (err) {
      showResult({ status: "error", reason: err.code, message: err.message });
    } finally {
      busy = false;
      render();
    }
  }

  const presets = SPEED_PRESETS.map((kph) => h("button.btn.preset", {
    type: "button", dataset: { testid: `sim-speed-preset-${kph}` }, onclick: () => put({ speed_kph: kph }), text: String(kph) }));
  const gears = GEARS.map((gear) => h("button.btn.gear-btn", {
    type: "button", dataset: { testid: `sim-gear-${gear}` }, aria: { pressed: "false" }, onclick: () => put({ gear }), text: gear }));
  const element = h("div.sim", { dataset: { testid: "sim-controls" } },
    h("div.sim-row", {}, bindText(h("span.row-title"), () => t("vehicle.speed_unit")), value, ...presets),
    h("div.sim-row", { role: "group" }, bindText(h("span.row-title"), () => t("vehicle.gear")), ...gears));

  function enabled(state) {
    const s = state.status;
    return Boolean(s && s.execution_mode === "simulation" && s.can?.simulator === "in_process");
  }

  function render() {
    const v = store.state.vehicle;
    const speed = typeof v.speed_kph === "number" ? v.speed_kph : null;
    value.textContent = speed === null ? "–" : t("value.kph", { value: Math.round(speed) });
    for (const b of presets) b.disabled = busy;
    gears.forEach((b, i) => {
      b.disabled = busy;
      b.setAttribute("aria-pressed", String(v.gear === GEARS[i]));
    });
  }

  return { element, enabled, render };
}
