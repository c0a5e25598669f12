"""A scripted fake Responses-API model provider on 127.0.0.1 (SSE).

Why: the assistant tests drive the real codex binary, which needs a model.
Codex POSTs ``/v1/responses`` with ``stream: true``; each test queues the
answers it wants (text deltas, a namespaced ``function_call``, an HTTP error
or a stall) and reads back the request bodies codex sent.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Reply:
    """One scripted answer to one ``POST /v1/responses``.

    ``kind`` is ``text`` (``deltas`` streamed as output_text deltas),
    ``tool`` (one function_call in ``namespace`` with JSON ``arguments``),
    ``status`` (a bare HTTP error ``status``) or ``stall`` (``response.created``
    then silence for ``stall_s`` seconds, to exercise deadlines).
    """

    kind: str
    deltas: tuple[str, ...] = ()
    name: str = ""
    namespace: str = ""
    arguments: dict = field(default_factory=dict)
    status: int = 500
    stall_s: float = 0.0


def text(*deltas: str) -> Reply:
    return Reply("text", deltas=deltas)


def tool_call(arguments: dict, name: str = "execute_cockpit_request", namespace: str = "mcp__n7_vehicle") -> Reply:
    return Reply("tool", name=name, namespace=namespace, arguments=arguments)


def http_status(status: int) -> Reply:
    return Reply("status", status=status)


def stall(seconds: float) -> Reply:
    return Reply("stall", stall_s=seconds)


def _event(kind: str, **body: object) -> bytes:
    payload = {"type": kind, **body}
    return f"event: {kind}\ndata: {json.dumps(payload)}\n\n".encode()


def _usage() -> dict:
    return {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 15,
    }


def _events(reply: Reply, serial: int) -> list[bytes]:
    response_id = f"resp_{serial}"
    created = _event("response.created", response={"id": response_id})
    completed = _event("response.completed", response={"id": response_id, "usage": _usage()})
    if reply.kind == "tool":
        item = {
            "type": "function_call",
            "id": f"fc_{serial}",
            "call_id": f"call_{serial}",
            "name": reply.name,
            "namespace": reply.namespace,
            "arguments": json.dumps(reply.arguments),
        }
        return [created, _event("response.output_item.done", output_index=0, item=item), completed]
    item_id = f"msg_{serial}"
    full = "".join(reply.deltas)
    out = [
        created,
        _event(
            "response.output_item.added",
            output_index=0,
            item={"type": "message", "role": "assistant", "id": item_id, "status": "in_progress", "content": []},
        ),
    ]
    out += [
        _event("response.output_text.delta", item_id=item_id, output_index=0, content_index=0, delta=delta)
        for delta in reply.deltas
    ]
    out.append(
        _event(
            "response.output_item.done",
            output_index=0,
            item={
                "type": "message",
                "role": "assistant",
                "id": item_id,
                "status": "completed",
                "content": [{"type": "output_text", "text": full, "annotations": []}],
            },
        )
    )
    out.append(completed)
    return out


class FakeProvider:
    """The server; ``push`` queues replies, ``requests`` holds what codex sent."""

    def __init__(self) -> None:
        self.replies: queue.Queue[Reply] = queue.Queue()
        self.requests: list[dict] = []
        self._serial = 0
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def push(self, *replies: Reply) -> None:
        for reply in replies:
            self.replies.put(reply)

    def start(self) -> FakeProvider:
        self._thread.start()
        return self

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict) -> tuple[Reply, int]:
        with self._lock:
            self.requests.append(body)
            self._serial += 1
            serial = self._serial
        try:
            return self.replies.get_nowait(), serial
        except queue.Empty:
            return text("ok"), serial

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {}
                reply, serial = provider._next(body)
                if reply.kind == "status":
                    payload = b'{"error": {"message": "provider down"}}'
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    if reply.kind == "stall":
                        self.wfile.write(_event("response.created", response={"id": f"resp_{serial}"}))
                        self.wfile.flush()
                        time.sleep(reply.stall_s)
                        return
                    for chunk in _events(reply, serial):
                        self.wfile.write(chunk)
                        self.wfile.flush()
                except OSError:
                    pass
                self.close_connection = True

        return Handler
