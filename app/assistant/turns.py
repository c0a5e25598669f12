"""One model turn's events, routed by (threadId, turnId), and its outcome.

Why: codex streams a turn as notifications; ``turn/completed`` holds only
the final message, so deltas and tool calls must be collected as they pass
(``item/agentMessage/delta``, ``item/started`` / ``item/completed`` of
``mcpToolCall``). Events that arrive before ``turn/start`` answers wait in
a bounded backlog; events of any other turn are dropped.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import TurnInProgressError

log = logging.getLogger(__name__)

MAX_TEXT_CHARS = 64 * 1024
BACKLOG = 512
ERROR_GRACE_S = 2.0
"""After a final ``error`` notification, how long ``turn/completed`` may take."""
EXECUTE_TOOL = "execute_cockpit_request"
MCP_SERVER = "n7_vehicle"
_INFO_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")

#: outcome error codes (the backend maps them to ``assistant_error``)
PROVIDER_ERROR = "provider_error"
TURN_DEADLINE = "turn_deadline"
ASSISTANT_UNAVAILABLE = "assistant_unavailable"
INTERRUPTED = "interrupted"
TOOL_NOT_EXECUTED = "tool_not_executed"
NOT_EXECUTED_MESSAGE = (
    "The vehicle tool was unavailable (restarting), so the assistant's vehicle "
    "request was not executed; only what is listed as done was done."
)


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """What a model turn produced; ``error`` set means it failed.

    ``text`` is exactly the concatenation of what ``on_delta`` received.
    ``execute_called`` is set as soon as an execute call *started*, because
    the backend must never fall back to the offline path after one may have
    acted on the vehicle. An execute call that failed in transport (the MCP
    server restarting: codex got no result at all) and was not followed by a
    successful one makes ``error`` ``tool_not_executed``: the backend's
    leftovers still run and the Reply says the request was not executed
    (what the backend did receive is in its own results, which stay the
    truth of what was done).
    """

    text: str
    error: dict[str, str] | None
    execute_called: bool
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


def error(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def _provider_message(turn_error: Any) -> str:
    info = turn_error.get("codexErrorInfo") if isinstance(turn_error, Mapping) else None
    if isinstance(info, str) and _INFO_RE.fullmatch(info):
        return f"The language model provider failed ({info})."
    return "The language model provider failed."


def tool_call_record(item: Mapping[str, Any]) -> dict[str, Any]:
    """The backend's view of a completed ``mcpToolCall`` item (no arguments:
    they carry the request token)."""
    result = item.get("result")
    structured = result.get("structuredContent") if isinstance(result, Mapping) else None
    is_error = bool(result.get("isError")) if isinstance(result, Mapping) else False
    failure = item.get("error")
    return {
        "id": item.get("id"),
        "server": item.get("server"),
        "tool": item.get("tool"),
        "status": item.get("status"),
        "structured_content": structured,
        "is_error": is_error or item.get("status") == "failed",
        "error": failure.get("message") if isinstance(failure, Mapping) else None,
    }


class TurnCollector:
    """Accumulates one turn; ``done`` is set exactly when it ends."""

    def __init__(
        self,
        thread_id: str,
        generation: int,
        on_delta: Callable[[str], None] | None = None,
        on_tool_call: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.thread_id = thread_id
        self.generation = generation
        self.turn_id: str | None = None
        self.done = asyncio.Event()
        self.error: dict[str, str] | None = None
        self.execute_called = False
        self.tool_calls: list[dict[str, Any]] = []
        self.interrupt_reason: str | None = None
        """``interrupted`` (the user) or ``turn_deadline``, once asked."""
        self._on_delta = on_delta
        self._on_tool_call = on_tool_call
        self._parts: list[str] = []
        self._chars = 0
        self._last_message: str | None = None
        self._streamed: set[str] = set()
        self._undelivered = False
        """The latest execute call failed in transport (no result reached codex)."""
        self._backlog: deque[tuple[str, Mapping[str, Any]]] = deque(maxlen=BACKLOG)

    # -- routing -------------------------------------------------------------
    def bind(self, turn_id: str) -> None:
        """The id ``turn/start`` answered; replays this turn's early events."""
        self.turn_id = turn_id
        backlog, self._backlog = self._backlog, deque(maxlen=BACKLOG)
        for method, params in backlog:
            self.handle(method, params)

    def handle(self, method: str, params: Mapping[str, Any]) -> None:
        if self.done.is_set():
            return
        turn_id = params.get("turnId")
        if method == "turn/completed":
            turn = params.get("turn")
            turn_id = turn.get("id") if isinstance(turn, Mapping) else None
        if self.turn_id is None:
            self._backlog.append((method, params))
            return
        if turn_id is not None and turn_id != self.turn_id:
            log.debug("dropping %s of another turn", method)
            return
        self._apply(method, params)

    def fail(self, code: str, message: str) -> None:
        """End the turn with an error unless it already ended."""
        if not self.done.is_set():
            if self.error is None:
                self.error = error(code, message)
            self.done.set()

    def outcome(self) -> TurnOutcome:
        if self._undelivered and self.error is None:
            self.error = error(TOOL_NOT_EXECUTED, NOT_EXECUTED_MESSAGE)
        return TurnOutcome("".join(self._parts), self.error, self.execute_called, list(self.tool_calls))

    # -- events --------------------------------------------------------------
    def _apply(self, method: str, params: Mapping[str, Any]) -> None:
        item = params.get("item")
        item = item if isinstance(item, Mapping) else {}
        if method == "item/agentMessage/delta":
            delta = params.get("delta")
            if isinstance(delta, str):
                self._emit(str(params.get("itemId")), delta)
        elif method == "item/started" and item.get("type") == "mcpToolCall":
            if item.get("server") == MCP_SERVER and item.get("tool") == EXECUTE_TOOL:
                self.execute_called = True
        elif method == "item/completed" and item.get("type") == "agentMessage":
            text = item.get("text")
            item_id = str(item.get("id"))
            if isinstance(text, str) and text and item_id not in self._streamed:
                self._emit(item_id, text)  # a message that arrived without deltas
        elif method == "item/completed" and item.get("type") == "mcpToolCall":
            self._tool_completed(item)
        elif method == "error" and params.get("willRetry") is not True:
            if self.error is None:
                self.error = error(PROVIDER_ERROR, _provider_message(params.get("error")))
            # turn/completed normally follows at once; never wait past a grace for it
            asyncio.get_running_loop().call_later(ERROR_GRACE_S, self.done.set)
        elif method == "turn/completed":
            self._completed(params.get("turn"))

    def _emit(self, item_id: str, delta: str) -> None:
        if self._last_message is not None and item_id != self._last_message and self._parts:
            delta = "\n\n" + delta
        self._last_message = item_id
        self._streamed.add(item_id)
        room = MAX_TEXT_CHARS - self._chars
        if room <= 0 or not delta:
            return
        delta = delta[:room]
        self._parts.append(delta)
        self._chars += len(delta)
        self._callback(self._on_delta, delta)

    def _tool_completed(self, item: Mapping[str, Any]) -> None:
        record = tool_call_record(item)
        if record["server"] == MCP_SERVER and record["tool"] == EXECUTE_TOOL:
            self.execute_called = True
            self._undelivered = item.get("status") == "failed" and not isinstance(item.get("result"), Mapping)
        if len(self.tool_calls) < 64:
            self.tool_calls.append(record)
            self._callback(self._on_tool_call, record)

    def _completed(self, turn: Any) -> None:
        status = turn.get("status") if isinstance(turn, Mapping) else None
        if status == "failed" and self.error is None:
            self.error = error(PROVIDER_ERROR, _provider_message(turn.get("error")))
        elif status == "interrupted" and self.error is None:
            reason = self.interrupt_reason or INTERRUPTED
            self.error = error(
                reason,
                "The turn was interrupted." if reason == INTERRUPTED else "The assistant did not answer in time.",
            )
        elif status != "completed" and self.error is None:
            self.error = error(PROVIDER_ERROR, "The turn ended in an unknown state.")
        self.done.set()

    @staticmethod
    def _callback(function: Callable[[Any], None] | None, value: Any) -> None:
        if function is None:
            return
        try:
            function(value)
        except Exception as exc:  # a backend callback must not tear down codex
            log.warning("turn callback raised %s; the turn goes on", type(exc).__name__)


class TurnRouter:
    """Routes notifications to the one active turn of each thread."""

    def __init__(self) -> None:
        self._active: dict[str, TurnCollector] = {}

    def register(self, collector: TurnCollector) -> None:
        current = self._active.get(collector.thread_id)
        if current is not None and not current.done.is_set():
            raise TurnInProgressError("a turn is already active on this thread")
        self._active[collector.thread_id] = collector

    def unregister(self, collector: TurnCollector) -> None:
        if self._active.get(collector.thread_id) is collector:
            del self._active[collector.thread_id]

    def dispatch(self, method: str, params: Mapping[str, Any]) -> None:
        thread_id = params.get("threadId")
        collector = self._active.get(thread_id) if isinstance(thread_id, str) else None
        if collector is not None:
            collector.handle(method, params)

    def fail_all(self, code: str, message: str) -> None:
        for collector in list(self._active.values()):
            collector.fail(code, message)
