// The chat column: one session (its id kept in localStorage), history after a
// reload, turns streamed as SSE over fetch, an interrupt button while a turn
// runs, and each ActionResult as a chip.
import { h, randomId } from "./dom.js";
import { ApiError } from "./api.js";
import { renderChip } from "./chips.js";
import { bindText, setLanguage, t } from "./i18n.js";
import { createQuestion } from "./question.js";

const SESSION_KEY = "n7web.console.session_id";
const SUGGESTIONS = ["chat.suggestion.1", "chat.suggestion.2", "chat.suggestion.3"];

function storedSession() {
  try { return localStorage.getItem(SESSION_KEY); } catch { return null; }
}
function storeSession(id, demo = false) {
  if (demo) return;
  try {
    if (id) localStorage.setItem(SESSION_KEY, id);
    else localStorage.removeItem(SESSION_KEY);
  } catch { /* private mode: the session lives for this page only */ }
}

/** The stored turns, in whatever list shape the service answers, as messages. */
export function historyToMessages(body) {
  const list = Array.isArray(body) ? body
    : body?.turns ?? body?.messages ?? body?.items ?? body?.history ?? [];
  if (!Array.isArray(list)) return [];
  const stamp = (x) => Date.parse(x?.time ?? x?.created_at ?? x?.started_at ?? "") || null;
  const items = list.every((x) => stamp(x) !== null) ? [...list].sort((a, b) => stamp(a) - stamp(b)) : list;
  const out = [];
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    if (item.role === "user" || item.role === "assistant") {
      out.push({ role: item.role, text: item.text ?? item.content ?? "", actions: item.actions ?? [],
        turnId: item.turn_id, clientMessageId: item.client_message_id, handledBy: item.handled_by,
        assistantError: item.assistant_error });
      continue;
    }
    const reply = item.reply && typeof item.reply === "object" ? item.reply : item;
    const userText = item.text ?? item.utterance ?? item.user_text ?? item.request?.text ?? item.message?.text;
    if (typeof userText === "string" && userText) {
      out.push({ role: "user", text: userText, turnId: item.turn_id ?? reply.turn_id,
        clientMessageId: item.client_message_id ?? reply.client_message_id });
    }
    if (typeof reply.reply_text === "string" || (Array.isArray(reply.actions) && reply.actions.length)) {
      out.push({ role: "assistant", text: reply.reply_text ?? "", actions: reply.actions ?? [],
        turnId: reply.turn_id ?? item.turn_id, clientMessageId: reply.client_message_id ?? item.client_message_id,
        handledBy: reply.handled_by, assistantError: reply.assistant_error, status: reply.status,
        language: reply.language, question: reply.question ?? null });
    } else if (item.error && typeof item.error === "object") {
      out.push({ role: "error", text: item.error.message || item.error.code || t("chat.turn_failed") });
    }
  }
  return out;
}

export function createChat({ api, elements }) {
  const { log, input, send, interrupt, newChat, form, suggestions, driveHint } = elements;
  let locked = false; // the car moves: no typing, no list reading
  // The demo keeps its own (fake) session apart from the real one.
  let sessionId = api.demo ? "demo-session" : storedSession();
  let busy = false;
  let current = null; // {sessionId, turnId} of the running turn
  // The question a turn ended on (DESIGN 4a): a tap answers it as a turn of its own.
  const question = createQuestion({
    before: form,
    answer: (asked, option, label) => {
      if (busy) return;
      const clientMessageId = randomId();
      const userMsg = messageEl("user", { text: label, clientMessageId });
      runTurn("", clientMessageId, userMsg, { answer: { question_id: asked.id, option } });
    },
  });

  // ---- rendering ------------------------------------------------------------------
  function nearBottom() {
    return log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  }
  function scrollDown(force = false) {
    if (force || nearBottom()) log.scrollTop = log.scrollHeight;
  }

  function messageEl(role, { text = "", turnId, clientMessageId, streaming = false } = {}) {
    const textEl = h("div.msg-text", { dataset: { testid: "msg-text" }, text });
    const chips = h("div.chips");
    const meta = h("div.msg-meta");
    const li = h(`li.msg.msg-${role}`, {
      dataset: { testid: "msg", role, turnId, clientMessageId, streaming: String(streaming) },
    }, textEl, chips, meta);
    log.append(li);
    refreshSuggestions();
    return {
      li, textEl, chips, meta, resultKeys: new Map(),
      setTurn(id) { if (id) li.dataset.turnId = id; },
    };
  }

  function addChip(msg, result) {
    if (!result || typeof result !== "object") return;
    const key = JSON.stringify([result.capability, result.target, result.parameters]);
    const chip = renderChip(result, { locked: () => locked });
    const old = msg.resultKeys.get(key);
    if (old) old.replaceWith(chip);
    else msg.chips.append(chip);
    msg.resultKeys.set(key, chip);
  }

  function finishAssistant(msg, reply) {
    msg.li.dataset.streaming = "false";
    if (!reply || typeof reply !== "object") return;
    msg.setTurn(reply.turn_id);
    if (typeof reply.reply_text === "string" && reply.reply_text) msg.textEl.textContent = reply.reply_text;
    if (Array.isArray(reply.actions)) {
      msg.chips.replaceChildren();
      msg.resultKeys.clear();
      for (const r of reply.actions) addChip(msg, r);
    }
    if (reply.handled_by) msg.li.dataset.handledBy = reply.handled_by;
    // The page's words follow the conversation's language.
    if (reply.language === "zh" || reply.language === "en") setLanguage(reply.language);
    if (reply.status) msg.li.dataset.status = reply.status;
    const meta = [];
    if (reply.handled_by) meta.push(bindText(h("span.tag"), () => t(`chat.handled.${reply.handled_by === "codex" ? "codex" : "local"}`)));
    if (reply.assistant_error) {
      // An interrupted turn is the person's own Stop, not an offline assistant.
      const stopped = reply.assistant_error.code === "interrupted";
      meta.push(bindText(h("span.tag.tag-warn", { title: reply.assistant_error.message || reply.assistant_error.code || "" }),
        () => t(stopped ? "chat.stopped" : "chat.assistant_offline")));
    }
    msg.meta.replaceChildren(...meta);
    if (!msg.textEl.textContent && !(reply.actions || []).length) msg.textEl.textContent = t("chat.done");
  }

  function errorMessage(text, retry) {
    const msg = messageEl("error", { text });
    if (retry) {
      msg.meta.append(bindText(h("button.btn.btn-ghost", {
        type: "button", dataset: { testid: "chat-retry" },
        onclick: (e) => { e.currentTarget.remove(); retry(); },
      }), () => t("chat.retry")));
    }
    scrollDown(true);
    return msg;
  }

  function renderHistory(messages) {
    log.replaceChildren();
    for (const m of messages) {
      const msg = messageEl(m.role, { text: m.text, turnId: m.turnId, clientMessageId: m.clientMessageId });
      if (m.role === "assistant") {
        finishAssistant(msg, {
          reply_text: m.text, actions: m.actions, handled_by: m.handledBy,
          assistant_error: m.assistantError, status: m.status, turn_id: m.turnId, language: m.language,
        });
      }
    }
    const last = messages[messages.length - 1];
    if (last?.role === "assistant" && last.question) question.show(last.question); // expired ones stay hidden
    else question.clear();
    refreshSuggestions();
    scrollDown(true);
  }

  function refreshSuggestions() {
    suggestions.hidden = locked || log.children.length > 0;
  }
  suggestions.replaceChildren(...SUGGESTIONS.map((key) => {
    const b = h("button.btn.suggestion", { type: "button", dataset: { testid: "chat-suggestion" } });
    b.addEventListener("click", () => submit(t(key)));
    return bindText(b, () => t(key));
  }));

  function setBusy(value) {
    busy = value;
    log.dataset.busy = String(value);
    send.hidden = value;
    interrupt.hidden = !value;
    interrupt.disabled = false;
  }

  /** While the car moves, typing and list reading are off; a voice hint says so. */
  function setLocked(value) {
    if (value === locked) return;
    locked = value;
    input.disabled = value;
    send.disabled = value;
    form.dataset.locked = String(value);
    driveHint.hidden = !value;
    if (value) {
      input.blur();
      for (const list of log.querySelectorAll('[data-testid="chip-members"]')) list.hidden = true;
    }
    refreshSuggestions();
  }
  bindText(driveHint, () => t("drive.locked"));
  bindText(input, () => t("chat.placeholder"), "placeholder");
  bindText(input, () => t("chat.placeholder"), "aria-label");

  // ---- session --------------------------------------------------------------------
  async function newSession() {
    const body = await api.createSession();
    if (!body || typeof body.session_id !== "string") throw new ApiError(0, "bad_response", t("error.no_session"));
    sessionId = body.session_id;
    storeSession(sessionId, api.demo);
    return sessionId;
  }

  async function restore() {
    try {
      if (!sessionId) {
        await newSession();
        renderHistory([]);
        return;
      }
      try {
        renderHistory(historyToMessages(await api.getHistory(sessionId, 50)));
      } catch (err) {
        if (err instanceof ApiError && (err.code === "unknown_session" || err.status === 404)) {
          await newSession();
          renderHistory([]);
        } else {
          throw err;
        }
      }
    } catch (err) {
      log.replaceChildren();
      errorMessage(t("chat.unavailable", { error: err.message }), () => restore());
    }
  }

  // ---- a turn ------------------------------------------------------------------------
  async function runTurn(text, clientMessageId, userMsg, { retried = false, answer = null } = {}) {
    setBusy(true);
    question.clear(); // any new message is read against the open question first, then it is gone
    const assistant = messageEl("assistant", { clientMessageId, streaming: true });
    assistant.li.classList.add("pending");
    scrollDown(true);
    let terminal = false;
    try {
      if (!sessionId) await newSession();
      current = { sessionId, turnId: null };
      const body = { text, source: "console", client_message_id: clientMessageId, ...(answer ? { answer } : {}) };
      await api.sendMessage(sessionId, body, (name, data) => {
        switch (name) {
          case "turn.started":
            current.turnId = data?.turn_id ?? null;
            assistant.setTurn(data?.turn_id);
            userMsg.setTurn(data?.turn_id);
            break;
          case "assistant.delta":
            if (data && typeof data.text === "string") {
              assistant.li.classList.remove("pending");
              assistant.textEl.textContent += data.text;
            }
            break;
          case "action.result":
            assistant.li.classList.remove("pending");
            addChip(assistant, data);
            break;
          case "turn.question":
            question.show(data);
            break;
          case "turn.completed":
            terminal = true;
            assistant.li.classList.remove("pending");
            finishAssistant(assistant, data);
            scrollDown(true);
            break;
          case "error":
            terminal = true;
            assistant.li.classList.remove("pending");
            assistant.li.dataset.streaming = "false";
            if (!assistant.textEl.textContent && !assistant.chips.children.length) assistant.li.remove();
            errorMessage(data?.message || data?.code || t("chat.turn_failed"));
            break;
          default:
            break;
        }
        scrollDown();
      });
      if (!terminal) {
        assistant.li.dataset.streaming = "false";
        assistant.li.classList.remove("pending");
        errorMessage(t("chat.connection_ended"),
          () => resend(text, clientMessageId, assistant));
      }
    } catch (err) {
      assistant.li.remove();
      if (err instanceof ApiError && err.code === "unknown_session" && !retried) {
        sessionId = null;
        storeSession(null, api.demo);
        setBusy(false);
        return await runTurn(text, clientMessageId, userMsg, { retried: true, answer });
      }
      if (err instanceof ApiError && err.code === "turn_in_progress") {
        errorMessage(t("chat.turn_in_progress"));
      } else {
        errorMessage(err.message || t("chat.send_failed"), () => resend(text, clientMessageId));
      }
    } finally {
      current = null;
      setBusy(false);
    }
    return undefined;
  }

  function resend(text, clientMessageId, stale) {
    if (busy) return;
    stale?.li.remove();
    const userMsg = { setTurn() {} };
    runTurn(text, clientMessageId, userMsg);
  }

  function submit(raw) {
    const text = (raw ?? input.value).trim();
    if (!text || busy || locked) return;
    input.value = "";
    const clientMessageId = randomId();
    const userMsg = messageEl("user", { text, clientMessageId });
    runTurn(text, clientMessageId, userMsg);
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    submit();
  });
  interrupt.addEventListener("click", async () => {
    if (!current) return;
    interrupt.disabled = true;
    try {
      await api.interrupt(current.sessionId);
    } catch (err) {
      errorMessage(t("chat.stop_failed", { error: err.message }));
      interrupt.disabled = false;
    }
  });
  newChat.addEventListener("click", async () => {
    if (busy) return;
    try {
      await newSession();
      renderHistory([]);
      input.focus();
    } catch (err) {
      errorMessage(t("chat.new_failed", { error: err.message }));
    }
  });

  return { restore, submit, setLocked };
}
