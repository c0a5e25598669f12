"""A tiny line-framed JSON-RPC driver for a child process (MCP server or `codex app-server`).

One JSON object per line on stdin/stdout. A reader thread records every
stdout line verbatim (so a test can assert stdout carries only protocol),
routes answers to their waiting request by id, keeps notifications in
arrival order, and answers the child's own requests through a callback (a
test asserts on `server_requests`; the callback only keeps the child from
hanging). Every wait is bounded; `close` ends the child: stdin closed, 2 s,
SIGTERM to its process group, 2 s, SIGKILL.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


class RpcError(Exception):
    """The child answered a request with a JSON-RPC error."""

    def __init__(self, method: str, error: dict[str, Any]) -> None:
        super().__init__(f"{method} failed: {error}")
        self.error = error


class LineRpc:
    """Drive a child speaking line-framed JSON-RPC."""

    def __init__(
        self,
        argv: list[str],
        *,
        env: dict[str, str],
        cwd: Path,
        stderr_path: Path,
        jsonrpc_field: bool = True,
        on_server_request: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        self._stderr = stderr_path.open("wb")
        self.proc = subprocess.Popen(
            argv,
            env=env,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            start_new_session=True,
        )
        self.stderr_path = stderr_path
        self.stdout_lines: list[bytes] = []
        self.notifications: list[dict[str, Any]] = []
        self.server_requests: list[dict[str, Any]] = []
        self._jsonrpc_field = jsonrpc_field
        self._on_server_request = on_server_request
        self._answers: dict[Any, dict[str, Any]] = {}
        self._next_id = 0
        self._cond = threading.Condition()
        self._write_lock = threading.Lock()
        self._eof = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _send(self, message: dict[str, Any]) -> None:
        if self._jsonrpc_field:
            message = {"jsonrpc": "2.0", **message}
        with self._write_lock:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(message).encode() + b"\n")
            self.proc.stdin.flush()

    def send_raw(self, line: bytes) -> None:
        with self._write_lock:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line)
            self.proc.stdin.flush()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self._cond:
                self.stdout_lines.append(line)
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if "method" in message and "id" in message:
                with self._cond:
                    self.server_requests.append(message)
                if self._on_server_request is not None:
                    self._send({"id": message["id"], **self._on_server_request(message)})
            elif "method" in message:
                with self._cond:
                    self.notifications.append(message)
                    self._cond.notify_all()
            elif "id" in message:
                with self._cond:
                    self._answers[message["id"]] = message
                    self._cond.notify_all()
        with self._cond:
            self._eof = True
            self._cond.notify_all()

    def request_id(self, method: str, params: dict[str, Any] | None = None) -> int:
        """Send a request without waiting; returns its id."""
        with self._cond:
            self._next_id += 1
            request_id = self._next_id
        message: dict[str, Any] = {"id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        return request_id

    def answer(self, request_id: int, method: str, timeout: float) -> dict[str, Any]:
        """Wait for the answer to `request_id`; the result, or `RpcError`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while request_id not in self._answers:
                remaining = deadline - time.monotonic()
                if self._eof or remaining <= 0:
                    raise TimeoutError(f"no answer to {method} (eof={self._eof}); stderr: {self.stderr_tail()}")
                self._cond.wait(remaining)
            message = self._answers.pop(request_id)
        if "error" in message:
            raise RpcError(method, message["error"])
        return message.get("result", {})

    def request(self, method: str, params: dict[str, Any] | None = None, *, timeout: float = 15.0) -> dict[str, Any]:
        return self.answer(self.request_id(method, params), method, timeout)

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        message: dict[str, Any] = {"method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], *, timeout: float) -> dict[str, Any]:
        """The first notification (in arrival order, past or future) that satisfies `predicate`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for message in self.notifications:
                    if predicate(message):
                        return message
                remaining = deadline - time.monotonic()
                if self._eof or remaining <= 0:
                    methods = [m.get("method") for m in self.notifications]
                    raise TimeoutError(f"notification not seen; got {methods}; stderr: {self.stderr_tail()}")
                self._cond.wait(remaining)

    def stderr_tail(self, size: int = 2000) -> str:
        if not self._stderr.closed:
            self._stderr.flush()
        return self.stderr_path.read_bytes()[-size:].decode(errors="replace")

    def close(self) -> int:
        """End the child (bounded) and return its exit status."""
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
        try:
            return self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass
        for sig, wait in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                return self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        return self.proc.wait(timeout=5)

    def __enter__(self) -> LineRpc:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        self._reader.join(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._stderr.close()
