"""Resource bounds of the HTTP edge (DESIGN section 6; the README lists them).

- connections served at once: uvicorn ``limit_concurrency`` (503 beyond);
- SSE subscribers to ``/api/v1/events``: :data:`MAX_SUBSCRIBERS` (503 beyond);
- time to send the request line and headers: :data:`HEADER_READ_S` (the
  connection is closed), and the body: ``security.BODY_READ_S`` (408);
- body size: ``security.MAX_BODY`` (413);
- sessions and stored turns: ``Store.max_sessions``, turns follow the audit
  retention.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.events import MAX_SUBSCRIBERS  # noqa: F401 (listed here with the other bounds)

MAX_CONNECTIONS = 200
HEADER_READ_S = 10.0


class BoundedHttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on reading each request's headers.

    uvicorn bounds idle keep-alive connections but not a client that trickles
    its headers one byte at a time; this closes such a connection after
    :data:`HEADER_READ_S`.
    """

    header_read_s = HEADER_READ_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._header_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_read_s, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def on_message_begin(self) -> None:
        self._arm()
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle keep-alive is uvicorn's own timeout

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def server_options() -> dict[str, Any]:
    """uvicorn.Config keywords that apply the bounds above."""
    return {"http": BoundedHttpTools, "limit_concurrency": MAX_CONNECTIONS, "timeout_keep_alive": 5}
