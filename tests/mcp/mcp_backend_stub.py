"""A loopback stand-in for the backend's internal routes (DESIGN sections 5 and 6).

A `ThreadingHTTPServer` on 127.0.0.1 and a free port that records every
request (method, path, headers, raw body) and answers from a script: each
scripted `Answer` is used once, in order, then `default` answers. An answer
can be delayed (to test the callback timeout), can be raw bytes (to test
unreadable answers) and can lie about its length.

The real backend is written in parallel; end-to-end tests against it live
elsewhere. This stub only speaks the contract.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

EXECUTE_RESULT: dict[str, Any] = {
    "status": "applied",
    "message": "Driver zone set to 21 degrees.",
    "actions": [
        {
            "capability": "climate.set_temperature",
            "target": "driver",
            "parameters": {"celsius": 21.0},
            "status": "applied",
            "reason": None,
            "message": "Driver zone set to 21 degrees.",
            "source": "both",
            "members": [
                {"target": "driver", "status": "applied", "reason": None, "frames": [{"id": "0x3A0", "data": "15"}]}
            ],
            "frames": [{"id": "0x3A0", "data": "0a1b2c3d4e5f6071"}],
        }
    ],
}
CATALOG_RESULT: dict[str, Any] = {
    "generation": "g-1",
    "capabilities": [{"id": "climate.set_temperature", "targets": ["driver", "passenger", "all"]}],
}


@dataclass
class Answer:
    """One scripted answer."""

    status: int = 200
    body: Any = None
    """JSON-serialisable body; ignored when `raw` is set."""
    raw: bytes | None = None
    delay: float = 0.0
    """Seconds to wait before answering (the stub's own timeout test lever)."""
    content_length: int | None = None
    """Declared Content-Length when it should differ from the real one."""


@dataclass
class Recorded:
    """One request as the stub saw it."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class BackendStub:
    """Start with `with BackendStub() as stub:`; point the server at `stub.url`."""

    base_path: str = "/internal/v1"
    requests: list[Recorded] = field(default_factory=list)
    _script: deque[Answer] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)

    def script(self, *answers: Answer) -> None:
        with self._lock:
            self._script.extend(answers)

    def reset(self) -> None:
        with self._lock:
            self._script.clear()
            self.requests.clear()

    def default_answer(self, path: str) -> Answer:
        if path.endswith("/capabilities"):
            return Answer(200, CATALOG_RESULT)
        return Answer(200, EXECUTE_RESULT)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{self.base_path}"

    def _next(self, path: str) -> Answer:
        with self._lock:
            return self._script.popleft() if self._script else self.default_answer(path)

    def __enter__(self) -> BackendStub:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with stub._lock:
                    stub.requests.append(
                        Recorded("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                answer = stub._next(self.path)
                if answer.delay and stub._stop.wait(answer.delay):
                    return
                payload = answer.raw if answer.raw is not None else json.dumps(answer.body).encode()
                self.send_response(answer.status)
                self.send_header("Content-Type", "application/json")
                length_header = answer.content_length if answer.content_length is not None else len(payload)
                self.send_header("Content-Length", str(length_header))
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
