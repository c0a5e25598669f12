"""``GET /api/v1/events``: the live state stream the console panel lives on."""
from __future__ import annotations

import json
from typing import Any, AsyncIterator

from fastapi import APIRouter, Request
from sse_starlette.sse import EventSourceResponse, ServerSentEvent

from ..deps import RuntimeDep

router = APIRouter(prefix="/api/v1", tags=["events"])

KEEPALIVE_S = 15


def sse(event: str, data: Any) -> ServerSentEvent:
    return ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=event)


@router.get("/events")
async def events(request: Request, rt: RuntimeDep) -> EventSourceResponse:
    sub = rt.hub.subscribe()

    async def stream() -> AsyncIterator[ServerSentEvent]:
        try:
            yield sse("state.snapshot", rt.state.snapshot())
            while True:
                item = await sub.queue.get()
                if item is None:
                    return
                yield sse(item[0], item[1])
        finally:
            sub.close()

    return EventSourceResponse(stream(), ping=KEEPALIVE_S, ping_message_factory=lambda: ServerSentEvent(comment="keep-alive"))
