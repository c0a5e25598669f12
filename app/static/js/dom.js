// Tiny DOM helpers. Text from the service (replies, messages, labels) is
// untrusted: it only ever goes into textContent / attributes, never innerHTML.

/**
 * h("button.btn", {type: "button", dataset: {testid: "x"}, onclick}, "text", child)
 * Attributes starting with "on" are listeners; `dataset` maps to data-*;
 * `aria` maps to aria-*; null/undefined/false attributes are skipped.
 */
export function h(tagSpec, attrs = {}, ...children) {
  const [tag, ...classes] = tagSpec.split(".");
  const el = document.createElement(tag || "div");
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) el.dataset[k] = String(v);
    } else if (key === "aria") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) el.setAttribute(`aria-${k}`, String(v));
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = [el.className, value].filter(Boolean).join(" ");
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Set data-testid (kept apart so every test id is greppable as `testid(`). */
export function testid(el, id) {
  el.dataset.testid = id;
  return el;
}

/** A random id for client_message_id (crypto.randomUUID needs a secure context). */
export function randomId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
