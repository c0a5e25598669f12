"""MODEL: a turn handed to the assistant (DESIGN section 2, steps 4-7).

The stage issues the turn's request token, starts the Codex turn with the
trusted context (token + confirmed vehicle state), streams the model's text
as deltas, closes the token when the model is done, and returns one of three
typed outcomes; the pipeline decides what follows:

- :class:`ModelAnswered` — the model answered (perhaps with an error after it
  acted): LEFTOVERS run, never the offline path.
- :class:`ModelFailedEarly` — it failed before any execute call: OFFLINE
  answers the same utterance.
- :class:`ModelInterrupted` — the interrupt route revoked the token: nothing
  more is sent, what execute calls did is reported, never reverted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.executor.wording import speakable

from .events import TurnError, TurnEvent
from .stages import TurnContext


@dataclass(frozen=True)
class ModelAnswered:
    text: str
    executed: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, Any] | None = None


@dataclass(frozen=True)
class ModelFailedEarly:
    error: dict[str, Any]


@dataclass(frozen=True)
class ModelInterrupted:
    text: str
    executed: list[dict[str, Any]] = field(default_factory=list)
    error: dict[str, Any] = field(
        default_factory=lambda: {"code": str(TurnError.INTERRUPTED), "message": "The turn was interrupted."}
    )


ModelOutcome = ModelAnswered | ModelFailedEarly | ModelInterrupted


def assistant_up(ctx: TurnContext) -> bool:
    assistant = ctx.services.assistant
    return assistant is not None and assistant.status().get("mode") == "codex"


async def model_stage(ctx: TurnContext) -> ModelOutcome:
    rt, turn, lang = ctx.services, ctx.turn, ctx.language
    token = rt.tokens.issue(
        turn.session_id, turn.turn_id, ctx.given.text, lang, rt.catalog.generation, seat=ctx.given.seat
    )
    turn.kind = "model"
    context: dict[str, Any] = {"request_token": token, "vehicle_state": rt.state.snapshot()}
    if ctx.given.seat is not None:
        context["seat"] = ctx.given.seat  # trusted: "my window" binds to the speaker's member
    voice = ctx.given.voice

    def on_delta(text: str) -> None:
        ctx.emit(TurnEvent.DELTA, {"text": speakable(text, lang, fragment=True) if voice else text})

    assistant = rt.assistant
    assert assistant is not None  # the pipeline runs the model stage only with an assistant
    outcome = await assistant.run_turn(
        turn.session_id, ctx.given.text, context, on_delta=on_delta, on_tool_call=None, deadline_s=rt.turn_deadline_s
    )
    del context, token
    # False: the token was no longer open, i.e. the interrupt route revoked it
    revoked = not rt.tokens.end_turn(turn.turn_id)
    error = outcome.error
    executed = list(turn.execute_results)
    if revoked or (error is not None and error.get("code") == TurnError.INTERRUPTED):
        if error is not None and error.get("code") == TurnError.INTERRUPTED:
            return ModelInterrupted(outcome.text.strip(), executed, error)
        return ModelInterrupted(outcome.text.strip(), executed)
    if error is not None and not outcome.execute_called and not executed:
        return ModelFailedEarly(error)
    return ModelAnswered(outcome.text.strip(), executed, error)
