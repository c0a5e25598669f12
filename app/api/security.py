"""Edge checks that run before any route (DESIGN section 6).

- ``Host`` must be ``127.0.0.1:PORT`` or ``localhost:PORT`` (400), and an
  ``Origin`` other than the service's own is refused (403): together they
  stop DNS-rebinding pages from driving the car.
- Bodies must be ``application/json`` and at most ``MAX_BODY`` bytes (413),
  counted while streaming so a lying Content-Length cannot pass.
A pure ASGI middleware, so SSE responses are not buffered.
"""
from __future__ import annotations

import json
from typing import Any

MAX_BODY = 64 * 1024


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


class EdgeGuard:
    def __init__(self, app: Any, port: int) -> None:
        self.app = app
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
        self.origins = {f"http://127.0.0.1:{port}", f"http://localhost:{port}"}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if headers.get("host", "").lower() not in self.hosts:
            await _reject(send, 400, "bad_host", "Host must be the service's loopback address")
            return
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            await _reject(send, 403, "forbidden_origin", "cross-origin requests are refused")
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                await _reject(send, 413, "body_too_large", f"body exceeds {MAX_BODY} bytes")
                return
            if ctype != "application/json" and (length not in (None, "0")):
                await _reject(send, 415, "unsupported_media_type", "body must be application/json")
                return
            receive = _bounded(receive)
        try:
            await self.app(scope, receive, send)
        except BodyTooLarge:
            await _reject(send, 413, "body_too_large", f"body exceeds {MAX_BODY} bytes")


class BodyTooLarge(Exception):
    pass


def _bounded(receive: Any) -> Any:
    seen = 0

    async def wrapped() -> dict[str, Any]:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge()
        return message

    return wrapped


async def _reject(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
