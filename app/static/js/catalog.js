// The catalog view (GET /api/v1/catalog): what the panel is built from.
// Labels, fitted members, parameter ranges and steps, groups, modes,
// peripherals and the interlocks all come from here; the page keeps no copy.
// The last view is cached in localStorage so a reload while the service is
// down still has its words.
import { pick } from "./i18n.js";

const CACHE_KEY = "n7web.console.catalog";
let view = null;

export function setCatalog(body) {
  if (!body || typeof body !== "object" || !body.capabilities) return false;
  view = body;
  try { localStorage.setItem(CACHE_KEY, JSON.stringify(body)); } catch { /* private mode */ }
  return true;
}

export function cachedCatalog() {
  try { return JSON.parse(localStorage.getItem(CACHE_KEY) || "null"); } catch { return null; }
}

export function catalog() {
  return view;
}

export function capability(id) {
  return view?.capabilities?.[id] ?? null;
}

export function capabilityLabel(id) {
  return pick(capability(id)?.label, id || "");
}

export function targetLabel(id) {
  if (id === null || id === undefined) return "";
  const label = view?.targets?.[id] ?? view?.modes?.[id]?.label ?? view?.peripherals?.[id]?.label;
  return pick(label, String(id));
}

/** "<capability> · <target>" labels; a mode or learned button by its own name; no target word for the cabin. */
export function controlLabel(cap, target) {
  const type = capability(cap)?.target_type;
  if ((type === "mode" || type === "peripheral") && target) return targetLabel(target);
  const what = capabilityLabel(cap);
  const where = target && target !== "cabin" ? targetLabel(target) : "";
  return where ? `${what} · ${where}` : what;
}

/** The physical members of a capability's target type, fitted or not (catalog order). */
export function members(cap) {
  return capability(cap)?.members ?? [];
}

export function fitted(cap, target) {
  return Boolean(capability(cap)?.fitted?.includes(target));
}

/** A parameter's spec: {type, min, max, step, choices}. */
export function parameter(cap, name) {
  return capability(cap)?.parameters?.[name] ?? null;
}

export function modes() {
  return Object.entries(view?.modes ?? {}).map(([id, m]) => ({ id, label: m.label, requires: m.requires ?? {} }));
}

export function peripherals() {
  return Object.entries(view?.peripherals ?? {}).map(([id, p]) => ({ id, label: p.label, active: p.active !== false }));
}

export function interlocks() {
  return view?.gates?.interlocks ?? [];
}
