// The live cabin panel. It renders only what the service confirmed (the
// event stream's snapshot and changes) and turns taps into
// POST /api/v1/actions; the answer (an ActionResult) is shown, refusals too.
import { h } from "./dom.js";
import { controlParams } from "./store.js";
import { AMBIENT_COLORS, DEFAULT_MODES, DEFAULT_PERIPHERALS, capabilityLabel, targetLabel } from "./labels.js";
import { showResult } from "./notice.js";

const SEATS = ["driver", "passenger", "rear_left", "rear_right"];
const ZONES = ["driver", "passenger", "rear_left", "rear_right"];
const WINDOWS = ["driver", "passenger", "rear_left", "rear_right"];
const GEARS = ["P", "R", "N", "D"];
const SPEED_PRESETS = [0, 50, 130];

/** The value shown in data-value: the control's primary parameter. */
function primaryValue(capability, params) {
  if (!params || typeof params !== "object") return "";
  switch (capability) {
    case "climate.set_temperature":
      return typeof params.celsius === "number" ? params.celsius.toFixed(1) : "";
    case "climate.set_fan_speed":
    case "seat.set_heating":
    case "seat.set_ventilation":
      return params.level ?? "";
    case "window.set_position":
    case "sunroof.set_position":
    case "sunshade.set_position":
      return params.open_percent ?? "";
    case "mirror.fold":
      return params.folded ?? "";
    case "tailgate.set":
      return params.open ?? "";
    case "ambient_light.set":
      return `${params.color ?? ""}/${params.brightness ?? ""}`;
    default:
      return params.on ?? "";
  }
}

export function createPanel(root, { store, api }) {
  const updaters = [];
  let state = store.state;

  // ---- the tap → ActionResult path -------------------------------------------------
  async function tap(el, capability, target, parameters) {
    if (el.dataset.pending === "true") return;
    el.dataset.pending = "true";
    render();
    try {
      const result = await api.postAction({ capability, target, parameters });
      showResult({
        status: result?.status,
        reason: result?.reason,
        message: result?.message || `${capabilityLabel(capability)} ${targetLabel(target)}`.trim(),
      });
    } catch (err) {
      showResult({ status: "error", reason: err.code, message: err.message });
    } finally {
      delete el.dataset.pending;
      render();
    }
  }

  /** Register the common data-* bookkeeping of one control element. */
  function bind(el, capability, target, paint) {
    el.dataset.testid = `ctl-${capability}-${target}`;
    el.dataset.value = "";
    el.dataset.params = "null";
    updaters.push(() => {
      const params = controlParams(state, capability, target);
      const fitted = params !== undefined;
      el.dataset.fitted = String(fitted);
      el.dataset.value = fitted ? String(primaryValue(capability, params)) : "";
      el.dataset.params = JSON.stringify(fitted ? params ?? null : null);
      el.classList.toggle("is-unknown", fitted && !params);
      el.classList.toggle("is-unfitted", !fitted);
      paint(fitted ? params ?? null : null, fitted, el.dataset.pending === "true");
    });
    return el;
  }

  // ---- control builders ---------------------------------------------------------------
  function toggle(capability, target, param, title, { onText = "On", offText = "Off", compact = false } = {}) {
    const value = h("span.toggle-state", { text: "–" });
    const el = h("button.toggle", { type: "button", aria: { pressed: "false" } },
      h("span.led", { "aria-hidden": "true" }),
      h("span.toggle-text", {}, title ? h("span.toggle-title", { text: title }) : null, value));
    if (compact) el.classList.add("compact");
    bind(el, capability, target, (params, fitted, pending) => {
      const on = params ? params[param] === true : null;
      el.setAttribute("aria-pressed", String(on === true));
      el.classList.toggle("on", on === true);
      value.textContent = !fitted ? (compact ? "—" : "Not fitted") : on === null ? "–" : on ? onText : offText;
      el.disabled = !fitted || pending;
      el.setAttribute("aria-label", `${title || capabilityLabel(capability)} ${targetLabel(target)}: ${value.textContent}`);
    });
    el.addEventListener("click", () => {
      const params = controlParams(state, capability, target);
      const current = params ? params[param] === true : false;
      tap(el, capability, target, { [param]: !current });
    });
    return el;
  }

  function cycle(capability, target, title, max) {
    const bars = h("span.level-bars", { "aria-hidden": "true" },
      ...Array.from({ length: max }, () => h("i")));
    const value = h("span.level-value", { text: "–" });
    const el = h("button.cycle", { type: "button", title: `${title}: tap to step 0–${max}` }, bars, value);
    bind(el, capability, target, (params, fitted, pending) => {
      const level = params && typeof params.level === "number" ? params.level : null;
      value.textContent = !fitted ? "—" : level === null ? "–" : level === 0 ? "Off" : String(level);
      [...bars.children].forEach((bar, i) => bar.classList.toggle("lit", level !== null && i < level));
      el.classList.toggle("on", !!level);
      el.disabled = !fitted || pending;
      el.setAttribute("aria-label", `${title} ${targetLabel(target)}: ${fitted ? value.textContent : "not fitted"}`);
    });
    el.addEventListener("click", () => {
      const params = controlParams(state, capability, target);
      const level = params && typeof params.level === "number" ? params.level : 0;
      tap(el, capability, target, { level: (level + 1) % (max + 1) });
    });
    return el;
  }

  function stepper(capability, target, param, { step, min, max, format, title, unit = "" }) {
    const id = `ctl-${capability}-${target}`;
    const value = h("span.stepper-value", { text: "–" });
    const dec = h("button.step-btn", { type: "button", dataset: { testid: `${id}-dec` }, aria: { label: `${title} down` }, text: "−" });
    const inc = h("button.step-btn", { type: "button", dataset: { testid: `${id}-inc` }, aria: { label: `${title} up` }, text: "+" });
    const el = h("div.stepper", {}, dec, h("span.stepper-readout", {}, value, unit ? h("span.unit", { text: unit }) : null), inc);
    bind(el, capability, target, (params, fitted, pending) => {
      const v = params && typeof params[param] === "number" ? params[param] : null;
      value.textContent = v === null ? "–" : format(v);
      dec.disabled = pending || v === null || v - step < min - 1e-9;
      inc.disabled = pending || v === null || v + step > max + 1e-9;
    });
    const go = (dir) => {
      const params = controlParams(state, capability, target);
      const v = params && typeof params[param] === "number" ? params[param] : null;
      if (v === null) return;
      const next = Math.round((v + dir * step) / step) * step;
      tap(el, capability, target, { [param]: Math.min(max, Math.max(min, next)) });
    };
    dec.addEventListener("click", () => go(-1));
    inc.addEventListener("click", () => go(+1));
    return el;
  }

  function segments(capability, target, param, min, max, title) {
    const id = `ctl-${capability}-${target}`;
    const value = h("span.segments-value", { text: "–" });
    const buttons = [];
    for (let n = min; n <= max; n++) {
      const b = h("button.segment", { type: "button", dataset: { testid: `${id}-level-${n}`, level: n },
        aria: { label: `${title} ${n}`, pressed: "false" }, text: String(n) });
      b.addEventListener("click", () => tap(el, capability, target, { [param]: n }));
      buttons.push(b);
    }
    const el = h("div.segments-ctl", {},
      h("div.segments-head", {}, h("span.row-label", { text: title }), value),
      h("div.segments", {}, ...buttons));
    bind(el, capability, target, (params, fitted, pending) => {
      const v = params && typeof params[param] === "number" ? params[param] : null;
      value.textContent = v === null ? "–" : `${v} / ${max}`;
      for (const b of buttons) {
        const n = Number(b.dataset.level);
        b.classList.toggle("lit", v !== null && n <= v);
        b.setAttribute("aria-pressed", String(v === n));
        b.disabled = !fitted || pending;
      }
    });
    return el;
  }

  function slider(capability, target, title) {
    const id = `ctl-${capability}-${target}`;
    const input = h("input.slider", {
      type: "range", min: "0", max: "100", step: "1", value: "0",
      dataset: { testid: `${id}-slider` }, aria: { label: `${title} opening percent` },
    });
    const value = h("span.slider-value", { text: "–" });
    const fill = h("span.slider-fill");
    const el = h("div.slider-row", {},
      h("span.row-label", { text: title }),
      h("span.slider-wrap", {}, h("span.slider-track", {}, fill), input),
      value);
    let editing = false;
    bind(el, capability, target, (params, fitted, pending) => {
      const v = params && typeof params.open_percent === "number" ? params.open_percent : null;
      if (!editing) {
        input.value = String(v ?? 0);
        fill.style.width = `${v ?? 0}%`;
        value.textContent = v === null ? "–" : v === 0 ? "Closed" : `${v} %`;
      }
      input.disabled = !fitted || pending;
      el.classList.toggle("open", !!v);
    });
    input.addEventListener("input", () => {
      editing = true;
      fill.style.width = `${input.value}%`;
      value.textContent = `${input.value} %`;
    });
    input.addEventListener("change", () => {
      editing = false;
      tap(el, capability, target, { open_percent: Number(input.value) });
    });
    return el;
  }

  function card(title, className, ...children) {
    return h(`section.card.${className}`, {}, h("h3.card-title", { text: title }), ...children);
  }

  // ---- simulation card --------------------------------------------------------------------
  const speedInput = h("input.slider", {
    type: "range", min: "0", max: "200", step: "1", value: "0",
    dataset: { testid: "sim-speed" }, aria: { label: "Simulated speed, km/h" },
  });
  const speedValue = h("span.sim-speed-value", { dataset: { testid: "sim-speed-value" }, text: "0 km/h" });
  const speedFill = h("span.slider-fill");
  let simBusy = false;
  let speedEditing = false;

  async function putVehicle(change) {
    if (simBusy) return;
    simBusy = true;
    render();
    const v = state.vehicle;
    const body = {
      speed_kph: change.speed_kph ?? (typeof v.speed_kph === "number" ? v.speed_kph : 0),
      gear: change.gear ?? v.gear ?? "P",
    };
    try {
      const answer = await api.putSimVehicle(body);
      if (answer && typeof answer === "object" && ("speed_kph" in answer || "gear" in answer)) {
        store.applyVehicle(answer.vehicle ?? answer);
      }
    } catch (err) {
      showResult({ status: "error", reason: err.code, message: err.message });
    } finally {
      simBusy = false;
      speedEditing = false;
      render();
    }
  }

  speedInput.addEventListener("input", () => {
    speedEditing = true;
    speedValue.textContent = `${speedInput.value} km/h`;
    speedFill.style.width = `${(Number(speedInput.value) / 200) * 100}%`;
  });
  speedInput.addEventListener("change", () => putVehicle({ speed_kph: Number(speedInput.value) }));

  const presetButtons = SPEED_PRESETS.map((kph) =>
    h("button.chip-btn", { type: "button", dataset: { testid: `sim-speed-preset-${kph}` },
      onclick: () => putVehicle({ speed_kph: kph }), text: `${kph}` }));
  const gearButtons = GEARS.map((gear) =>
    h("button.gear-btn", { type: "button", dataset: { testid: `sim-gear-${gear}` }, aria: { pressed: "false" },
      onclick: () => putVehicle({ gear }), text: gear }));

  const simCard = h("section.card.card-sim", {
    title: "Simulation only: the tailgate opens only in P at 0 km/h; above 120 km/h the sunroof won't open further.",
  },
    h("div.sim-body", {},
      h("div.sim-head", {},
        h("h3.card-title", { text: "Simulator" }),
        h("span.card-hint", { text: "ECU in-process" })),
      h("div.sim-speed", {},
        h("span.row-label", { text: "Speed" }),
        h("span.slider-wrap", {}, h("span.slider-track", {}, speedFill), speedInput),
        speedValue),
      h("div.btn-group.presets", {}, ...presetButtons),
      h("div.btn-group.gears", { role: "group", aria: { label: "Gear" } }, ...gearButtons)));
  simCard.dataset.testid = "sim-controls";
  simCard.hidden = true;
  updaters.push(() => {
    const s = state.status;
    simCard.hidden = !(s && s.execution_mode === "simulation" && s.can && s.can.simulator === "in_process");
    const v = state.vehicle;
    const speed = typeof v.speed_kph === "number" ? v.speed_kph : null;
    if (!speedEditing) {
      speedInput.value = String(speed ?? 0);
      speedFill.style.width = `${((speed ?? 0) / 200) * 100}%`;
      speedValue.textContent = speed === null ? "– km/h" : `${Math.round(speed)} km/h`;
    }
    speedInput.disabled = simBusy;
    for (const btn of presetButtons) btn.disabled = simBusy;
    gearButtons.forEach((btn, i) => {
      btn.disabled = simBusy;
      btn.setAttribute("aria-pressed", String(v.gear === GEARS[i]));
    });
  });

  // ---- climate ----------------------------------------------------------------------------
  const zoneTiles = ZONES.map((zone) =>
    h("div.zone", {}, h("span.zone-label", { text: targetLabel(zone) }),
      stepper("climate.set_temperature", zone, "celsius", {
        step: 0.5, min: 16, max: 30, format: (v) => v.toFixed(1), unit: "°", title: `${targetLabel(zone)} temperature`,
      })));
  const climateCard = card("Climate", "card-climate",
    h("div.toggle-grid.climate-toggles", {},
      toggle("climate.power", "cabin", "on", "Climate"),
      toggle("climate.set_ac", "cabin", "on", "A/C"),
      toggle("climate.set_recirculation", "cabin", "on", "Recirc"),
      toggle("climate.set_defrost", "front", "on", "Front defrost"),
      toggle("climate.set_defrost", "rear", "on", "Rear defrost")),
    h("div.zones", {}, ...zoneTiles),
    segments("climate.set_fan_speed", "cabin", "level", 1, 7, "Fan"));

  // ---- seats --------------------------------------------------------------------------------
  const seatRows = SEATS.map((seat) =>
    h("div.seat-row", {},
      h("span.row-label", { text: targetLabel(seat) }),
      cycle("seat.set_heating", seat, "Heating", 3),
      cycle("seat.set_ventilation", seat, "Ventilation", 3),
      toggle("seat.set_massage", seat, "on", "", { compact: true }),
      toggle("reading_light.set", seat, "on", "", { compact: true })));
  const seatsCard = card("Seats", "card-seats",
    h("div.seat-row.seat-head", {}, h("span"), h("span", { text: "Heat" }), h("span", { text: "Vent" }),
      h("span", { text: "Massage" }), h("span", { text: "Light" })),
    ...seatRows);

  // ---- openings ----------------------------------------------------------------------------
  const openingsCard = card("Windows & roof", "card-openings",
    ...WINDOWS.map((w) => slider("window.set_position", w, targetLabel(w))),
    h("div.btn-group.all-windows", {},
      h("button.btn", { type: "button", dataset: { testid: "ctl-window.set_position-all-close" },
        onclick: (e) => tap(e.currentTarget, "window.set_position", "all", { open_percent: 0 }), text: "Close all" }),
      h("button.btn", { type: "button", dataset: { testid: "ctl-window.set_position-all-open" },
        onclick: (e) => tap(e.currentTarget, "window.set_position", "all", { open_percent: 100 }), text: "Open all" })),
    h("div.divider"),
    slider("sunroof.set_position", "cabin", "Sunroof"),
    slider("sunshade.set_position", "cabin", "Sunshade"));

  // ---- lights -------------------------------------------------------------------------------
  const ambientId = "ctl-ambient_light.set-cabin";
  const swatches = Object.entries(AMBIENT_COLORS).map(([color, css]) =>
    h("button.swatch", { type: "button", title: color, style: `--swatch:${css}`,
      dataset: { testid: `${ambientId}-color-${color}`, color }, aria: { label: `Ambient ${color}`, pressed: "false" } }));
  const brightness = h("input.slider", { type: "range", min: "0", max: "100", step: "1", value: "0",
    dataset: { testid: `${ambientId}-brightness` }, aria: { label: "Ambient brightness percent" } });
  const brightnessFill = h("span.slider-fill");
  const brightnessValue = h("span.slider-value", { text: "–" });
  const ambient = h("div.ambient", {},
    h("div.ambient-head", {}, h("span.row-label", { text: "Ambient" })),
    h("div.swatches", {}, ...swatches),
    h("div.slider-row", {}, h("span.row-label", { text: "Brightness" }),
      h("span.slider-wrap", {}, h("span.slider-track", {}, brightnessFill), brightness), brightnessValue));
  let brightnessEditing = false;
  bind(ambient, "ambient_light.set", "cabin", (params, fitted, pending) => {
    const color = params?.color ?? null;
    const level = typeof params?.brightness === "number" ? params.brightness : null;
    for (const sw of swatches) {
      sw.setAttribute("aria-pressed", String(sw.dataset.color === color));
      sw.disabled = pending;
    }
    if (!brightnessEditing) {
      brightness.value = String(level ?? 0);
      brightnessFill.style.width = `${level ?? 0}%`;
      brightnessValue.textContent = level === null ? "–" : level === 0 ? "Off" : `${level} %`;
    }
    brightness.disabled = pending;
    ambient.style.setProperty("--ambient", AMBIENT_COLORS[color] || "#8a94a6");
  });
  for (const sw of swatches) sw.addEventListener("click", () => tap(ambient, "ambient_light.set", "cabin", { color: sw.dataset.color }));
  brightness.addEventListener("input", () => {
    brightnessEditing = true;
    brightnessFill.style.width = `${brightness.value}%`;
    brightnessValue.textContent = `${brightness.value} %`;
  });
  brightness.addEventListener("change", () => {
    brightnessEditing = false;
    tap(ambient, "ambient_light.set", "cabin", { brightness: Number(brightness.value) });
  });
  const lightsCard = card("Lights & body", "card-lights", ambient,
    h("div.toggle-grid.two", {},
      toggle("tailgate.set", "cabin", "open", "Tailgate", { onText: "Open", offText: "Closed" }),
      toggle("mirror.fold", "cabin", "folded", "Mirrors", { onText: "Folded", offText: "Unfolded" })));

  // ---- modes and learned buttons ----------------------------------------------------------
  const modeGrid = h("div.mode-grid");
  const peripheralGrid = h("div.mode-grid");
  const modesCard = card("Modes & buttons", "card-modes", modeGrid, peripheralGrid);
  let modeKey = "";
  updaters.push(() => {
    const modes = state.modes || DEFAULT_MODES;
    const peripherals = state.peripherals || DEFAULT_PERIPHERALS;
    const key = JSON.stringify([modes, peripherals]);
    if (key === modeKey) return;
    modeKey = key;
    modeGrid.replaceChildren(...modes.map((m) => {
      const b = h("button.btn.mode-btn", { type: "button", dataset: { testid: `mode-${m.id}` }, text: m.label });
      b.addEventListener("click", () => tap(b, "mode.activate", m.id, {}));
      return b;
    }));
    peripheralGrid.replaceChildren(...peripherals.map((p) => {
      const b = h("button.btn.mode-btn.peripheral", {
        type: "button", dataset: { testid: `peripheral-${p.id}`, active: String(p.active) },
        title: p.active ? `Press the learned ${p.label} button` : `${p.label} is learned but inactive`,
      }, p.label, p.active ? null : h("small", { text: "inactive" }));
      b.addEventListener("click", () => tap(b, "peripheral.trigger", p.id, {}));
      return b;
    }));
  });

  root.replaceChildren(simCard, h("div.panel-cols", {},
    h("div.panel-col", {}, climateCard, modesCard),
    h("div.panel-col", {}, seatsCard, lightsCard),
    h("div.panel-col", {}, openingsCard)));

  function render() {
    for (const fn of updaters) fn();
  }

  store.subscribe((s) => {
    state = s;
    render();
  });
  return { render };
}
