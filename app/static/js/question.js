// A question the assistant asked instead of guessing (DESIGN 4a, 6a): shown
// above the composer as large single-tap buttons (one per option, and "No"),
// with its expiry counting down. A tap posts {"answer": {question_id, option}}
// through the chat (so the answer and its reply appear as a turn); nothing
// moves until then. Single taps stay usable while the car moves (only typing
// and list reading are locked). Words from the message table (console
// section, question.*); option labels and the question's text come from the
// service, in the conversation's language.
//
// data-testid: question (the card: data-id, data-kind, data-expires),
// question-text, question-option (data-option), question-no, question-expiry.
import { h } from "./dom.js";
import { bindText, t } from "./i18n.js";

/**
 * createQuestion({ before, answer }): the card goes into the page just before
 * `before`; answer(question, optionId, label) is called on a tap.
 * Returns { show(question), clear() }.
 */
export function createQuestion({ before, answer }) {
  const text = h("p.question-text", { dataset: { testid: "question-text" } });
  const options = h("div.question-options");
  const expiry = h("span.question-expiry", { dataset: { testid: "question-expiry" } });
  const card = h("section.question", { dataset: { testid: "question" }, hidden: true, role: "dialog" },
    h("div.question-head", {}, bindText(h("span.question-title"), () => t("question.title")), expiry), text, options);
  before.before(card);
  let current = null;
  let timer = null;

  function left() {
    const at = Date.parse(current?.expires_at ?? "");
    return Number.isNaN(at) ? 0 : Math.ceil((at - Date.now()) / 1000);
  }

  function tick() {
    if (!current) return;
    const seconds = left();
    if (seconds <= 0) {
      clear(); // expired: the service would read a late tap as closed; nothing to offer
      return;
    }
    expiry.textContent = t("question.expires", { seconds });
  }

  function button(label, option, testid, kind) {
    const b = h(`button.btn.question-btn.${kind}`, { type: "button", dataset: { testid, option } });
    b.textContent = label;
    b.addEventListener("click", () => {
      if (!current) return;
      const asked = current;
      clear();
      answer(asked, option, label);
    });
    return b;
  }

  function show(question) {
    if (!question || typeof question !== "object" || !Array.isArray(question.options)) return;
    current = question;
    if (left() <= 0) {
      clear();
      return;
    }
    card.dataset.id = question.id;
    card.dataset.kind = question.kind;
    card.dataset.expires = question.expires_at;
    text.textContent = question.text || "";
    const buttons = question.options.map((o) => button(o.label || o.id, o.id, "question-option", "btn-primary"));
    buttons.push(button(t("question.no"), "no", "question-no", "btn-ghost"));
    options.replaceChildren(...buttons);
    card.hidden = false;
    tick();
    clearInterval(timer);
    timer = setInterval(tick, 250);
  }

  function clear() {
    current = null;
    clearInterval(timer);
    timer = null;
    card.hidden = true;
    options.replaceChildren();
  }

  return { show, clear };
}
