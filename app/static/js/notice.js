// The panel's answer line (data-testid="panel-result"): the last tap's
// ActionResult, error, or why a control is unavailable right now; shown for
// a few seconds (refusals longer).
import { has, t } from "./i18n.js";

let hideTimer = null;

export function showResult({ status, reason = null, message }) {
  const el = document.querySelector('[data-testid="panel-result"]');
  if (!el) return;
  el.dataset.status = status || "";
  el.dataset.reason = reason || "";
  el.replaceChildren();
  const text = document.createElement("span");
  text.textContent = message || "";
  if (status && status !== "unavailable") {
    const tag = document.createElement("strong");
    tag.textContent = has(`status.${status}`) ? t(`status.${status}`) : status;
    el.append(tag);
  }
  el.append(text);
  el.hidden = false;
  el.classList.remove("fade");
  clearTimeout(hideTimer);
  const good = status === "applied" || status === "already_applied" || status === "dry_run";
  hideTimer = setTimeout(() => el.classList.add("fade"), good ? 3500 : 8000);
}
