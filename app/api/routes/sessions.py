"""Sessions and their messages: the console and the voice front end."""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any, AsyncIterator

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from sse_starlette.sse import EventSourceResponse, ServerSentEvent

from app.turns import TurnInProgress, TurnRunner

from ..deps import RuntimeDep
from ..errors import ApiError
from ..schemas import MessageIn

router = APIRouter(prefix="/api/v1/sessions", tags=["sessions"])
log = logging.getLogger("n7web.turns")


def _session(rt: Any, session_id: str) -> None:
    if len(session_id) > 64 or not rt.store.has_session(session_id):
        raise ApiError(404, "unknown_session", "unknown session")


@router.post("", status_code=201)
def create_session(rt: RuntimeDep) -> dict:
    session_id = "s_" + secrets.token_hex(12)
    rt.store.add_session(session_id)
    return {"session_id": session_id}


@router.get("/{session_id}/messages")
def history(session_id: str, rt: RuntimeDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    _session(rt, session_id)
    return {"session_id": session_id, "turns": rt.store.history(session_id, limit)}


@router.post("/{session_id}/messages")
async def post_message(session_id: str, body: MessageIn, request: Request, rt: RuntimeDep) -> Any:
    """Run one turn. SSE when the client accepts it, else one JSON Reply.

    The turn runs as its own task: a client that disconnects does not cancel
    it. A repeated ``client_message_id`` returns the recorded Reply and sends
    nothing.
    """
    _session(rt, session_id)
    if body.client_message_id is not None:
        recorded = rt.store.replay(session_id, body.client_message_id)
        if recorded is True:
            raise ApiError(409, "turn_in_progress", "a turn is already in progress for this message")
        if recorded is not None:
            return _replayed(recorded, request)
    runner = TurnRunner(rt)
    try:
        turn = runner.begin(session_id)
    except TurnInProgress:
        raise ApiError(409, "turn_in_progress", "a turn is already in progress in this session") from None
    queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

    def emit(event: str, data: dict[str, Any]) -> None:
        queue.put_nowait((event, data))

    turn.emit = emit

    async def guarded() -> dict[str, Any] | None:
        try:
            return await runner.run(turn, body.text, body.source, body.client_message_id, emit)
        except Exception as exc:  # the turn failed: say so, never a trace
            log.error("turn failed: %s", type(exc).__name__)
            emit("error", {"code": "turn_failed", "message": "the turn failed"})
            return None

    task = asyncio.create_task(guarded())
    turn.task = task
    if "text/event-stream" not in request.headers.get("accept", ""):
        result = await asyncio.shield(task)
        if result is None:
            raise ApiError(500, "turn_failed", "the turn failed")
        return result

    async def stream() -> AsyncIterator[ServerSentEvent]:
        while True:
            event, data = await queue.get()
            yield ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=event)
            if event in ("turn.completed", "error"):
                return

    return EventSourceResponse(stream(), ping=15)


def _replayed(reply: dict[str, Any], request: Request) -> Any:
    if "text/event-stream" not in request.headers.get("accept", ""):
        return JSONResponse(reply)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        yield ServerSentEvent(data=json.dumps(reply, ensure_ascii=False), event="turn.completed")

    return EventSourceResponse(stream())


@router.post("/{session_id}/interrupt")
async def interrupt(session_id: str, rt: RuntimeDep) -> dict:
    """Revoke the turn's token at once and interrupt the model; reverts nothing."""
    _session(rt, session_id)
    turn = rt.active.get(session_id)
    if turn is None:
        return {"interrupted": False}
    rt.tokens.end_turn(turn.turn_id, interrupted=True)
    if rt.assistant is not None:
        try:
            await rt.assistant.interrupt(session_id)
        except Exception:
            pass
    return {"interrupted": True}
