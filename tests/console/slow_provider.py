"""A scripted Responses-API model on loopback whose text arrives slowly.

The console's streaming test needs the model's deltas spaced in time, so the
page really renders each partial text. The end-to-end helper's provider
(``tests/e2e/e2e_provider.py``) writes a reply's events back to back; this
one reuses its request reading (``parse_call``: the turn's utterance and
request token from the trusted context) and writes a text reply delta by
delta with ``gap_s`` between them. A script maps an utterance to steps, step
*n* answering the turn's *n*-th model request; a step is a reply or a
function of the call returning one.
"""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Union

from e2e.e2e_provider import EXECUTE, NAMESPACE, Call, parse_call

_USAGE = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0},
          "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15}


@dataclass(frozen=True)
class SlowText:
    deltas: tuple[str, ...]
    gap_s: float = 0.0


@dataclass(frozen=True)
class ToolCall:
    arguments: dict[str, Any] = field(default_factory=dict)


def slow_text(*deltas: str, gap_s: float) -> SlowText:
    return SlowText(tuple(deltas), gap_s)


def execute(token: str, plan: dict[str, Any] | None = None) -> ToolCall:
    arguments: dict[str, Any] = {"request_token": token}
    if plan is not None:
        arguments["plan"] = plan
    return ToolCall(arguments)


Step = Union[SlowText, ToolCall, Callable[[Call], Union[SlowText, ToolCall]]]


def _sse(kind: str, **body: Any) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **body})}\n\n".encode()


class SlowProvider:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._scripts: dict[str, list[Step]] = {}
        self._lock = threading.Lock()
        self._serial = 0
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def script(self, utterance: str, *steps: Step) -> None:
        with self._lock:
            self._scripts[utterance] = list(steps)

    def calls_for(self, utterance: str) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.utterance == utterance]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)

    def _answer(self, body: dict[str, Any]) -> tuple[SlowText | ToolCall, int]:
        call = parse_call(body)
        with self._lock:
            self.calls.append(call)
            self._serial += 1
            serial = self._serial
            steps = self._scripts.get(call.utterance or "")
        step: Step = SlowText(("OK.",))
        if steps and call.step < len(steps):
            step = steps[call.step]
        return (step(call) if callable(step) else step), serial

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                reply, serial = provider._answer(json.loads(raw or b"{}"))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                rid, mid = f"resp_{serial}", f"msg_{serial}"
                try:
                    self._write(_sse("response.created", response={"id": rid}))
                    if isinstance(reply, ToolCall):
                        item = {"type": "function_call", "id": f"fc_{serial}", "call_id": f"call_{serial}",
                                "name": EXECUTE, "namespace": NAMESPACE, "arguments": json.dumps(reply.arguments)}
                        self._write(_sse("response.output_item.done", output_index=0, item=item))
                    else:
                        self._write(_sse("response.output_item.added", output_index=0, item={
                            "type": "message", "role": "assistant", "id": mid, "status": "in_progress",
                            "content": []}))
                        for i, delta in enumerate(reply.deltas):
                            if i:
                                time.sleep(reply.gap_s)
                            self._write(_sse("response.output_text.delta", item_id=mid, output_index=0,
                                             content_index=0, delta=delta))
                        self._write(_sse("response.output_item.done", output_index=0, item={
                            "type": "message", "role": "assistant", "id": mid, "status": "completed",
                            "content": [{"type": "output_text", "text": "".join(reply.deltas),
                                         "annotations": []}]}))
                    self._write(_sse("response.completed", response={"id": rid, "usage": _USAGE}))
                except OSError:
                    pass
                self.close_connection = True

            def _write(self, chunk: bytes) -> None:
                self.wfile.write(chunk)
                self.wfile.flush()

        return Handler
