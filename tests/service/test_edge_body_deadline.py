"""The edge guard's body deadline: a body that never arrives is 408 ``body_timeout``
and the route never runs (DESIGN section 6), at the ASGI level."""

from __future__ import annotations

import asyncio
import json

from app.api import security
from app.api.security import EdgeGuard


def _scope(port: int) -> dict:
    return {
        "type": "http",
        "method": "POST",
        "path": "/api/v1/sessions/s_x/messages",
        "headers": [
            (b"host", f"127.0.0.1:{port}".encode()),
            (b"content-type", b"application/json"),
            (b"content-length", b"19"),
        ],
    }


def test_a_stalled_body_is_408_and_the_route_never_runs(monkeypatch):
    monkeypatch.setattr(security, "BODY_READ_S", 0.05)
    reached: list[str] = []
    sent: list[dict] = []

    async def route(scope, receive, send):
        reached.append(scope["path"])

    async def stalled():
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    async def main():
        await asyncio.wait_for(EdgeGuard(route, 8470)(_scope(8470), stalled, send), 5)

    asyncio.run(main())
    assert reached == []
    assert sent[0]["status"] == 408
    assert json.loads(sent[1]["body"])["error"]["code"] == "body_timeout"


def test_a_body_in_time_reaches_the_route(monkeypatch):
    monkeypatch.setattr(security, "BODY_READ_S", 5.0)
    bodies: list[bytes] = []

    async def route(scope, receive, send):
        bodies.append((await receive())["body"])

    async def receive():
        return {"type": "http.request", "body": b'{"text": "open it"}', "more_body": False}

    async def send(message):
        raise AssertionError(f"the guard answered {message}")

    asyncio.run(EdgeGuard(route, 8470)(_scope(8470), receive, send))
    assert bodies == [b'{"text": "open it"}']
