"""Sessions and their messages: the console and the voice front end."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from sse_starlette.sse import EventSourceResponse, ServerSentEvent

from app.errors import ApiError, TurnInProgress
from app.turn import NO, TERMINAL_EVENTS, TurnError, TurnEvent, TurnInput, TurnPipeline, interrupt

from ..deps import DbDep, RuntimeDep, SessionDep, get_runtime, known_session
from ..responses import History, Interrupted, Reply, SessionCreated, ok
from ..schemas import MessageIn

router = APIRouter(prefix="/api/v1/sessions", tags=["sessions"])
log = logging.getLogger("n7web.turn")

#: ``/docs``: the 200 answer as a JSON Reply or, with ``Accept: text/event-stream``, the turn's events.
_TURN_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "model": Reply,
        "description": "One JSON Reply; with `Accept: text/event-stream`, the turn's events "
        "(`turn.started`, `assistant.delta`, `action.result`, then `turn.completed` or `error`).",
        "content": {
            "text/event-stream": {
                "schema": {"type": "string"},
                "example": 'event: turn.started\ndata: {"session_id": "s_...", "turn_id": "t_..."}\n\n'
                'event: action.result\ndata: {"capability": "window.set_position", "target": "driver", ...}\n\n'
                'event: assistant.delta\ndata: {"text": "Driver window opened."}\n\n'
                'event: turn.completed\ndata: {"status": "applied", "reply_text": "Driver window opened.", ...}\n\n',
            }
        },
    }
}


@router.post("", status_code=201, responses={201: {"model": SessionCreated}}, summary="Start a session")
async def create_session(db: DbDep) -> dict:
    """A new conversation. The body may be empty (`{}`); the answer is
    `{"session_id": "s_..."}`. Keep the id and send every utterance of the
    conversation to it: follow-ups ("me too", "undo", "a bit more") refer to
    the session's last turn."""
    session_id = "s_" + secrets.token_hex(12)
    await db.add_session(session_id)
    return {"session_id": session_id}


@router.get("/{session_id}/messages", responses=ok(History, 404, 422), summary="Read a session's turns")
async def history(session_id: SessionDep, db: DbDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    """The session's stored turns (what was said, by which source and seat, and
    the Reply), at most `limit` (1-500, default 50), e.g. to redraw a
    conversation after a page reload. 404 `unknown_session` for an id the
    service does not know (or no longer keeps)."""
    return {"session_id": session_id, "turns": await db.history(session_id, limit)}


@router.post(
    "/{session_id}/messages",
    responses=ok(Reply, 404, 409, 413, 415, 422, 500) | _TURN_STREAM,
    summary="Send an utterance (one turn)",
)
async def post_message(session_id: str, body: MessageIn, request: Request) -> Any:
    """Say one thing: a typed or spoken utterance becomes one turn.

    Body: `text` (1-4000 characters), `source` (`console`, the default, or
    `voice`: the reply is then speakable, with units as words and no
    symbols), `seat` (who spoke: `driver`, `passenger`, `rear_left`,
    `rear_right`, `outside`, or `null`/absent when unknown) and an optional
    `client_message_id` (1-128 characters; send a fresh one per utterance and
    the same one again after a dropped connection: with the same text and
    seat the recorded Reply comes back and nothing runs twice; with other
    words or another seat it is 409 `client_message_id_reused`).

    Answer: one JSON **Reply**, or, with `Accept: text/event-stream`, a
    stream of events:

    - `turn.started` `{"session_id", "turn_id"}`, first;
    - `assistant.delta` `{"text"}`, reply text as it is produced (a turn
      answered on board sends its reply as one delta);
    - `action.result`, one ActionResult as each action completes;
    - then exactly one `turn.completed` (the Reply) or `error`
      `{"code", "message"}`, and the stream ends.

    A client that disconnects does not cancel the turn. A second message
    while a turn runs in the session is 409 `turn_in_progress`; an unknown
    session is 404 `unknown_session`.

    A turn that cannot act with certainty ends on a question (`status:
    "asked"`, the Reply's `question`, the event `turn.question` before
    `turn.completed`); nothing moves until the same seat answers, in words or
    with `answer: {"question_id", "option"}` (a console tap; `text` may then
    be empty; `option` is an option's id or `no`). A question that is not
    open in this session for this seat (never asked, expired, answered) is
    404 `unknown_question`; an option it does not have is 422
    `unknown_option`. Nothing moves for either.
    """
    # the two dependencies of the other routes, called directly: a turn is the hot path
    rt = await get_runtime(request)
    session_id = await known_session(session_id, rt)
    db, pipeline = rt.db, TurnPipeline(rt)
    if body.client_message_id is not None:
        recorded = await db.replay(session_id, body.client_message_id)
        if recorded is not None:
            if recorded["text"] != body.text or recorded["seat"] != body.seat:
                raise ApiError(
                    409, "client_message_id_reused", "this client_message_id was already used for another message"
                )
            if recorded["reply"] is None:
                raise ApiError(409, "turn_in_progress", "a turn is already in progress for this message")
            return _replayed(recorded["reply"], request)
    if body.answer is not None:
        _check_answer(rt, session_id, body.seat, body.answer.question_id, body.answer.option)
    try:
        turn = pipeline.begin(session_id)
    except TurnInProgress as exc:
        raise ApiError(409, exc.code, exc.message) from None
    queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
    streaming = "text/event-stream" in request.headers.get("accept", "")

    def emit(event: str, data: dict[str, Any]) -> None:
        queue.put_nowait((str(event), data))

    answer = body.answer.model_dump() if body.answer is not None else None
    given = TurnInput(body.text, body.source, body.client_message_id, body.seat, answer)

    async def guarded() -> dict[str, Any] | None:
        try:  # a JSON Reply has no listener for the turn's events
            return await pipeline.run(turn, given, emit if streaming else None)
        except Exception as exc:  # the turn failed: say so, never a trace
            log.error("turn failed: %s", type(exc).__name__)
            emit(TurnEvent.ERROR, {"code": str(TurnError.TURN_FAILED), "message": "the turn failed"})
            return None

    task = asyncio.create_task(guarded())
    turn.task = task
    if not streaming:
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


def _check_answer(rt: Any, session_id: str, seat: str | None, question_id: str, option: str) -> None:
    """A tap answers only the session's open question, from the seat it was asked of, with one of its options."""
    question = rt.questions.open(session_id)
    if question is None or question.id != question_id or question.seat != seat:
        raise ApiError(
            404,
            "unknown_question",
            "no open question with this id in this session for this seat (it may have expired or been answered)",
        )
    if option != NO and question.option(option) is None:
        raise ApiError(422, "unknown_option", "the question has no such option")


def _replayed(reply: dict[str, Any], request: Request) -> Any:
    if "text/event-stream" not in request.headers.get("accept", ""):
        return JSONResponse(reply)

    async def stream() -> AsyncIterator[ServerSentEvent]:
        yield ServerSentEvent(data=json.dumps(reply, ensure_ascii=False), event=TurnEvent.COMPLETED)

    return EventSourceResponse(stream())


@router.post("/{session_id}/interrupt", responses=ok(Interrupted, 404), summary="Interrupt the running turn")
async def interrupt_turn(session_id: SessionDep, rt: RuntimeDep) -> dict:
    """Stop the session's model turn: its token is revoked at once, so nothing
    more of it can act, and the model is interrupted. What already moved is
    not reverted. `{"interrupted": false}` when nothing was running or the
    turn was answered on board."""
    return {"interrupted": await interrupt(rt, session_id)}
