"""Edge checks that run before any route (DESIGN section 6).

- Exactly one ``Host``, and it must be ``127.0.0.1:PORT`` or
  ``localhost:PORT`` (400); at most one ``Origin``, and one other than the
  service's own is refused (403): together they stop DNS-rebinding pages
  from driving the car. A repeated header is refused outright, so the guard
  and the app can never read different values.
- Bodies must be ``application/json`` (chunked ones too, 415), at most
  ``MAX_BODY`` bytes however they arrive (413), read within
  ``BODY_READ_S`` (408), and — on public routes — strict JSON (422, see
  ``body.py``). The internal routes check JSON after their bearer check, so
  an unauthenticated caller learns nothing about their bodies.
A pure ASGI middleware, so SSE responses are not buffered.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from app.errors import ApiError

from .body import strict_json

MAX_BODY = 64 * 1024
BODY_READ_S = 10.0
INTERNAL_PREFIX = "/internal/"


class EdgeGuard:
    def __init__(self, app: Any, port: int) -> None:
        self.app = app
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.origins = {f"http://127.0.0.1:{port}", f"http://localhost:{port}"}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[str, list[str]] = {}
        for k, v in scope.get("headers", []):
            headers.setdefault(k.decode("latin-1").lower(), []).append(v.decode("latin-1"))
        hosts = headers.get("host", [])
        if len(hosts) != 1 or hosts[0].lower() not in self.hosts:
            await _reject(send, 400, "bad_host", "exactly one Host, the service's loopback address, is required")
            return
        origins = headers.get("origin", [])
        if len(origins) > 1 or (origins and origins[0].lower() not in self.origins):
            await _reject(send, 403, "forbidden_origin", "cross-origin requests are refused")
            return
        if scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            try:
                receive = await self._checked_body(scope, headers, receive)
            except ApiError as exc:
                await _reject(send, exc.status, exc.code, exc.message)
                return
        await self.app(scope, receive, send)

    async def _checked_body(self, scope: dict[str, Any], headers: dict[str, list[str]], receive: Any) -> Any:
        lengths = headers.get("content-length", [])
        if len(lengths) > 1 or (lengths and (not lengths[0].isdigit() or int(lengths[0]) > MAX_BODY)):
            raise ApiError(413, "body_too_large", f"body exceeds {MAX_BODY} bytes")
        try:  # a deadline on this task (wait_for would run the read as a task of its own)
            async with asyncio.timeout(BODY_READ_S):
                body, disconnected = await _read_body(receive)
        except TimeoutError:
            raise ApiError(408, "body_timeout", f"body not received within {BODY_READ_S:g} s") from None
        if body:
            ctype = (headers.get("content-type") or [""])[0].split(";")[0].strip().lower()
            if ctype != "application/json" or len(headers.get("content-type", [])) > 1:
                raise ApiError(415, "unsupported_media_type", "body must be application/json")
            if not scope["path"].startswith(INTERNAL_PREFIX):
                strict_json(body)
        return _replay(body, receive, disconnected)


async def _read_body(receive: Any) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks), True
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, "body_too_large", f"body exceeds {MAX_BODY} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), False


def _replay(body: bytes, receive: Any, disconnected: bool) -> Any:
    sent = False

    async def replayed() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        if disconnected:
            return {"type": "http.disconnect"}
        return await receive()

    return replayed


async def _reject(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
