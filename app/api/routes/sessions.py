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

from app.errors import ApiError, TurnInProgress
from app.turn import TERMINAL_EVENTS, TurnError, TurnEvent, TurnInput, TurnPipeline, interrupt

from ..deps import DbDep, RuntimeDep, SessionDep
from ..responses import History, Interrupted, Reply, SessionCreated, ok
from ..schemas import MessageIn

router = APIRouter(prefix="/api/v1/sessions", tags=["sessions"])
log = logging.getLogger("n7web.turn")


@router.post("", status_code=201, responses={201: {"model": SessionCreated}})
async def create_session(db: DbDep) -> dict:
    session_id = "s_" + secrets.token_hex(12)
    await db.add_session(session_id)
    return {"session_id": session_id}


@router.get("/{session_id}/messages", responses=ok(History, 404, 422))
async def history(session_id: SessionDep, db: DbDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    return {"session_id": session_id, "turns": await db.history(session_id, limit)}


@router.post("/{session_id}/messages", responses=ok(Reply, 404, 409, 413, 415, 422, 500))
async def post_message(session_id: SessionDep, body: MessageIn, request: Request, rt: RuntimeDep) -> Any:
    """Run one turn. SSE when the client accepts it, else one JSON Reply.

    The turn runs as its own task: a client that disconnects does not cancel
    it. A repeated ``client_message_id`` returns the recorded Reply and sends
    nothing. One dependency (the runtime) and a ready JSON body: this is the
    hot route, and each dependency node and FastAPI's generic encoding of a
    returned dict cost tens of microseconds (the Reply is plain JSON types:
    the store writes it with ``json.dumps`` too).
    """
    db, pipeline = rt.db, TurnPipeline(rt)
    if body.client_message_id is not None:
        recorded = await db.replay(session_id, body.client_message_id)
        if recorded is True:
            raise ApiError(409, "turn_in_progress", "a turn is already in progress for this message")
        if recorded is not None:
            return _replayed(recorded, request)
    try:
        turn = pipeline.begin(session_id)
    except TurnInProgress as exc:
        raise ApiError(409, exc.code, exc.message) from None
    queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

    def emit(event: str, data: dict[str, Any]) -> None:
        queue.put_nowait((str(event), data))

    given = TurnInput(body.text, body.source, body.client_message_id, body.seat)

    async def guarded() -> dict[str, Any] | None:
        try:
            return await pipeline.run(turn, given, emit)
        except Exception as exc:  # the turn failed: say so, never a trace
            log.error("turn failed: %s", type(exc).__name__)
            emit(TurnEvent.ERROR, {"code": str(TurnError.TURN_FAILED), "message": "the turn failed"})
            return None

    task = asyncio.create_task(guarded())
    turn.task = task
    if "text/event-stream" not in request.headers.get("accept", ""):
        result = await asyncio.shield(task)
        if result is None:
            raise ApiError(500, "turn_failed", "the turn failed")
        return JSONResponse(result)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        while True:
            event, data = await queue.get()
            yield ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=event)
            if event in TERMINAL_EVENTS:
                return

    return EventSourceResponse(stream(), ping=15)


def _replayed(reply: dict[str, Any], request: Request) -> Any:
    if "text/event-stream" not in request.headers.get("accept", ""):
        return JSONResponse(reply)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        yield ServerSentEvent(data=json.dumps(reply, ensure_ascii=False), event=TurnEvent.COMPLETED)

    return EventSourceResponse(stream())


@router.post("/{session_id}/interrupt", responses=ok(Interrupted, 404))
async def interrupt_turn(session_id: SessionDep, rt: RuntimeDep) -> dict:
    """Revoke a model turn's token at once and interrupt the model; reverts nothing.
    ``false`` when nothing was running or the turn was local."""
    return {"interrupted": await interrupt(rt, session_id)}
