// An ActionResult as a chip: status colour and icon, the control and its
// outcome in the page's language (words from the catalog), and for a group
// or mode its members (tooltip, and a list a tap opens while parked).
import { h } from "./dom.js";
import { controlLabel } from "./catalog.js";
import { bindText, has, t } from "./i18n.js";

const ICONS = { applied: "✓", unconfirmed: "?", rejected: "✕", failed: "!", already_applied: "=", dry_run: "◌" };

function statusText(status) {
  return has(`status.${status}`) ? t(`status.${status}`) : status || "";
}

function reasonText(reason) {
  if (!reason) return "";
  return has(`reason.${reason}`) ? t(`reason.${reason}`) : t("reason.other");
}

function memberText(m, parent) {
  const what = controlLabel(m.capability || parent.capability, m.target);
  const why = reasonText(m.reason);
  return `${what}: ${statusText(m.status)}${why ? ` (${why})` : ""}`;
}

/** `locked()` is true while the car moves: the member list (reading a list) stays shut. */
export function renderChip(result, { locked = () => false } = {}) {
  const r = result && typeof result === "object" ? result : {};
  const status = r.status || "unknown";
  const members = Array.isArray(r.members) ? r.members : [];
  const showMembers = members.length > 1 || (members.length === 1 && members[0]?.target !== r.target)
    || (r.capability === "mode.activate" && members.length > 0);
  const text = () => {
    const why = reasonText(r.reason);
    return [controlLabel(r.capability, r.target), statusText(status), why].filter(Boolean).join(" · ");
  };
  const chip = h(showMembers ? "button.chip" : "div.chip", {
    type: showMembers ? "button" : null,
    aria: { expanded: showMembers ? "false" : null },
    dataset: { testid: "chip", status, reason: r.reason ?? "", capability: r.capability ?? "",
      target: r.target ?? "", source: r.source ?? "" },
  },
  h("span.chip-icon", { "aria-hidden": "true", text: ICONS[status] || "•" }),
  bindText(h("span.chip-text"), text),
  showMembers ? h("span.chip-count", { text: `${members.filter((m) => m.status === "applied").length}/${members.length}` }) : null);
  bindText(chip, () => [r.message || text(), ...(showMembers ? members.map((m) => memberText(m || {}, r)) : [])].join("\n"), "title");
  if (!showMembers) return chip;
  const list = h("ul.chip-members", { hidden: true, dataset: { testid: "chip-members" } },
    ...members.map((m) => h("li.chip-member", {
      dataset: { testid: "chip-member", target: m?.target ?? "", status: m?.status ?? "", reason: m?.reason ?? "" },
    }, h("span.member-dot", { "aria-hidden": "true" }), bindText(h("span"), () => memberText(m || {}, r)))));
  chip.addEventListener("click", () => {
    if (locked() && list.hidden) return;
    list.hidden = !list.hidden;
    chip.setAttribute("aria-expanded", String(!list.hidden));
  });
  return h("div.chip-wrap", { dataset: { status } }, chip, list);
}
