// The page's words, from the catalog's message table (messages.yaml, section console,
// served by GET /api/v1/catalog). The page keeps no copy of them: before the
// catalog arrives (or with no service at all) a key shows as "…". The
// language follows the conversation: the last reply's `language` (en|zh).

const listeners = new Set();
let table = {};
let language = "en";

export function setMessages(messages) {
  table = messages && typeof messages === "object" ? messages : {};
  refresh();
}

export function setLanguage(lang) {
  const next = lang === "zh" ? "zh" : "en";
  if (next === language) return;
  language = next;
  refresh();
}

export function currentLanguage() {
  return language;
}

export function hasMessages() {
  return Object.keys(table).length > 0;
}

/** The message `key` in the page's language, {placeholders} filled from `vars`. */
export function t(key, vars = {}) {
  const entry = table[key];
  const text = entry ? entry[language] ?? entry.en : null;
  if (typeof text !== "string") return "…";
  return text.replace(/\{([a-z_]+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** True when the table has `key` (optional words, e.g. a refusal reason). */
export function has(key) {
  return Boolean(table[key]);
}

/** A catalog label {en, zh} in the page's language; English starts with a capital. */
export function pick(label, fallback = "") {
  if (!label || typeof label !== "object") return fallback;
  const text = label[language] || label.en || fallback;
  return language === "en" && text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Call `fn` now and whenever the words or the language change. */
export function onWords(fn) {
  listeners.add(fn);
  fn();
  return () => listeners.delete(fn);
}

/** Keep `el`'s text (or an attribute) equal to `fn()` in the current language. */
export function bindText(el, fn, attr = null) {
  let seen = false;
  const stop = onWords(() => {
    if (el.isConnected) seen = true;
    else if (seen) { stop?.(); return; } // removed from the page (an old chat message)
    const value = fn();
    if (attr) el.setAttribute(attr, value);
    else el.textContent = value;
  });
  return el;
}

function refresh() {
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
  document.body.dataset.lang = language;
  for (const fn of [...listeners]) fn();
}
