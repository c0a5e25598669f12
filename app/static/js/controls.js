// Control builders for the cabin panel, driven by the catalog view: a toggle
// for a bool parameter, −/+ for a numeric one (a tap sends the set_*
// capability with the next absolute value: the tap is the intent), a row of
// choice buttons for an enum. Every control carries the data-* the tests read
// (data-value, data-params, data-fitted, data-pending, data-unavailable) and
// is greyed as "last known" while the state is not live.
import { h } from "./dom.js";
import { capabilityLabel, controlLabel, fitted, parameter } from "./catalog.js";
import { blocked } from "./gates.js";
import { bindText, t } from "./i18n.js";
import { controlParams, liveness } from "./store.js";
import { showResult } from "./notice.js";

/** The value shown in data-value: the control's primary parameter. */
export function primaryValue(capability, params) {
  if (!params || typeof params !== "object") return "";
  if (typeof params.celsius === "number") return params.celsius.toFixed(1);
  if ("color" in params || "brightness" in params) return `${params.color ?? ""}/${params.brightness ?? ""}`;
  const [first] = Object.values(params);
  return first ?? "";
}

/** Tap step for −/+: the catalog's step; without one, 1, or a tenth of a range wider than 20 (percent). */
export function tapStep(spec) {
  if (typeof spec?.step === "number" && spec.step > 0) return spec.step;
  const span = (spec?.max ?? 0) - (spec?.min ?? 0);
  return span > 20 ? span / 10 : 1;
}

export function nextValue(value, spec, dir) {
  const step = tapStep(spec);
  const eps = 1e-9;
  const snapped = dir > 0 ? Math.floor(value / step + eps) * step + step : Math.ceil(value / step - eps) * step - step;
  const clamped = Math.min(spec.max, Math.max(spec.min, snapped));
  return Math.round(clamped * 1000) / 1000;
}

export function formatValue(name, value) {
  if (value === null || value === undefined) return t("value.unknown");
  if (name === "celsius") return t("value.celsius", { value: value.toFixed(1) });
  if (name === "open_percent") return value === 0 ? t("value.closed") : t("value.percent", { value });
  if (name === "brightness") return value === 0 ? t("value.off") : t("value.percent", { value });
  if (name === "level") return value === 0 ? t("value.off") : t("value.level", { value });
  return String(value);
}

/** Reasons the panel's banner already says once for every control: no "why" on each. */
const PANEL_WIDE = new Set(["offline", "stale"]);

const BOOL_WORDS = { folded: ["value.folded", "value.unfolded"], open: ["value.open", "value.closed"] };

export function createControls({ store, api }) {
  const updaters = [];
  const state = () => store.state;

  function isLive() {
    return liveness(state()) === "live";
  }

  function gate(capability, target, params) {
    const live = liveness(state());
    return blocked({
      capability, target, params, current: controlParams(state(), capability, target),
      vehicle: state().vehicle, live: live === "live", stale: live === "stale",
    });
  }

  /** Mark `button` unavailable (or not) for a tap that would send `params`. */
  function paintGate(button, hit, reasonEl = null) {
    button.classList.toggle("unavailable", Boolean(hit));
    button.setAttribute("aria-disabled", String(Boolean(hit)));
    button.dataset.unavailable = hit?.code ?? "";
    button.title = hit?.long ?? "";
    if (reasonEl) {
      const show = hit && !PANEL_WIDE.has(hit.code);
      reasonEl.hidden = !show;
      reasonEl.textContent = show ? hit.short : "";
    }
  }

  async function tap(el, capability, target, parameters) {
    const hit = gate(capability, target, parameters);
    if (hit) {
      showResult({ status: "unavailable", reason: hit.code, message: hit.long });
      return;
    }
    if (el.dataset.pending === "true") return;
    el.dataset.pending = "true";
    render();
    try {
      const result = await api.postAction({ capability, target, parameters });
      showResult({ status: result?.status, reason: result?.reason, message: result?.message || controlLabel(capability, target) });
    } catch (err) {
      showResult({ status: "error", reason: err.code, message: err.message });
    } finally {
      delete el.dataset.pending;
      render();
    }
  }

  /** The common data-* bookkeeping of one control element. */
  function bind(el, capability, target, paint) {
    el.dataset.testid = `ctl-${capability}-${target}`;
    el.dataset.value = "";
    el.dataset.params = "null";
    updaters.push(() => {
      const params = controlParams(state(), capability, target);
      el.dataset.fitted = "true";
      el.dataset.value = String(primaryValue(capability, params));
      el.dataset.params = JSON.stringify(params ?? null);
      el.classList.toggle("is-unknown", !params);
      el.classList.toggle("last-known", !isLive());
      el.dataset.stale = String(liveness(state()) === "stale");
      paint(params ?? null, el.dataset.pending === "true");
    });
    return el;
  }

  function unfitted(capability, target) {
    const el = h("div.unfitted", { dataset: { testid: `ctl-${capability}-${target}`, fitted: "false", value: "", params: "null" } });
    return bindText(el, () => t("value.not_fitted"));
  }

  function toggle(capability, target, param, { title = null } = {}) {
    if (!fitted(capability, target)) return unfitted(capability, target);
    const words = BOOL_WORDS[param] ?? ["value.on", "value.off"];
    const name = h("span.toggle-title");
    const value = h("span.toggle-state.value");
    const why = h("span.why", { hidden: true });
    const el = h("button.toggle", { type: "button", aria: { pressed: "false" } },
      h("span.led", { "aria-hidden": "true" }), h("span.toggle-text", {}, name, value, why));
    if (title !== "") bindText(name, typeof title === "function" ? title : () => title ?? controlLabel(capability, target));
    bind(el, capability, target, (params, pending) => {
      const on = params ? params[param] === true : null;
      el.setAttribute("aria-pressed", String(on === true));
      el.classList.toggle("on", on === true);
      value.textContent = on === null ? t("value.unknown") : t(on ? words[0] : words[1]);
      el.disabled = pending;
      paintGate(el, gate(capability, target, { [param]: !on }), why);
      el.setAttribute("aria-label", `${controlLabel(capability, target)}: ${value.textContent}`);
    });
    el.addEventListener("click", () => {
      const params = controlParams(state(), capability, target);
      tap(el, capability, target, { [param]: !(params ? params[param] === true : false) });
    });
    return el;
  }

  function stepper(capability, target, param, { title = null, compact = false } = {}) {
    if (!fitted(capability, target)) return unfitted(capability, target);
    const spec = parameter(capability, param);
    const id = `ctl-${capability}-${target}`;
    const label = controlLabel(capability, target);
    const value = h("span.stepper-value.value", { text: "–" });
    const why = h("span.why", { hidden: true });
    const dec = h("button.step-btn", { type: "button", dataset: { testid: `${id}-dec` }, text: "−" });
    const inc = h("button.step-btn", { type: "button", dataset: { testid: `${id}-inc` }, text: "+" });
    bindText(dec, () => t("ctl.decrease", { control: controlLabel(capability, target) }), "aria-label");
    bindText(inc, () => t("ctl.increase", { control: controlLabel(capability, target) }), "aria-label");
    const head = title === "" ? null
      : bindText(h("span.stepper-title"), typeof title === "function" ? title : () => title ?? controlLabel(capability, target));
    const el = h(`div.stepper${compact ? ".compact" : ""}`, { aria: { label } },
      head, h("div.stepper-row", {}, dec, h("span.stepper-readout", {}, value, why), inc));
    const current = () => {
      const p = controlParams(state(), capability, target);
      return p && typeof p[param] === "number" ? p[param] : null;
    };
    bind(el, capability, target, (params, pending) => {
      const v = current();
      value.textContent = formatValue(param, v);
      dec.disabled = pending || v === null || v <= spec.min + 1e-9;
      inc.disabled = pending || v === null || v >= spec.max - 1e-9;
      const hitDec = v === null ? null : gate(capability, target, { [param]: nextValue(v, spec, -1) });
      const hitInc = v === null ? null : gate(capability, target, { [param]: nextValue(v, spec, +1) });
      paintGate(dec, hitDec);
      paintGate(inc, hitInc);
      const hit = hitInc ?? hitDec;
      why.hidden = !hit || PANEL_WIDE.has(hit.code);
      why.textContent = why.hidden ? "" : hit.short;
    });
    const go = (dir) => {
      const v = current();
      if (v === null) return;
      tap(el, capability, target, { [param]: nextValue(v, spec, dir) });
    };
    dec.addEventListener("click", () => go(-1));
    inc.addEventListener("click", () => go(+1));
    return el;
  }

  /** Choice buttons for an enum parameter (ambient colours). */
  function choices(capability, target, param) {
    const spec = parameter(capability, param);
    const el = h("div.choices", { role: "group" });
    bindText(el, () => capabilityLabel(capability), "aria-label");
    const buttons = (spec?.choices ?? []).map((choice) => {
      const b = h("button.choice", { type: "button", dataset: { testid: `ctl-${capability}-${target}-${param}-${choice}`, choice },
        aria: { pressed: "false" } });
      bindText(b, () => t(`color.${choice}`), "aria-label");
      b.addEventListener("click", () => tap(el, capability, target, { [param]: choice }));
      return b;
    });
    el.append(...buttons);
    updaters.push(() => {
      const params = controlParams(state(), capability, target);
      for (const b of buttons) {
        b.setAttribute("aria-pressed", String(params?.[param] === b.dataset.choice));
        b.disabled = el.dataset.pending === "true";
        paintGate(b, gate(capability, target, { [param]: b.dataset.choice }));
      }
    });
    return el;
  }

  /** One big button for a single press (mode.activate, peripheral.trigger). */
  function press(capability, target, label, { inactive = false } = {}) {
    const why = h("span.why", { hidden: true });
    const name = bindText(h("span.press-title"), label);
    const note = inactive ? bindText(h("span.press-note"), () => t("ctl.inactive")) : null;
    const testid = capability === "mode.activate" ? `mode-${target}` : `peripheral-${target}`;
    const el = h("button.press", { type: "button", dataset: { testid, active: String(!inactive) } }, name, note, why);
    updaters.push(() => {
      el.disabled = el.dataset.pending === "true";
      paintGate(el, gate(capability, target, {}), why);
      el.classList.toggle("last-known", !isLive());
    });
    el.addEventListener("click", () => tap(el, capability, target, {}));
    return el;
  }

  /** A plain button that sends fixed parameters (e.g. all windows closed). */
  function action(testid, textKey, capability, target, parameters) {
    const el = h("button.btn.action", { type: "button", dataset: { testid } });
    bindText(el, () => t(textKey));
    updaters.push(() => {
      el.disabled = el.dataset.pending === "true";
      paintGate(el, gate(capability, target, parameters));
    });
    el.addEventListener("click", () => tap(el, capability, target, parameters));
    return el;
  }

  function render() {
    for (const fn of updaters) fn();
  }

  return { toggle, stepper, choices, press, action, unfitted, render, updaters, gate, paintGate };
}
