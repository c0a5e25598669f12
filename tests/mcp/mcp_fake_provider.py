"""A fake Responses-API model provider on loopback, for driving the real `codex app-server`.

Codex POSTs `/v1/responses` (`stream: true`) and reads SSE events
`event: KIND` / `data: {"type": KIND, ...}` (notes/codex-app-server-0.147.md).
Each request takes the next scripted reply; past the script it answers a
short text. A reply is either `tool_call(name, arguments)`, which must carry
the MCP namespace `mcp__n7_vehicle` or codex refuses it as an unsupported
call, or `text(...)`. Every request body is recorded so a test can read the
tools codex offered and the `function_call_output` it sent back.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

NAMESPACE = "mcp__n7_vehicle"
_USAGE = {
    "input_tokens": 10,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens": 5,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 15,
}


def tool_call(name: str, arguments: dict[str, Any], call_id: str = "call-1") -> list[dict[str, Any]]:
    """The SSE events of a reply that is one MCP tool call."""
    item = {
        "type": "function_call",
        "id": f"fc-{call_id}",
        "call_id": call_id,
        "name": name,
        "namespace": NAMESPACE,
        "arguments": json.dumps(arguments),
    }
    return [
        {"type": "response.created", "response": {"id": f"resp-{call_id}"}},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": {"id": f"resp-{call_id}", "usage": _USAGE}},
    ]


def text(reply: str, message_id: str = "msg-1") -> list[dict[str, Any]]:
    """The SSE events of a plain text reply."""
    return [
        {"type": "response.created", "response": {"id": f"resp-{message_id}"}},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {"type": "message", "role": "assistant", "id": message_id, "content": []},
        },
        {
            "type": "response.output_text.delta",
            "item_id": message_id,
            "output_index": 0,
            "content_index": 0,
            "delta": reply,
        },
        {
            "type": "response.output_item.done",
            "output_index": 0,
            "item": {
                "type": "message",
                "role": "assistant",
                "id": message_id,
                "content": [{"type": "output_text", "text": reply}],
            },
        },
        {"type": "response.completed", "response": {"id": f"resp-{message_id}", "usage": _USAGE}},
    ]


@dataclass
class FakeProvider:
    """`with FakeProvider([tool_call(...), text(...)]) as provider:`; configure codex with `provider.base_url`."""

    script: list[list[dict[str, Any]]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    other_paths: list[str] = field(default_factory=list)
    _queue: deque[list[dict[str, Any]]] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def _next(self) -> list[dict[str, Any]]:
        with self._lock:
            return self._queue.popleft() if self._queue else text("Done.", f"msg-extra-{len(self.requests)}")

    def __enter__(self) -> FakeProvider:
        provider = self
        self._queue.extend(self.script)

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not self.path.rstrip("/").endswith("/responses"):
                    self._not_found(body)
                    return
                with provider._lock:
                    provider.requests.append(json.loads(body))
                events = provider._next()
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                for event in events:
                    self.wfile.write(f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode())
                    self.wfile.flush()
                self.close_connection = True

            def do_GET(self) -> None:  # noqa: N802
                self._not_found(b"")

            def _not_found(self, _: bytes) -> None:
                with provider._lock:
                    provider.other_paths.append(f"{self.command} {self.path}")
                payload = b'{"error": {"message": "not found"}}'
                self.send_response(404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(payload)
                self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
