"""A turn handed to the model (DESIGN section 2, steps 4-7).

The backend issues the turn's request token, starts the Codex turn with the
trusted context (token + confirmed vehicle state), streams the model's text
and the executor's action results, and at the end runs the parser's resolved,
non-negated actions that no execute call covered ("turn on the AC and tell
me a joke" never depends on the model remembering). The token is closed
before those leftovers run, so a late model call cannot race them.

A model turn that fails before any execute call returns ``handled_by:
"local"`` with ``assistant_error`` set: the caller answers by the offline
path. After an execute call it never falls back.

An interrupted turn (the interrupt route revoked its token) sends nothing
more: no leftovers and no offline fallback. The user asked it to stop; what
execute calls already did is reported, never reverted.
"""
from __future__ import annotations

from typing import Any, Callable

from .executor import Request
from .executor.wording import speakable
from .runtime import ActiveTurn, Runtime
from .turns import run_executor

INTERRUPTED = {
    "en": "Stopped as you asked; nothing more was sent to the car.",
    "zh": "已按你的要求停止；没有再向车辆发送任何操作。",
}


async def run_model_turn(rt: Runtime, turn: ActiveTurn, parse: Any, text: str, voice: bool,
                         emit: Callable[[str, dict[str, Any]], None],
                         on_result: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    token = rt.tokens.issue(turn.session_id, turn.turn_id, text, parse.language, rt.catalog.generation)
    turn.execute_results = []  # filled by the callback route as execute calls complete
    context = {"request_token": token, "vehicle_state": rt.state.snapshot()}
    outcome = await rt.assistant.run_turn(
        turn.session_id, text, context,
        on_delta=lambda t: emit("assistant.delta", {"text": speakable(t, parse.language, fragment=True) if voice else t}),
        on_tool_call=None,
        deadline_s=rt.settings.turn_deadline_s,
    )
    del context, token
    # False: the token was no longer open, i.e. the interrupt route revoked it
    interrupted = not rt.tokens.end_turn(turn.turn_id) or (
        outcome.error is not None and outcome.error.get("code") == "interrupted")
    executed = list(turn.execute_results)
    if interrupted:
        return _interrupted(parse.language, outcome, executed, emit)
    if outcome.error is not None and not outcome.execute_called and not executed:
        return {"handled_by": "local", "assistant_error": outcome.error}
    leftovers: list[dict[str, Any]] = []
    if parse.actions:
        covered = {(a["capability"], a["target"]) for a in executed}
        req = Request(ledger=rt.ledger(turn.turn_id), language=parse.language, voice=voice, parse=parse,
                      skip_consumed_parser=True, session_id=turn.session_id, turn_id=turn.turn_id,
                      utterance=text, handled_by="codex", on_result=on_result)
        leftovers = [a for a in await run_executor(rt, req) if (a["capability"], a["target"]) not in covered]
    reply_text = outcome.text.strip()
    parts: list[str] = []
    if not reply_text and executed:
        # the model never explained (it failed after acting): say what the car did
        parts.append(" ".join(a["message"] for a in executed if a.get("message")))
    parts.append(" ".join(a["message"] for a in leftovers if a.get("message")))
    if outcome.error is not None:
        parts.append(outcome.error.get("message", ""))
    for part in filter(None, parts):
        emit("assistant.delta", {"text": (" " if reply_text else "") + part})
        reply_text = f"{reply_text} {part}".strip()
    return {"handled_by": "codex", "actions": executed + leftovers, "reply_text": reply_text,
            "assistant_error": outcome.error}


def _interrupted(language: str, outcome: Any, executed: list[dict[str, Any]],
                 emit: Callable[[str, dict[str, Any]], None]) -> dict[str, Any]:
    """The reply of an interrupted model turn: what was done, nothing more."""
    reply_text = outcome.text.strip()
    if not reply_text:
        reply_text = INTERRUPTED.get(language, INTERRUPTED["en"])
        emit("assistant.delta", {"text": reply_text})
    error = outcome.error if outcome.error is not None and outcome.error.get("code") == "interrupted" \
        else {"code": "interrupted", "message": "The turn was interrupted."}
    return {"handled_by": "codex", "actions": executed, "reply_text": reply_text, "assistant_error": error}
