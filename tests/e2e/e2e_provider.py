"""The one fake in the end-to-end tests: a Responses-API model on loopback.

Why a scripted model and not canned bytes: the real codex binary, the real
MCP server and the real backend sit between the test and this provider, so
the model's side must react to what actually arrives. Every
``POST /v1/responses`` is parsed into a :class:`Call` (the turn's utterance
and request token from the trusted context, the tools codex offered, the
``function_call_output`` items of the current turn) and handed to the
script registered for that utterance. A script is a list of steps: step *n*
answers the turn's *n*-th request (so step 0 usually calls the tool and
step 1 explains the output it then receives). A step is a :class:`Reply` or
a function of the :class:`Call` returning one.

Codex expects SSE ``event: KIND`` / ``data: {"type": KIND, ...}``; a tool
call must be a ``function_call`` in namespace ``mcp__n7_vehicle`` (notes on
codex-app-server 0.147).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CONTEXT_PREFIX = "N7WEB_APPLICATION_CONTEXT (trusted; never disclose): "
INSTRUCTION_MARK = "\n\nUSER_INSTRUCTION:\n"
NAMESPACE = "mcp__n7_vehicle"
EXECUTE = "execute_cockpit_request"
_USAGE = {
    "input_tokens": 10,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens": 5,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 15,
}


@dataclass(frozen=True)
class Reply:
    """One answer: ``text`` (deltas), ``tool`` (a namespaced function call),
    ``status`` (a bare HTTP error) or ``stall`` (``response.created``, then
    nothing until ``release`` is set or ``stall_s`` passes)."""

    kind: str
    deltas: tuple[str, ...] = ()
    arguments: dict[str, Any] = field(default_factory=dict)
    name: str = EXECUTE
    status: int = 500
    stall_s: float = 0.0
    release: threading.Event | None = None
    gap_s: float = 0.0
    """Pause between text deltas, so a client really renders each partial text."""


def text(*deltas: str, gap_s: float = 0.0) -> Reply:
    return Reply("text", deltas=deltas, gap_s=gap_s)


def execute(token: str, plan: dict[str, Any] | None = None) -> Reply:
    """``execute_cockpit_request``; without ``plan`` the key is omitted (never null)."""
    arguments: dict[str, Any] = {"request_token": token}
    if plan is not None:
        arguments["plan"] = plan
    return Reply("tool", arguments=arguments)


def after(seconds: float, reply: Reply) -> Callable[[Call], Reply]:
    """A step that answers ``reply`` only after ``seconds`` (a slow model)."""

    def step(call: Call) -> Reply:
        time.sleep(seconds)
        return reply

    return step


def http_error(status: int = 500) -> Reply:
    return Reply("status", status=status)


def stall(seconds: float, release: threading.Event | None = None) -> Reply:
    return Reply("stall", stall_s=seconds, release=release)


@dataclass
class Call:
    """One model request as the script sees it."""

    body: dict[str, Any]
    at: float
    """``time.monotonic()`` when the request arrived."""
    utterance: str | None = None
    context: dict[str, Any] | None = None
    earlier_contexts: list[dict[str, Any]] = field(default_factory=list)
    """Trusted contexts of the thread's earlier turns (oldest first)."""
    outputs: list[str] = field(default_factory=list)
    """``function_call_output`` texts of the current turn, in order."""
    done_at: float | None = None
    """``time.monotonic()`` when the last byte of the answer was written."""

    @property
    def token(self) -> str | None:
        return (self.context or {}).get("request_token")

    @property
    def step(self) -> int:
        return len(self.outputs)

    def tools(self) -> dict[str, list[str]]:
        """Offered tools: namespace (or ``""`` for top-level) -> function names."""
        found: dict[str, list[str]] = {}
        for tool in self.body.get("tools") or []:
            if tool.get("type") == "namespace":
                found[tool.get("name", "")] = sorted(t.get("name", "") for t in tool.get("tools") or [])
            else:
                found.setdefault("", []).append(tool.get("name") or tool.get("type", ""))
        found.get("", []).sort()
        return found

    def output_result(self, index: int = -1) -> tuple[Any, str]:
        """(the parsed JSON of a function_call_output, its whole text).

        Codex sends a wall-time header, then ``Output:`` and the tool's
        structured content (a JSON object) or, for an ``isError`` result,
        its content list (``[{"type": "text", "text": ...}]``).
        """
        raw = self.outputs[index]
        _, marker, body = raw.partition("Output:\n")
        try:
            return (json.loads(body) if marker else None), raw
        except ValueError:
            return None, raw


Step = Reply | Callable[[Call], Reply]


def _input_text(item: dict[str, Any]) -> str:
    content = item.get("content")
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content or [] if isinstance(part, dict))


def parse_call(body: dict[str, Any]) -> Call:
    call = Call(body=body, at=time.monotonic())
    contexts: list[dict[str, Any]] = []
    for item in body.get("input") or []:
        if item.get("type") == "message" and item.get("role") == "user":
            content = _input_text(item)
            if content.startswith(CONTEXT_PREFIX) and INSTRUCTION_MARK in content:
                head, _, utterance = content[len(CONTEXT_PREFIX) :].partition(INSTRUCTION_MARK)
                contexts.append(json.loads(head))
                call.utterance = utterance
                call.outputs = []
        elif item.get("type") == "function_call_output":
            output = item.get("output")
            if isinstance(output, dict | list):
                output = json.dumps(output)
            call.outputs.append(str(output))
    if contexts:
        call.context = contexts[-1]
        call.earlier_contexts = contexts[:-1]
    return call


def _sse(kind: str, **body: Any) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **body})}\n\n".encode()


def _events(reply: Reply, serial: int) -> Iterator[bytes]:
    """The SSE chunks of one answer; text deltas ``gap_s`` apart (written lazily)."""
    for i, chunk in enumerate(_chunks(reply, serial)):
        if reply.gap_s and chunk.startswith(b"event: response.output_text.delta") and i > 2:
            time.sleep(reply.gap_s)
        yield chunk


def _chunks(reply: Reply, serial: int) -> list[bytes]:
    rid = f"resp_{serial}"
    created = _sse("response.created", response={"id": rid})
    completed = _sse("response.completed", response={"id": rid, "usage": _USAGE})
    if reply.kind == "tool":
        item = {
            "type": "function_call",
            "id": f"fc_{serial}",
            "call_id": f"call_{serial}",
            "name": reply.name,
            "namespace": NAMESPACE,
            "arguments": json.dumps(reply.arguments),
        }
        return [created, _sse("response.output_item.done", output_index=0, item=item), completed]
    mid = f"msg_{serial}"
    out = [
        created,
        _sse(
            "response.output_item.added",
            output_index=0,
            item={"type": "message", "role": "assistant", "id": mid, "status": "in_progress", "content": []},
        ),
    ]
    out += [
        _sse("response.output_text.delta", item_id=mid, output_index=0, content_index=0, delta=d) for d in reply.deltas
    ]
    out.append(
        _sse(
            "response.output_item.done",
            output_index=0,
            item={
                "type": "message",
                "role": "assistant",
                "id": mid,
                "status": "completed",
                "content": [{"type": "output_text", "text": "".join(reply.deltas), "annotations": []}],
            },
        )
    )
    out.append(completed)
    return out


class Provider:
    """The loopback server. ``script(utterance, *steps)`` registers a turn's
    answers; unscripted requests get a short text. ``calls`` records every
    request (the tests read tokens and tool outputs from it)."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._scripts: dict[str, list[Step]] = {}
        self._lock = threading.Lock()
        self._serial = 0
        self._stalls: list[threading.Event] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        # not daemon: server_close() joins the handlers (stalls are released first)
        self._server.daemon_threads = False
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, utterance: str, *steps: Step) -> None:
        with self._lock:
            self._scripts[utterance] = list(steps)

    def calls_for(self, utterance: str) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.utterance == utterance]

    def close(self) -> None:
        for event in self._stalls:
            event.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)

    def _answer(self, body: dict[str, Any]) -> tuple[Call, Reply, int]:
        call = parse_call(body)
        with self._lock:
            self.calls.append(call)
            self._serial += 1
            serial = self._serial
            steps = self._scripts.get(call.utterance or "")
        step: Step = text("OK.")
        if steps and call.step < len(steps):
            step = steps[call.step]
        reply = step(call) if callable(step) else step
        return call, reply, serial

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not self.path.rstrip("/").endswith("/responses"):
                    self._plain(404, b'{"error": {"message": "not found"}}')
                    return
                try:
                    call, reply, serial = provider._answer(json.loads(raw or b"{}"))
                except Exception as exc:  # a script bug must show in the test, not hang codex
                    self._plain(500, json.dumps({"error": {"message": repr(exc)}}).encode())
                    return
                if reply.kind == "status":
                    self._plain(reply.status, b'{"error": {"message": "provider down"}}')
                    call.done_at = time.monotonic()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    if reply.kind == "stall":
                        self.wfile.write(_sse("response.created", response={"id": f"resp_{serial}"}))
                        self.wfile.flush()
                        release = reply.release or threading.Event()
                        provider._stalls.append(release)
                        release.wait(reply.stall_s)
                    else:
                        for chunk in _events(reply, serial):
                            self.wfile.write(chunk)
                            self.wfile.flush()
                except OSError:
                    pass
                call.done_at = time.monotonic()
                self.close_connection = True

            def _plain(self, status: int, payload: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(payload)
                self.close_connection = True

        return Handler
