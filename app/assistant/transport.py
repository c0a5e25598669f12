"""Newline-delimited JSON framing with bounds, and the transport interface.

Why a separate layer: the correlation layer (``rpc.py``) must be testable
over memory, so it sees only :class:`Transport` — one complete frame in, one
frame out. :func:`read_frame` enforces the inbound bound on any
``asyncio.StreamReader``; :class:`MemoryTransport` is the in-memory twin of
the process pipes (python-can ``VirtualBus`` / httpx ``MockTransport`` style).
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from .errors import ConnectionClosedError, ProtocolError

MAX_INBOUND_LINE = 1024 * 1024
"""A response line longer than 1 MiB fails the connection as a protocol error."""
MAX_OUTBOUND_LINE = 256 * 1024
"""A request line longer than 256 KiB is refused before it is written."""
READER_LIMIT = MAX_INBOUND_LINE + 1


class Transport(Protocol):
    """One JSON-RPC peer: whole frames (no newline) in and out."""

    async def receive(self) -> bytes | None:
        """The next frame; None at a clean EOF; ProtocolError on a bad frame."""

    async def send(self, frame: bytes) -> None:
        """Write one frame; ConnectionClosedError when the peer is gone."""

    async def close_write(self) -> None:
        """Signal EOF to the peer (idempotent)."""


async def read_frame(reader: asyncio.StreamReader, max_bytes: int = MAX_INBOUND_LINE) -> bytes | None:
    """Read one ``\\n``-terminated frame of at most ``max_bytes`` bytes.

    A clean EOF gives None; bytes after the last newline at EOF, or a line
    longer than the bound, raise ProtocolError (the reader's ``limit`` must
    exceed ``max_bytes``).
    """
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise ProtocolError("the app-server closed its output in the middle of a line") from None
        return None
    except asyncio.LimitOverrunError:
        raise ProtocolError("the app-server sent a line longer than 1 MiB") from None
    if len(line) - 1 > max_bytes:
        raise ProtocolError("the app-server sent a line longer than 1 MiB")
    return line[:-1]


class MemoryTransport:
    """A transport whose peer is the test: ``feed`` lines in, read ``sent``."""

    def __init__(self, max_inbound: int = MAX_INBOUND_LINE) -> None:
        self._reader = asyncio.StreamReader(limit=max_inbound + 1)
        self._max_inbound = max_inbound
        self.sent: asyncio.Queue[bytes] = asyncio.Queue()
        self.write_closed = False
        self.fail_sends = False

    # -- the peer's side ---------------------------------------------------
    def feed(self, data: bytes) -> None:
        self._reader.feed_data(data)

    def feed_eof(self) -> None:
        self._reader.feed_eof()

    # -- Transport ---------------------------------------------------------
    async def receive(self) -> bytes | None:
        return await read_frame(self._reader, self._max_inbound)

    async def send(self, frame: bytes) -> None:
        if self.write_closed or self.fail_sends:
            raise ConnectionClosedError("the app-server input is closed")
        await self.sent.put(frame)

    async def close_write(self) -> None:
        self.write_closed = True
