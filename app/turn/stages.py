"""The pipeline's stages other than the model: PARSE, LOCAL, OFFLINE,
LEFTOVERS and REPLY. Each takes the turn's context and returns a typed
result; none decides what runs next (``pipeline.py`` does, in one place).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.executor import Ledger
from app.executor.wording import speakable
from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE
from vehicle.safety import ActionStatus, overall_status

from .events import HandledBy, TurnEvent
from .execution import make_request
from .ports import TurnServices
from .queries import answer as answer_queries
from .registry import ActiveTurn, Emit
from .wording import LEFT_ALONE, NEED_INTRO, OFFLINE, UNPLACED, UNPLACED_SAID, gap, join, listed, say, sentences


@dataclass(frozen=True)
class TurnInput:
    text: str
    source: str = "console"
    client_message_id: str | None = None
    seat: str | None = None
    answer: dict[str, str] | None = None
    """A console tap answering the session's open question: ``{"question_id", "option"}`` (DESIGN section 4a)."""

    @property
    def voice(self) -> bool:
        return self.source == "voice"


@dataclass
class TurnContext:
    """One turn's inputs and outlets, handed to every stage."""

    services: TurnServices
    turn: ActiveTurn
    given: TurnInput
    emit: Emit
    on_result: Callable[[dict[str, Any]], None]
    parse: Any = None
    lang: str | None = None
    """The reply's language when the words do not tell it (a tap answering a question: the question's)."""

    @property
    def language(self) -> str:
        if self.lang is not None:
            return self.lang
        return self.parse.language if self.parse is not None else "en"

    def request(self, *, handled_by: HandledBy, ledger: Ledger | None = None, **kw: Any) -> Any:
        return make_request(
            ledger=ledger or Ledger(),
            language=self.language,
            voice=self.given.voice,
            parse=self.parse,
            session_id=self.turn.session_id,
            turn_id=self.turn.turn_id,
            utterance=self.given.text,
            handled_by=str(handled_by),
            on_result=self.on_result,
            seat=self.given.seat,
            **kw,
        )


@dataclass
class Handled:
    """What a turn did and said, before the Reply is assembled."""

    handled_by: HandledBy
    actions: list[dict[str, Any]] = field(default_factory=list)
    reply_text: str = ""
    assistant_error: dict[str, Any] | None = None
    question: dict[str, Any] | None = None
    """The question the turn ends on (DESIGN section 4a; opened in the session by the pipeline)."""
    streamed: bool = False
    """True when the text already went out as deltas (model turns)."""
    prefix: str = ""
    """Local answers to state questions, said before the rest."""
    prefix_sent: bool = False
    """True when ``prefix`` already went out as a delta."""
    jobs: list[dict[str, Any]] = field(default_factory=list)
    """Timed commands the turn set or cancelled (the Reply's ``jobs``; app/jobs)."""


def parse_stage(ctx: TurnContext) -> Any:
    """PARSE: the deterministic parser, told the speaker's seat ("my window")."""
    return ctx.services.parser.parse(ctx.given.text, seat=ctx.given.seat)


def query_stage(ctx: TurnContext) -> str:
    """QUERY: answers to state questions from confirmed state ("" when none was asked)."""
    if not ctx.parse.queries:
        return ""
    return answer_queries(ctx.parse.queries, ctx.services.catalog, ctx.services.state.snapshot(), ctx.language)


async def local_stage(ctx: TurnContext) -> Handled:
    """LOCAL: a complete parse runs at once; no model."""
    actions = await ctx.services.bus_runs.actions(ctx.request(handled_by=HandledBy.LOCAL))
    return Handled(HandledBy.LOCAL, actions, join(actions, ctx.language))


async def offline_stage(ctx: TurnContext, assistant_error: dict[str, Any] | None) -> Handled:
    """OFFLINE: resolved actions run, needs run their offline plan, the rest is said honestly."""
    rt, parse, lang = ctx.services, ctx.parse, ctx.language
    direct = [(step.model_dump(), "catalog") for need in parse.needs for step in rt.catalog.needs[need].offline_plan]
    actions: list[dict[str, Any]] = []
    if parse.actions or direct:
        actions = await rt.bus_runs.actions(ctx.request(handled_by=HandledBy.LOCAL, direct=direct))
    # The plan is announced only when something of it ran: a seat that may
    # operate none of its steps (a voice from outside) hears no promise.
    ran_plan = any(a.get("source") == "catalog" for a in actions)
    parts = [say(NEED_INTRO, lang, need=rt.catalog.needs[n].label.get(lang)) for n in parse.needs] if ran_plan else []
    if actions:
        parts.append(join(actions, lang))
    if not parse.needs or not ran_plan:
        unplaced = _unplaced(ctx, actions)
        left_alone = _left_alone(ctx) if not actions and not unplaced and not parse.queries else []
        if unplaced:
            parts.append(say(UNPLACED, lang, what=listed(unplaced, lang)))
        if parse.unplaced:
            parts.append(say(UNPLACED_SAID, lang, what=listed(_quoted(parse.unplaced, lang), lang)))
        if left_alone:
            parts.append(say(LEFT_ALONE, lang, what=listed(left_alone, lang)))
        parts.append(say(OFFLINE, lang))
    return Handled(HandledBy.LOCAL, actions, sentences(parts, lang), assistant_error)


#: The most unplaced pieces a reply quotes, and the longest piece quoted whole.
QUOTED_PIECES, QUOTED_CHARS = 3, 40


def _quoted(pieces: tuple[str, ...], lang: str) -> list[str]:
    """The first few unplaced pieces in quotation marks, each cut short if long."""
    left, right = ("“", "”") if lang == "zh" else ('"', '"')
    out = []
    for piece in pieces[:QUOTED_PIECES]:
        text = piece if len(piece) <= QUOTED_CHARS else piece[: QUOTED_CHARS - 1] + "…"
        out.append(f"{left}{text}{right}")
    return out


def _left_alone(ctx: TurnContext) -> list[str]:
    """Labels of the controls the text only held or forbade ("open the tailgate,
    never mind"): offline, the honest answer is that they stay as they are."""
    catalog, lang = ctx.services.catalog, ctx.language
    if any(m.said == "command" for m in ctx.parse.mentions):
        return []
    out: list[str] = []
    for mention in ctx.parse.negated:
        cap = catalog.capabilities.get(mention.capability)
        if cap is None:
            continue
        if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE) and mention.target:
            label = catalog.target_label(
                mention.capability, mention.target, lang
            )  # "garage door", not "learned button"
        else:
            label = catalog.capability_label(catalog.control(mention.capability), lang)
        if label not in out:
            out.append(label)
    return out


def _unplaced(ctx: TurnContext, actions: list[dict[str, Any]]) -> list[str]:
    """Labels of the controls the person commanded that no resolved action covers."""
    catalog, lang = ctx.services.catalog, ctx.language
    done = {catalog.control(a["capability"]) for a in actions if a["capability"] in catalog.capabilities}
    done |= {catalog.control(a.capability) for a in ctx.parse.actions if a.capability in catalog.capabilities}
    out: list[str] = []
    for mention in ctx.parse.mentions:
        if mention.said != "command" or mention.capability not in catalog.capabilities:
            continue
        control = catalog.control(mention.capability)
        label = catalog.capability_label(control, lang)
        if control not in done and label not in out:
            out.append(label)
    return out


async def leftovers_stage(ctx: TurnContext, executed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """LEFTOVERS: the parser's resolved actions that no execute call decided.

    Runs after the token is closed, on the turn's ledger, with
    ``skip_consumed_parser`` (never retry what an execute call decided).
    """
    if not ctx.parse.actions:
        return []
    req = ctx.request(handled_by=HandledBy.CODEX, ledger=ctx.turn.ledger, skip_consumed_parser=True)
    covered = {(a["capability"], a["target"]) for a in executed}
    return [a for a in await ctx.services.bus_runs.actions(req) if (a["capability"], a["target"]) not in covered]


def reply_status(actions: list[dict[str, Any]]) -> ActionStatus:
    """The Reply's status from its ActionResults (the one rule: :func:`vehicle.safety.overall_status`)."""
    return overall_status([(a["status"], [m["status"] for m in a["members"]]) for a in actions], reply=True)


def reply_stage(ctx: TurnContext, handled: Handled) -> dict[str, Any]:
    """REPLY: the Reply of DESIGN section 6, speakable for voice."""
    text = handled.reply_text
    if ctx.given.voice:
        text = speakable(text, ctx.language)
    if not handled.streamed:
        ctx.emit(TurnEvent.DELTA, {"text": (gap(ctx.language) if handled.prefix_sent else "") + text})
    if handled.prefix:
        prefix = speakable(handled.prefix, ctx.language) if ctx.given.voice else handled.prefix
        text = sentences([prefix, text], ctx.language)
    return {
        "session_id": ctx.turn.session_id,
        "turn_id": ctx.turn.turn_id,
        "client_message_id": ctx.given.client_message_id,
        "language": ctx.language,
        "handled_by": str(handled.handled_by),
        "status": asked_status(handled) or reply_status(handled.actions).value,
        "reply_text": text,
        "actions": handled.actions,
        "assistant_error": handled.assistant_error,
        "question": handled.question,
        "jobs": handled.jobs,
    }


def asked_status(handled: Handled) -> str | None:
    """``asked`` when the turn ends on a question and nothing of it reached the car."""
    if handled.question is None:
        return None
    moved = {ActionStatus.APPLIED, ActionStatus.UNCONFIRMED, ActionStatus.DRY_RUN}
    if any(
        a.get("status") in moved or any(m.get("status") in moved for m in a.get("members", ())) for a in handled.actions
    ):
        return None
    return "asked"


def threadsafe(emit: Emit, event: str) -> Callable[[dict[str, Any]], None]:
    """An emitter callable from executor threads."""
    loop = asyncio.get_running_loop()

    def send(data: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(emit, event, data)

    return send
