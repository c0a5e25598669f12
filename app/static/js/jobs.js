// Timed commands (DESIGN 5a): the "Timers" tab lists the pending jobs, soonest
// first, each with its local due time, what was said and a cancel button, and
// shows the last one that fired, was refused or was missed. Loaded from
// GET /api/v1/jobs at start and after each reconnect of the event stream, then
// kept from its job.scheduled / job.fired / job.cancelled / job.missed events
// (never polled). Words from the message table (console section, jobs.*).
//
// data-testid: jobs (the page body; data-locked while the car moves), job (one
// pending row: data-id, data-kind, data-due), job-cancel (its button), jobs-empty,
// jobs-locked (the voice hint), job-last (data-id, data-status =
// fired|refused|missed|cancelled).
import { h } from "./dom.js";
import { bindText, onWords, t } from "./i18n.js";

const pending = new Map();
let last = null;
let element = null;
let list = null;
let lastEl = null;
let empty = null;
let api = null;
let locked = false;
let hint = null;

function clock(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });
}

function row(job) {
  const cancel = h("button.btn.btn-danger.job-cancel", { type: "button", dataset: { testid: "job-cancel", id: job.id } });
  bindText(cancel, () => t("jobs.cancel"));
  cancel.addEventListener("click", async () => {
    cancel.disabled = true;
    try {
      apply("job.cancelled", await api.cancelJob(job.id));
    } catch {
      cancel.disabled = false; // the list stays as the service last said; the next event or reload settles it
      reload();
    }
  });
  const kind = job.kind === "restore" ? h("span.job-kind", { text: t("jobs.kind.restore") }) : null;
  return h("li.job", { dataset: { testid: "job", id: job.id, kind: job.kind, due: job.due_at } },
    h("span.job-due.value", { text: clock(job.due_at) }),
    h("span.job-text", {}, kind, h("span", { text: job.utterance })),
    cancel);
}

function render() {
  if (!element) return;
  // while the car moves the list is not for reading (DESIGN 6a): a voice hint instead
  element.dataset.locked = String(locked);
  hint.hidden = !locked;
  list.hidden = locked;
  if (locked) {
    empty.hidden = true;
    lastEl.hidden = true;
    return;
  }
  const jobs = [...pending.values()].sort((a, b) => a.due_at.localeCompare(b.due_at));
  list.replaceChildren(...jobs.map(row));
  empty.hidden = jobs.length > 0;
  lastEl.hidden = last === null;
  if (last) {
    lastEl.dataset.id = last.id;
    lastEl.dataset.status = last.status;
    const words = last.message || last.utterance;
    lastEl.textContent = `${t(`jobs.status.${last.status}`)} · ${clock(last.fired_at || last.due_at)} · ${words}`;
  }
}

/** The car moves (or stops): the list gives way to a voice hint. */
export function setLocked(value) {
  if (locked === Boolean(value)) return;
  locked = Boolean(value);
  render();
}

/** One job.* event (or a DELETE's answer): the list follows it. */
export function apply(name, job) {
  if (!job || typeof job.id !== "string") return;
  if (name === "job.scheduled" && job.status === "pending") {
    pending.set(job.id, job);
  } else if (name !== "job.scheduled") {
    pending.delete(job.id);
    last = job;
  }
  render();
}

/** The whole list again (at start, after a reconnect: events may have been missed). */
export async function reload() {
  if (!api) return;
  try {
    const body = await api.getJobs();
    pending.clear();
    for (const job of body.jobs ?? []) if (job.status === "pending") pending.set(job.id, job);
    const ended = (body.jobs ?? []).filter((j) => j.status !== "pending");
    if (ended.length && (last === null || ended[0].id !== last.id)) last = ended[0];
    render();
  } catch { /* unreachable: the page's banner says so; the list stays as it was */ }
}

/** The tab's page body (one element for the page's life). */
export function jobsPage(httpApi) {
  api = httpApi;
  if (element) return element;
  list = h("ol.job-list", { dataset: { testid: "jobs-list" } });
  empty = bindText(h("p.jobs-empty", { dataset: { testid: "jobs-empty" } }), () => t("jobs.none"));
  lastEl = h("p.job-last", { dataset: { testid: "job-last" }, role: "status", hidden: true });
  hint = bindText(h("p.jobs-hint", { dataset: { testid: "jobs-locked" }, hidden: true }), () => t("jobs.locked"));
  element = h("div.jobs", { dataset: { testid: "jobs" } },
    bindText(h("h3.group-title"), () => t("jobs.title")), list, empty, lastEl, hint);
  onWords(render);
  reload();
  return element;
}
