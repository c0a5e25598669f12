"""``GET /api/v1/events``: the live state stream the console panel lives on."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from sse_starlette.sse import EventSourceResponse, ServerSentEvent

from ..deps import RuntimeDep

router = APIRouter(prefix="/api/v1", tags=["events"])

KEEPALIVE_S = 15


def sse(event: str, data: Any) -> ServerSentEvent:
    return ServerSentEvent(data=json.dumps(data, ensure_ascii=False), event=event)


_EVENT_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "A `text/event-stream` of `state.snapshot`, then `state.changed`, `vehicle.changed` "
        "and `status.changed` as they happen; a keep-alive comment every 15 s.",
        "content": {
            "text/event-stream": {
                "schema": {"type": "string"},
                "example": 'event: state.snapshot\ndata: {"vehicle": {"speed_kph": 0.0, "gear": "P", ...}, "controls": {...}}\n\n'
                'event: state.changed\ndata: {"capability": "window.set_position", "target": "driver", '
                '"parameters": {"open_percent": 100}}\n\n'
                'event: vehicle.changed\ndata: {"speed_kph": 50.0, "gear": "D", "child_lock": false, "stale": false}\n\n',
            }
        },
    },
    503: {"description": "too_many_subscribers (at most 32 streams at once)"},
}


@router.get(
    "/events",
    responses=_EVENT_STREAM,
    response_class=EventSourceResponse,
    summary="Live vehicle and service events (SSE)",
)
async def events(request: Request, rt: RuntimeDep) -> EventSourceResponse:
    """The stream a cabin panel lives on. Events, each with a JSON `data`:

    - `state.snapshot`: first, the whole `GET /api/v1/vehicle/state` body;
    - `state.changed` `{"capability", "target", "parameters"}`: a member's
      confirmed value changed (from the ECU's status frames);
    - `vehicle.changed` `{"speed_kph", "gear", "child_lock", "stale"}`: speed,
      gear or the child lock changed, or the ECU fell silent (`stale: true`)
      or spoke again (`stale: false`);
    - `status.changed`: the whole `GET /api/v1/status` body, when it changes.
    - `job.scheduled`, `job.fired`, `job.cancelled`, `job.missed`: a timed
      command (the Job of `GET /api/v1/jobs`) was set, ran (or was refused
      when due: `status: "refused"`, each result's `reason`), was cancelled,
      or was missed while the service was down (sent to the first stream
      after the start that found it, right after `state.snapshot`).

    A keep-alive comment comes every 15 s. A subscriber that falls far
    behind is dropped (its stream ends): reconnect, and the new stream
    starts with a fresh `state.snapshot`. At most 32 streams at once (503
    `too_many_subscribers`).
    """
    sub = rt.hub.subscribe()

    async def stream() -> AsyncIterator[ServerSentEvent]:
        try:
            yield sse("state.snapshot", rt.state.snapshot())
            if rt.jobs is not None:  # timed commands missed while the service was down, told once
                for job in await rt.jobs.unannounced():
                    yield sse("job.missed", job.to_json())
            while True:
                item = await sub.queue.get()
                if item is None:
                    return
                yield sse(item[0], item[1])
        finally:
            sub.close()

    return EventSourceResponse(
        stream(), ping=KEEPALIVE_S, ping_message_factory=lambda: ServerSentEvent(comment="keep-alive")
    )
