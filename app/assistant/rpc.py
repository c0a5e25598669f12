"""JSON-RPC correlation over one transport: every pending call ends once.

- ids come from a counter; a pending table maps id -> one-shot future;
- every call has a bound; a timeout pops its entry, and a late answer is
  dropped with a debug log, as is an answer to an id never sent;
- on EOF, a protocol error, ``close()`` or any crash of the read loop, every
  pending call fails with a typed error — idempotently, and again in the
  loop's ``finally`` — and later calls fail the same way;
- outbound methods must be on an allowlist;
- notifications go to one callback; **every server request is declined**
  (``decline_answer``), and only while the connection's generation is
  current, so stale work cannot act.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import (
    AssistantError,
    ConnectionClosedError,
    ProtocolError,
    RpcError,
    RpcTimeoutError,
    UnavailableError,
    UnsupportedOperationError,
)
from .redact import redact_text
from .transport import MAX_OUTBOUND_LINE, Transport

log = logging.getLogger(__name__)

MAX_PENDING = 32
EVENT_RING = 512
DECLINE_WINDOW_S = 10.0
DECLINE_BURST = 32

#: client -> server requests this package may send (nothing experimental)
ALLOWED_REQUESTS = frozenset(
    {
        "initialize",
        "config/read",
        "account/read",
        "thread/start",
        "thread/resume",
        "thread/archive",
        "thread/unarchive",
        "thread/delete",
        "thread/unsubscribe",
        "thread/loaded/list",
        "turn/start",
        "turn/interrupt",
    }
)
ALLOWED_NOTIFICATIONS = frozenset({"initialized"})

_DECLINES: dict[str, dict[str, Any]] = {
    "item/commandExecution/requestApproval": {"decision": "decline"},
    "item/fileChange/requestApproval": {"decision": "decline"},
    "execCommandApproval": {"decision": "denied"},
    "applyPatchApproval": {"decision": "denied"},
    # GrantedPermissionProfile is an object in 0.147.0: empty grants nothing
    "item/permissions/requestApproval": {"permissions": {}, "scope": "turn"},
    "mcpServer/elicitation/request": {"action": "decline", "content": None},
    "item/tool/requestUserInput": {"answers": {}},
    "item/tool/call": {
        "success": False,
        "contentItems": [{"type": "inputText", "text": "Dynamic tools are not available in this application."}],
    },
}
METHOD_NOT_FOUND = -32601


def decline_answer(method: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """``(result, error)`` for a server request: a refusal, or -32601."""
    if method in _DECLINES:
        return json.loads(json.dumps(_DECLINES[method])), None
    return None, {"code": METHOD_NOT_FOUND, "message": "not supported by this client"}


def encode(message: Mapping[str, Any]) -> bytes:
    """Compact UTF-8 JSON, NaN refused, at most 256 KiB."""
    try:
        data = json.dumps(message, allow_nan=False, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError):
        raise ProtocolError("refusing to send a message that is not plain JSON") from None
    if len(data) > MAX_OUTBOUND_LINE:
        raise ProtocolError("refusing to send a request larger than 256 KiB")
    return data


@dataclass(slots=True)
class _Pending:
    """One call awaiting its answer; ``future`` is resolved exactly once."""

    method: str
    future: asyncio.Future[Any]


class RpcConnection:
    """Correlates requests and answers for one app-server generation."""

    def __init__(
        self,
        transport: Transport,
        *,
        generation: int = 0,
        on_notification: Callable[[str, Mapping[str, Any]], None] | None = None,
        is_current: Callable[[int], bool] | None = None,
        request_timeout_s: float = 30.0,
        secrets: Iterable[str] = (),
    ) -> None:
        self.transport = transport
        self.generation = generation
        self._on_notification = on_notification or (lambda method, params: None)
        self._is_current = is_current or (lambda generation: True)
        self._timeout = request_timeout_s
        self._secrets = tuple(secrets)
        self._next_id = 0
        self._pending: dict[int, _Pending] = {}
        self._closed: AssistantError | None = None
        self._declines: deque[float] = deque()
        self.events: deque[tuple[str, str | None]] = deque(maxlen=EVENT_RING)
        """Recent (method, threadId) pairs, for diagnostics only."""
        self.declined: list[str] = []
        """Methods of server requests declined so far (bounded to the ring size)."""

    # -- state ---------------------------------------------------------------
    @property
    def closed(self) -> AssistantError | None:
        """Why the connection ended, or None while it is open."""
        return self._closed

    @property
    def pending_count(self) -> int:
        return len(self._pending)

    def closed_error(self) -> AssistantError:
        """A fresh instance of the closing error (one per raiser: clean tracebacks)."""
        reason = self._closed or ConnectionClosedError("the app-server connection is closed")
        try:
            return type(reason)(*reason.args)
        except TypeError:
            return ConnectionClosedError(str(reason))

    def fail_all(self, error: AssistantError) -> None:
        """Close the connection and fail every pending call. Idempotent."""
        if self._closed is None:
            self._closed = error
        pending, self._pending = self._pending, {}
        for entry in pending.values():
            if not entry.future.done():
                entry.future.set_exception(self.closed_error())
                entry.future.exception()  # retrieved: no "never retrieved" noise

    # -- outbound -------------------------------------------------------------
    async def request(self, method: str, params: Mapping[str, Any] | None = None, timeout: float | None = None) -> Any:
        """Send a request and wait (bounded) for its result."""
        if method not in ALLOWED_REQUESTS:
            raise UnsupportedOperationError(f"{method} is not on the client allowlist")
        if self._closed is not None:
            raise self.closed_error()
        if len(self._pending) >= MAX_PENDING:
            raise UnavailableError("too many app-server requests in flight")
        self._next_id += 1
        request_id = self._next_id
        frame = encode({"id": request_id, "method": method, "params": dict(params or {})})
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = _Pending(method, future)
        try:
            await self.transport.send(frame)
            return await asyncio.wait_for(asyncio.shield(future), timeout or self._timeout)
        except TimeoutError:
            raise RpcTimeoutError(f"{method} was not answered in time (outcome unknown)") from None
        except ConnectionClosedError as exc:
            self.fail_all(exc)
            raise self.closed_error() from None
        finally:
            self._pending.pop(request_id, None)

    async def notify(self, method: str, params: Mapping[str, Any] | None = None) -> None:
        if method not in ALLOWED_NOTIFICATIONS:
            raise UnsupportedOperationError(f"{method} is not on the client allowlist")
        if self._closed is not None:
            raise self.closed_error()
        message: dict[str, Any] = {"method": method}
        if params is not None:
            message["params"] = dict(params)
        await self.transport.send(encode(message))

    # -- inbound --------------------------------------------------------------
    async def run(self) -> None:
        """Read until EOF; raise ProtocolError on a bad frame. Always fails pending."""
        try:
            while True:
                frame = await self.transport.receive()
                if frame is None:
                    self.fail_all(ConnectionClosedError("Codex App Server became unavailable"))
                    return
                await self._dispatch(self._parse(frame))
        except AssistantError as exc:
            self.fail_all(exc)
            raise
        except asyncio.CancelledError:
            self.fail_all(ConnectionClosedError("the app-server connection was closed"))
            raise
        finally:
            self.fail_all(ConnectionClosedError("Codex App Server became unavailable"))

    def _parse(self, frame: bytes) -> dict[str, Any]:
        try:
            message = json.loads(frame)
        except (UnicodeDecodeError, ValueError):
            raise ProtocolError("the app-server sent a line that is not JSON") from None
        if not isinstance(message, dict):
            raise ProtocolError("the app-server sent a JSON value that is not an object")
        return message

    async def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if isinstance(method, str) and "id" in message:
            await self._answer_server_request(message["id"], method)
        elif isinstance(method, str):
            params = message.get("params")
            params = params if isinstance(params, dict) else {}
            thread = params.get("threadId")
            self.events.append((method, thread if isinstance(thread, str) else None))
            self._on_notification(method, params)
        elif "id" in message:
            self._resolve(message)
        else:
            raise ProtocolError("the app-server sent a message with neither method nor id")

    def _resolve(self, message: dict[str, Any]) -> None:
        request_id = message.get("id")
        entry = self._pending.pop(request_id, None) if isinstance(request_id, int) else None
        if entry is None or entry.future.done():
            log.debug("dropping an answer to unknown or expired request id")
            return
        has_result, error = "result" in message, message.get("error")
        if has_result == (error is not None):
            entry.future.set_exception(ProtocolError(f"{entry.method} answer has neither or both result and error"))
        elif error is not None:
            code = error.get("code") if isinstance(error, dict) else None
            text = error.get("message") if isinstance(error, dict) else None
            entry.future.set_exception(
                RpcError(
                    entry.method,
                    code if isinstance(code, int) else 0,
                    redact_text(str(text or "error"), self._secrets)[:500],
                )
            )
        else:
            entry.future.set_result(message["result"])

    async def _answer_server_request(self, request_id: Any, method: str) -> None:
        if not self._is_current(self.generation):
            log.debug("ignoring a server request from a stale app-server generation")
            return
        result, error = decline_answer(method)
        self._note_decline(method)
        reply: dict[str, Any] = {"id": request_id}
        if error is None:
            reply["result"] = result
        else:
            reply["error"] = error
        try:
            await self.transport.send(encode(reply))
        except ConnectionClosedError:
            log.debug("could not answer a server request: connection closed")

    def _note_decline(self, method: str) -> None:
        now = time.monotonic()
        while self._declines and now - self._declines[0] > DECLINE_WINDOW_S:
            self._declines.popleft()
        self._declines.append(now)
        if len(self.declined) < EVENT_RING:
            self.declined.append(method)
        if len(self._declines) == DECLINE_BURST + 1:
            log.warning("more than %d server requests in %.0f s; all are declined", DECLINE_BURST, DECLINE_WINDOW_S)
        else:
            log.info("declined app-server request %s", method)
