// An ActionResult as a chip: status colour and icon, the result's own message
// (the refusal reason's message for a refusal), and the group or mode members
// in a tooltip and, on tap, an expanded list.
import { h } from "./dom.js";
import { STATUS_TEXT, capabilityLabel, targetLabel } from "./labels.js";

const ICONS = {
  applied: "✓",
  unconfirmed: "?",
  rejected: "✕",
  failed: "!",
  already_applied: "=",
  dry_run: "◌",
};

function memberText(m) {
  const what = [m.capability ? capabilityLabel(m.capability) : null, targetLabel(m.target)].filter(Boolean).join(" · ");
  const status = STATUS_TEXT[m.status] || m.status || "";
  return `${what}: ${status}${m.reason ? ` (${m.reason})` : ""}`;
}

function fallbackText(result) {
  const label = capabilityLabel(result.capability);
  const target = result.target && result.target !== "cabin" ? ` ${targetLabel(result.target)}` : "";
  return `${label}${target}`;
}

export function renderChip(result) {
  const status = result?.status || "unknown";
  const members = Array.isArray(result?.members) ? result.members : [];
  const showMembers =
    members.length > 1 ||
    (members.length === 1 && members[0]?.target !== result.target) ||
    (result?.capability === "mode.activate" && members.length > 0);
  // The reply bubble already says the sentence; the chip names the control
  // and its outcome at a glance (the full sentence stays in the tooltip).
  const what = fallbackText(result || {});
  const reason = result?.reason ? ` · ${String(result.reason).replace(/_/g, " ")}` : "";
  const text = `${what} · ${STATUS_TEXT[status] || status}${reason}`;
  const tooltip = [
    result?.message || what,
    `${STATUS_TEXT[status] || status}${result?.reason ? ` — ${result.reason}` : ""}`,
    ...(showMembers ? members.map(memberText) : []),
  ].join("\n");

  const chip = h("button.chip", {
    type: "button",
    title: tooltip,
    aria: { expanded: showMembers ? "false" : null, label: `${STATUS_TEXT[status] || status}: ${text}` },
    dataset: {
      testid: "chip",
      status,
      reason: result?.reason ?? "",
      capability: result?.capability ?? "",
      target: result?.target ?? "",
      source: result?.source ?? "",
    },
  },
  h("span.chip-icon", { "aria-hidden": "true", text: ICONS[status] || "•" }),
  h("span.chip-text", { text }),
  showMembers ? h("span.chip-count", { text: `${members.filter((m) => m.status === "applied").length}/${members.length}` }) : null);

  if (!showMembers) return chip;
  const list = h("ul.chip-members", { hidden: true, dataset: { testid: "chip-members" } },
    ...members.map((m) =>
      h("li.chip-member", {
        dataset: { testid: "chip-member", target: m?.target ?? "", status: m?.status ?? "", reason: m?.reason ?? "" },
      },
      h("span.member-dot", { "aria-hidden": "true" }),
      h("span", { text: memberText(m || {}) }))));
  chip.addEventListener("click", () => {
    list.hidden = !list.hidden;
    chip.setAttribute("aria-expanded", String(!list.hidden));
  });
  return h("div.chip-wrap", { dataset: { status } }, chip, list);
}
