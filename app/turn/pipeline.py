"""One utterance, start to end (DESIGN section 2), in the shape of Home
Assistant's assist pipeline: stages in order, each a typed result.

    PARSE -> ANSWER (the session's open question, if this is its answer: DESIGN section 4a)
          -> REFER ("turn it up" after a change: that change's control, instead of asking)
          -> CANCEL / WITHDRAW ("cancel the timer"; "don't open the sunroof" or "never mind"
             right after a timer: the pending timers it forbids or takes back, app/jobs)
          -> FOLLOW-UP (me too / more / undo against the last acting turn)
          -> QUERY (state questions, answered from confirmed state)
          -> LOCAL (complete parse)
          |  MODEL (assistant up) -> answered    -> LEFTOVERS -> REPLY
          |                       -> interrupted ------------> REPLY
          |                       -> failed early -> OFFLINE -> REPLY
          |  OFFLINE (no assistant) ------------------------> REPLY

A turn may end on one question instead of a guess (ASK, :mod:`.asking`): a
clarify of the parser (asked locally, the model never called when nothing
else needs it), or a confirm of model actions on controls never mentioned.

This module is the only place that chooses the next stage.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

# the module, not its names: app.jobs.turn reads this package's stages (an import cycle)
from app.jobs import turn as job_stages

from .asking import answer_stage, ask, ask_after_model, clarify_question, needs_model
from .events import HandledBy, TurnEvent
from .followup import before_values, follow_up_stage
from .model import ModelAnswered, ModelFailedEarly, ModelInterrupted, assistant_up, model_stage
from .ports import TurnServices
from .queries import only_questions
from .refer import refer_stage
from .registry import ActiveTurn, Emit
from .stages import (
    Handled,
    TurnContext,
    TurnInput,
    leftovers_stage,
    local_stage,
    offline_stage,
    parse_stage,
    query_stage,
    reply_stage,
    threadsafe,
)
from .wording import INTERRUPTED, gap, join, say, sentences

log = logging.getLogger("n7web.turn")


class TurnPipeline:
    """Runs turns; one turn per session at a time (the registry enforces it)."""

    def __init__(self, services: TurnServices) -> None:
        self.services = services

    def begin(self, session_id: str) -> ActiveTurn:
        """Claim the session; raises ``TurnInProgress``."""
        return self.services.turns.begin(session_id)

    async def run(self, turn: ActiveTurn, given: TurnInput, emit: Emit | None) -> dict[str, Any]:
        """Run one turn; ``emit`` gets its events, or None when no one listens
        (a JSON Reply): then no executor thread wakes the event loop to hand
        over an event that nothing reads."""
        rt = self.services
        turn.emit = emit
        on_result: Callable[[dict[str, Any]], None]
        if emit is None:
            emit, on_result = _unheard, _unheard_result
        else:
            on_result = threadsafe(emit, TurnEvent.ACTION_RESULT)
        ctx = TurnContext(rt, turn, given, emit, on_result)
        try:
            await rt.db.start_turn(
                turn.session_id, turn.turn_id, given.client_message_id, given.source, given.text, given.seat
            )
            emit(TurnEvent.STARTED, {"session_id": turn.session_id, "turn_id": turn.turn_id})
            ctx.parse = parse_stage(ctx)
            controls_before = rt.state.controls()
            handled = await self._handle(ctx)
            reply = reply_stage(ctx, handled)
            if reply.get("question") is not None:
                emit(TurnEvent.QUESTION, reply["question"])
            await rt.db.finish_turn(turn.turn_id, reply, before_values(reply, controls_before, rt.catalog))
            emit(TurnEvent.COMPLETED, reply)
            return reply
        finally:
            rt.tokens.end_turn(turn.turn_id)
            rt.turns.end(turn)

    async def _handle(self, ctx: TurnContext) -> Handled:
        answered = await answer_stage(ctx)  # read first, before any other stage (DESIGN section 4a)
        if answered is not None:
            return answered
        await refer_stage(ctx)  # "turn it up" right after a change: that change's control
        cancelled = await job_stages.cancel_stage(ctx)  # "cancel the timer": before the parse acts
        if cancelled is not None:
            return cancelled
        # "don't open the sunroof" / "never mind" right after a timer: cancel it, before the parse acts
        withdrawn = await job_stages.withdraw_stage(ctx)
        if withdrawn is not None and withdrawn.alone:
            return withdrawn.handled()
        followed = await follow_up_stage(ctx)
        if followed is not None:
            return followed
        answers = query_stage(ctx)
        if withdrawn is not None:  # said first, as the answers are: the rest of the turn follows
            answers = sentences([withdrawn.text, answers], ctx.language)
        handled = await self._rest(ctx, answers)
        if withdrawn is not None:
            handled.jobs = withdrawn.jobs + handled.jobs
        return handled

    async def _rest(self, ctx: TurnContext, answers: str) -> Handled:
        """QUERY's answers alone, or LOCAL / MODEL / OFFLINE with the timed commands set beside them."""
        if answers and only_questions(ctx.parse):
            return Handled(HandledBy.LOCAL, [], answers)
        scheduled = await job_stages.schedule_stage(ctx)  # timed commands become jobs (DESIGN section 5a)
        if scheduled is not None and ctx.parse.complete and not ctx.parse.actions:
            handled = Handled(HandledBy.LOCAL)
        else:
            handled = await self._act(ctx, answers)
        handled.prefix = answers
        return job_stages.with_schedule(ctx, handled, scheduled)

    async def _act(self, ctx: TurnContext, answers: str) -> Handled:
        if ctx.parse.clarify is not None and not needs_model(ctx.parse):
            # a clarify is asked locally; what was said plainly beside it runs (docs/http.md)
            handled = await local_stage(ctx) if ctx.parse.actions else Handled(HandledBy.LOCAL)
            return ask(ctx, handled, clarify_question(ctx))
        if ctx.parse.complete:
            return await local_stage(ctx)
        if not assistant_up(ctx):
            return ask(ctx, await offline_stage(ctx, None), clarify_question(ctx))
        if answers:  # said first: the model's words follow
            ctx.emit(TurnEvent.DELTA, {"text": answers})
        outcome = await model_stage(ctx)
        if isinstance(outcome, ModelFailedEarly):
            handled = ask(ctx, await offline_stage(ctx, outcome.error), clarify_question(ctx))
        elif isinstance(outcome, ModelInterrupted):
            handled = _interrupted(ctx, outcome)
        else:
            handled = ask_after_model(ctx, _answered(ctx, outcome, await leftovers_stage(ctx, outcome.executed)))
        handled.prefix_sent = bool(answers)
        return handled


def _unheard(event: str, data: dict[str, Any]) -> None:
    """The events of a turn no one streams."""


def _unheard_result(item: dict[str, Any]) -> None:
    """The action results of a turn no one streams (called in executor threads)."""


def _answered(ctx: TurnContext, outcome: ModelAnswered, leftovers: list[dict[str, Any]]) -> Handled:
    """The model's words, then what it did not say: its own silent actions, leftovers, its error."""
    reply_text = outcome.text
    parts: list[str] = []
    lang = ctx.language
    if not reply_text and outcome.executed:
        parts.append(join(outcome.executed, lang))  # it failed after acting: say what the car did
    parts.append(join(leftovers, lang))
    if outcome.error is not None:
        parts.append(outcome.error.get("message", ""))
    for part in filter(None, parts):
        ctx.emit(TurnEvent.DELTA, {"text": (gap(lang) if reply_text else "") + part})
        reply_text = sentences([reply_text, part], lang)
    return Handled(HandledBy.CODEX, outcome.executed + leftovers, reply_text, outcome.error, streamed=True)


def _interrupted(ctx: TurnContext, outcome: ModelInterrupted) -> Handled:
    """What was done, nothing more."""
    reply_text = outcome.text
    if not reply_text:
        reply_text = say(INTERRUPTED, ctx.language)
        ctx.emit(TurnEvent.DELTA, {"text": reply_text})
    return Handled(HandledBy.CODEX, outcome.executed, reply_text, outcome.error, streamed=True)
