"""ASK and ANSWER: one short question instead of a guess (DESIGN section 4a).

ASK. A turn ends on a question in two cases, and at most one per turn:

- **clarify** — the parser says what a command lacks (``ParseResult.clarify``:
  a missing control, target or amount, or the consent a hedge or an
  imperative said as a question never gave). Options are complete actions,
  already filtered by the speaker's seat rights. A consent has one option,
  ``yes``, holding every action it is about; the others have one option per
  action, ``1``..``4``. A clarify wins over a confirm.
- **confirm** — the model proposed an action on a control the person never
  mentioned; ``decide()`` held it ``needs_confirmation`` (nothing sent). The
  held actions (at most :data:`MAX_HELD`) leave the Reply's ``actions`` and
  become the question's one option, ``yes``. Offline there is no model, so
  no confirm.

Nothing is sent for a question. It is opened in the session's
:class:`~.questions.QuestionRegistry` for the seat that spoke.

ANSWER. The session's next message is read against the open question
before any other stage: a console tap (``answer``), or words
(:func:`.answers.read_answer`). Only the asking seat counts: a message from
another seat is a new message and leaves the question open for its seat. A
message from the asking seat that is not an answer drops the question and
is a new message. A chosen option's actions go through ``decide()`` and
every gate again on the live state (``source`` ``parser`` for a clarify,
``model`` for a confirm); the audit keeps the question, the answer and
``confirmed: true`` beside each action. "No" moves nothing.
"""

from __future__ import annotations

from typing import Any

from app.executor.wording import speakable
from vehicle.names import control_name
from vehicle.refusals import Reason
from vehicle.safety import StateSnapshot
from vehicle.safety.decision import known_seat

from .answers import DECLINED, Choice, read_answer
from .events import HandledBy, TurnEvent
from .question_words import choose_text, confirm_text, option_labels
from .question_words import say as ask_say
from .questions import NO, YES, Option, Question, new_question_id
from .stages import Handled, TurnContext
from .wording import gap, join, sentences

#: At most this many actions wait in one question (DESIGN section 4a).
MAX_HELD = 4
HELD = Reason.NEEDS_CONFIRMATION.value


def needs_model(parse: Any) -> bool:
    """Does the text hold something only the model can place (a need, an unread piece)?"""
    return bool(getattr(parse, "needs", ()) or getattr(parse, "unplaced", ()))


def _shown(ctx: TurnContext) -> StateSnapshot:
    """The confirmed values, to word a set value as a raise or a lower."""
    return StateSnapshot(None, False, ctx.services.state.controls())


def _complete(raw: dict[str, Any]) -> dict[str, Any]:
    return {
        "capability": raw.get("capability"),
        "target": raw.get("target"),
        "parameters": dict(raw.get("parameters") or {}),
    }


def clarify_question(ctx: TurnContext) -> Question | None:
    """The parser's clarify as a question, or None when there is none (or it offers nothing)."""
    clarify = getattr(ctx.parse, "clarify", None)
    if not isinstance(clarify, dict):
        return None
    actions = [_complete(o) for o in clarify.get("options") or () if isinstance(o, dict) and o.get("capability")]
    if not actions:
        return None
    catalog, lang, shown = ctx.services.catalog, ctx.language, _shown(ctx)
    missing = clarify.get("missing")
    if missing == "consent" or len(actions) == 1:
        yes = Option(YES, ask_say(YES, lang), tuple(actions))
        return _question(ctx, "clarify", confirm_text(catalog, actions, lang, shown), (yes,), "parser", missing)
    actions = actions[:MAX_HELD]
    labels = option_labels(catalog, [[a] for a in actions], lang, shown)
    options = tuple(Option(str(i + 1), label, (a,)) for i, (label, a) in enumerate(zip(labels, actions)))
    return _question(ctx, "clarify", choose_text(labels, lang), options, "parser", missing)


def held_actions(actions: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(actions still reported, actions held for an answer) from a turn's ActionResults.

    An action all of whose members (or which, with none, itself) was held
    leaves the report whole; a group with some members held stays reported
    (its other members' verdicts are real) and its held members are asked
    about one by one. At most :data:`MAX_HELD`; any beyond stay reported.
    """
    kept: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    for a in actions:
        members = a.get("members") or []
        if all(m.get("reason") == HELD for m in members) and (members or a.get("reason") == HELD):
            wanted = _complete(a)
            if wanted in held:
                continue  # the same proposal in two execute calls: asked once
            if len(held) < MAX_HELD:
                held.append(wanted)
                continue
        kept.append(a)
        for m in members:
            if m.get("reason") == HELD and "capability" not in m:  # a group's member, not a mode's step
                wanted = {**_complete(a), "target": m["target"]}
                if wanted not in held and len(held) < MAX_HELD:
                    held.append(wanted)
    return kept, held


def confirm_question(ctx: TurnContext, held: list[dict[str, Any]]) -> Question | None:
    if not held:
        return None
    catalog, lang = ctx.services.catalog, ctx.language
    yes = Option(YES, ask_say(YES, lang), tuple(held))
    return _question(ctx, "confirm", confirm_text(catalog, held, lang, _shown(ctx)), (yes,), "model", None)


def _question(
    ctx: TurnContext, kind: Any, text: str, options: tuple[Option, ...], source: str, missing: Any
) -> Question:
    rt = ctx.services
    return Question(
        id=new_question_id(),
        kind=kind,
        text=speakable(text, ctx.language) if ctx.given.voice else text,
        seat=known_seat(ctx.given.seat),
        options=options,
        expires_at=rt.questions.expiry(),
        language=ctx.language,
        source=source,
        turn_id=ctx.turn.turn_id,
        missing=missing if isinstance(missing, str) else None,
    )


def ask(ctx: TurnContext, handled: Handled, question: Question | None) -> Handled:
    """End the turn on ``question``: open it in the session, say it after the rest."""
    if question is None:
        return handled
    ctx.services.questions.ask(ctx.turn.session_id, question)
    handled.question = question.to_json()
    if handled.streamed:  # the model's words went out as deltas: the question follows them
        ctx.emit(TurnEvent.DELTA, {"text": (gap(ctx.language) if handled.reply_text else "") + question.text})
    handled.reply_text = sentences([handled.reply_text, question.text], ctx.language)
    return handled


def ask_after_model(ctx: TurnContext, handled: Handled) -> Handled:
    """A model turn's question: the parser's clarify, else a confirm of the held actions."""
    kept, held = held_actions(handled.actions)
    clarify = clarify_question(ctx)
    if clarify is not None:
        _not_asked(ctx, handled.actions)
        return ask(ctx, handled, clarify)  # one question per turn: what was said comes first
    handled.actions = kept
    _not_asked(ctx, kept)
    return ask(ctx, handled, confirm_question(ctx, held))


def _not_asked(ctx: TurnContext, actions: list[dict[str, Any]]) -> None:
    """Held actions this turn does not ask about (a clarify came first, or past :data:`MAX_HELD`)
    say so: nothing of them moved, and no answer will move them."""
    zh = ctx.language == "zh"
    for a in actions:
        members = a.get("members") or []
        if all(m.get("reason") == HELD for m in members) and (members or a.get("reason") == HELD):
            what = control_name(ctx.services.catalog, str(a.get("capability")), a.get("target"))[zh]
            a["message"] = ask_say("not_asked", ctx.language, what=what)


# -- ANSWER ----------------------------------------------------------------------
def _tap_choice(question: Question, option: str) -> Choice | None:
    if option == NO:
        return DECLINED
    return Choice("options", (option,)) if question.option(option) is not None else None


async def answer_stage(ctx: TurnContext) -> Handled | None:
    """The open question's answer, or None when this message is to be read as a new one."""
    rt, session = ctx.services, ctx.turn.session_id
    question = rt.questions.open(session)
    tap = ctx.given.answer
    seat = known_seat(ctx.given.seat)
    if question is None or (tap is not None and tap.get("question_id") != question.id) or question.seat != seat:
        # nothing open, another question, or another seat's: a new message (the question stays for its seat);
        # a tap with no words of its own has nothing else to say
        return None if tap is None or ctx.given.text.strip() else _closed(ctx, question)
    choice = (
        _tap_choice(question, str(tap.get("option")))
        if tap is not None
        else read_answer(rt.catalog, question, ctx.given.text, getattr(rt.parser, "control_words", None))
    )
    if choice is None and tap is not None:
        return _closed(ctx, question)  # an option it lacks (the route refuses those first): nothing moves
    if choice is None:
        rt.questions.drop(session)  # not an answer: the question goes, the message is read as usual
        return None
    if rt.questions.take(session, question.id) is None:
        return None  # it expired (or was taken) a moment ago: a new message
    ctx.lang = question.language
    if choice.kind == DECLINED.kind:
        return Handled(HandledBy.LOCAL, [], ask_say("declined", question.language))
    chosen = [a for o in question.options if o.id in choice.option_ids for a in o.actions]
    confirmation = {
        "question": question.audit(),
        "answer": {"options": list(choice.option_ids), "text": ctx.given.text or None, "tap": tap is not None},
    }
    req = ctx.request(
        handled_by=HandledBy.LOCAL,
        direct=[(dict(a), question.source) for a in chosen],
        include_parser=False,
        confirmed=True,
        confirmation=confirmation,
    )
    actions = await rt.bus_runs.actions(req)
    return Handled(HandledBy.LOCAL, actions, join(actions, question.language))


def _closed(ctx: TurnContext, question: Question | None) -> Handled:
    """A tap on a question that closed since the route checked it (or on an option it lacks): nothing moves."""
    if question is not None:
        ctx.lang = question.language
    return Handled(HandledBy.LOCAL, [], ask_say("no_question", ctx.language))


__all__ = ["MAX_HELD", "answer_stage", "ask", "ask_after_model", "clarify_question", "held_actions", "needs_model"]
