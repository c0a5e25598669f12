// The panel's answer line (data-testid="panel-result"): the last tap's
// ActionResult or error, shown for a few seconds (refusals longer).
import { STATUS_TEXT } from "./labels.js";

let hideTimer = null;

export function showResult({ status, reason = null, message }) {
  const el = document.querySelector('[data-testid="panel-result"]');
  if (!el) return;
  el.dataset.status = status || "";
  el.dataset.reason = reason || "";
  el.replaceChildren();
  const tag = document.createElement("strong");
  tag.textContent = STATUS_TEXT[status] || (status === "error" ? "Error" : status || "");
  const text = document.createElement("span");
  text.textContent = message || "";
  el.append(tag, text);
  el.hidden = false;
  el.classList.remove("fade");
  clearTimeout(hideTimer);
  const good = status === "applied" || status === "already_applied" || status === "dry_run";
  hideTimer = setTimeout(() => el.classList.add("fade"), good ? 3500 : 8000);
}
