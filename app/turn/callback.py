"""The model's execute call (DESIGN section 5), bound to the turn that issued its token.

The call shares the turn's ledger (once per key across every call of the
turn), streams its action results into the turn's SSE stream, and re-checks
the token under the ledger lock so a call that waited behind another one
never sends after an interrupt.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .events import HandledBy, TurnEvent
from .execution import make_request
from .ports import TurnServices


async def execute_call(rt: TurnServices, request_token: str, plan: list[dict[str, Any]] | None) -> dict[str, Any]:
    """Run one execute call; raises ``TokenError`` (403) for an unusable token."""
    grant = rt.tokens.check(request_token, rt.catalog.generation)
    if grant.parsed is None:
        grant.parsed = rt.parser.parse(grant.utterance, seat=grant.seat)
    turn = rt.turns.turn(grant.turn_id)
    emit = turn.emit if turn is not None else None
    on_result = None
    if emit is not None:
        loop = asyncio.get_running_loop()

        def on_result(item: dict[str, Any]) -> None:
            loop.call_soon_threadsafe(emit, TurnEvent.ACTION_RESULT, item)

    def guard() -> None:
        rt.tokens.check(request_token, rt.catalog.generation)

    req = make_request(
        ledger=rt.turns.ledger(grant.turn_id),
        language=grant.language,
        parse=grant.parsed,
        model_actions=plan or [],
        session_id=grant.session_id,
        turn_id=grant.turn_id,
        utterance=grant.utterance,
        handled_by=str(HandledBy.CODEX),
        on_result=on_result,
        guard=guard,
        seat=grant.seat,
    )
    outcome = await rt.bus_runs.run(req)
    if turn is not None:
        turn.execute_results.extend(i.to_json() for i in outcome.items)
    return outcome.to_json()


async def interrupt(rt: TurnServices, session_id: str) -> bool:
    """Revoke a model turn's token and stop the model; a local turn cannot be interrupted."""
    turn = rt.turns.in_session(session_id)
    if turn is None or turn.kind != "model":
        return False
    if not rt.tokens.end_turn(turn.turn_id, interrupted=True):
        return False
    if rt.assistant is not None:
        try:
            await rt.assistant.interrupt(session_id)
        except Exception:  # the token is revoked already: nothing more will be sent
            pass
    return True
