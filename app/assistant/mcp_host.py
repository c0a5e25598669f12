"""The one ``n7_vehicle`` MCP server of the service: bound, started, supervised.

Why the backend hosts it (DESIGN sections 7 and 8): codex 0.147.0 starts a
stdio MCP server per loaded thread (~66 MiB and ~0.9 s each); pointed at a
streamable-HTTP ``url`` it starts none and every thread shares this server.

- The backend binds ``127.0.0.1:0`` itself and keeps the listening socket
  for the life of the service; the child inherits the descriptor
  (``pass_fds``). No other process can take the port while the server
  restarts, and a connection made while it restarts waits in the socket's
  backlog instead of being refused.
- The bearer is random per service start, constant across restarts (codex
  reads it once, at launch) and travels only through environments: this
  child's and codex's (``bearer_token_env_var``). Never argv, never a file,
  never a log line (stderr is redacted before it is logged).
- The child says ``ready`` on stdout once it serves; it is restarted with
  exponential backoff when it exits; a refused configuration (status 2) is
  final. :meth:`McpHost.state` is ``"up"`` or ``"down"``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigurationError
from .redact import redact_text
from .settings import validate_callback_token, validate_callback_url

log = logging.getLogger(__name__)

BEARER_VAR = "N7WEB_MCP_BEARER_TOKEN"
FD_VAR = "N7WEB_MCP_LISTEN_FD"
CALLBACK_URL_VAR = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL"
CALLBACK_TOKEN_VAR = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN"
CALLBACK_TIMEOUT_VAR = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS"
MCP_PATH = "/mcp"
EXIT_CONFIG = 2
"""``python -m mcp_server`` refused its environment: restarting cannot help."""
BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 30.0
STABLE_AFTER_S = 60.0
TERM_GRACE_S = 3.0
LISTEN_BACKLOG = 128
PROJECT_ROOT = Path(__file__).resolve().parents[2]
"""Where ``mcp_server`` sits beside ``app``: the child's cwd, so ``-m`` finds this very copy."""
_ENV_PASSED = ("PATH", "HOME", "LANG", "TMPDIR")


#: How long closing waits for the supervising task before it ends the child itself.
CLOSE_WAIT_S = 2.0


@dataclass(frozen=True, slots=True)
class McpEndpoint:
    """What codex needs to reach the server: the URL and the bearer (secret)."""

    url: str
    bearer: str

    def __repr__(self) -> str:
        return f"McpEndpoint(url={self.url!r}, bearer='[redacted]')"


class McpHost:
    """Owns the listening socket, the bearer and the server child."""

    def __init__(
        self,
        callback_url: str,
        callback_token: str,
        callback_timeout_s: float,
        *,
        command: str = sys.executable,
        args: tuple[str, ...] = ("-m", "mcp_server", "--http"),
        environ: Mapping[str, str] | None = None,
        startup_timeout_s: float = 20.0,
        on_status: Callable[[str], None] | None = None,
    ) -> None:
        self._callback_url = validate_callback_url(callback_url)
        self._callback_token = validate_callback_token(callback_token)
        if not 0 < callback_timeout_s <= 120:
            raise ConfigurationError("the MCP callback timeout must be within (0, 120] seconds")
        self._callback_timeout_s = callback_timeout_s
        self._argv = (command, *args)
        self._environ = dict(os.environ if environ is None else environ)
        self._startup_timeout_s = startup_timeout_s
        self._on_status = on_status
        self._bearer = secrets.token_urlsafe(32)
        self._sock: socket.socket | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._task: asyncio.Task[None] | None = None
        self._up = False
        self._closing = False
        self._final = False
        self._changed = asyncio.Event()
        self._first_attempt = asyncio.Event()
        self.restarts = 0
        """How many times the server was started again after an exit."""

    # -- what others read ------------------------------------------------------
    @property
    def state(self) -> str:
        """``"up"`` while a child serves requests, else ``"down"``."""
        return "up" if self._up else "down"

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return proc.pid if proc is not None and proc.returncode is None else None

    def endpoint(self) -> McpEndpoint:
        """The URL and bearer for codex; ConfigurationError before :meth:`start`."""
        if self._sock is None:
            raise ConfigurationError("the n7_vehicle MCP server has no socket (not started)")
        port = self._sock.getsockname()[1]
        return McpEndpoint(f"http://127.0.0.1:{port}{MCP_PATH}", self._bearer)

    def secrets(self) -> tuple[str, ...]:
        """Literal secrets to scrub from anything surfaced."""
        return (self._bearer, self._callback_token)

    async def wait_up(self, timeout: float) -> bool:
        """True once the server is up (bounded); False when down past ``timeout``."""
        deadline = time.monotonic() + max(timeout, 0.0)
        while not self._up:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._final or self._closing:
                return self._up
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return True

    # -- lifecycle -------------------------------------------------------------
    async def start(self) -> None:
        """Bind, start the child, return once it is up or its first start failed."""
        if self._task is not None:
            return
        self.listen()
        await self.first_attempt()

    def listen(self) -> None:
        """Bind the socket and start the child in the background, at once.

        :meth:`endpoint` is known from here on: a client that connects before
        the child serves waits in the socket's backlog, never refused.
        """
        if self._task is not None:
            return
        self._closing = False
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        sock.listen(LISTEN_BACKLOG)
        sock.set_inheritable(True)
        self._sock = sock
        self._first_attempt.clear()
        self._task = asyncio.create_task(self._supervise(), name="n7-vehicle-mcp")

    async def first_attempt(self) -> None:
        """Return once the child started by :meth:`listen` is up or its first start failed."""
        await self._first_attempt.wait()

    async def close(self) -> None:
        """Stop supervising, end the child (SIGTERM, then SIGKILL), release the port."""
        self._closing = True
        if self._task is not None:
            task = self._task
            task.cancel()
            done, _ = await asyncio.wait({task}, timeout=CLOSE_WAIT_S)
            if not done:
                # The cancellation was lost (asyncio.wait_for in Python 3.11 can
                # swallow one) and the task still waits on the child: end the
                # child, which ends that wait, instead of waiting forever.
                await self._stop_child()
                task.cancel()
                await asyncio.wait({task}, timeout=CLOSE_WAIT_S)
            self._task = None
        await self._stop_child()
        self._set_up(False)
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    # -- the child -------------------------------------------------------------
    def _child_env(self, fd: int) -> dict[str, str]:
        env = {k: v for k, v in self._environ.items() if k in _ENV_PASSED or k.startswith("LC_")}
        env.update(
            {
                CALLBACK_URL_VAR: self._callback_url,
                CALLBACK_TOKEN_VAR: self._callback_token,
                CALLBACK_TIMEOUT_VAR: f"{self._callback_timeout_s:g}",
                BEARER_VAR: self._bearer,
                FD_VAR: str(fd),
                "PYTHONUTF8": "1",
                "PYTHONIOENCODING": "utf-8",
                "PYTHONDONTWRITEBYTECODE": "1",
            }
        )
        return env

    async def _spawn(self) -> asyncio.subprocess.Process:
        assert self._sock is not None
        fd = self._sock.fileno()
        return await asyncio.create_subprocess_exec(
            *self._argv,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._child_env(fd),
            cwd=str(PROJECT_ROOT),
            pass_fds=(fd,),
            start_new_session=True,
        )

    async def _drain_stderr(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stderr is not None
        while True:
            try:
                line = await proc.stderr.readline()
            except (ValueError, OSError):  # over-long line or closed pipe: skip it
                line = await proc.stderr.read(4096)
            if not line:
                return
            text = redact_text(line[:2048].decode("utf-8", "replace").strip(), self.secrets())
            if text:
                log.warning("n7_vehicle: %s", text)

    async def _ready(self, proc: asyncio.subprocess.Process) -> bool:
        assert proc.stdout is not None
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), self._startup_timeout_s)
        except (TimeoutError, ValueError, OSError):
            return False
        return line.strip() == b"ready"

    async def _supervise(self) -> None:
        backoff = BACKOFF_FIRST_S
        try:
            while not self._closing:
                try:
                    proc = self._proc = await self._spawn()
                except OSError as exc:  # the interpreter itself cannot run: nothing to retry
                    self._final = True
                    self._changed.set()
                    log.error("cannot start the n7_vehicle MCP server (%s)", type(exc).__name__)
                    return
                drain = asyncio.create_task(self._drain_stderr(proc))
                started = time.monotonic()
                if await self._ready(proc):
                    self._set_up(True)
                    log.info("n7_vehicle MCP server up (pid %d)", proc.pid)
                else:
                    log.warning("n7_vehicle MCP server did not become ready")
                    await self._stop_child()
                self._first_attempt.set()
                code = await proc.wait()
                self._set_up(False)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(drain, 1.0)
                if self._closing:
                    return
                if code == EXIT_CONFIG:
                    self._final = True
                    self._changed.set()
                    log.error("n7_vehicle MCP server refused its configuration; not restarting")
                    return
                if time.monotonic() - started > STABLE_AFTER_S:
                    backoff = BACKOFF_FIRST_S
                self.restarts += 1
                log.warning("n7_vehicle MCP server exited (status %s); restarting in %.2f s", code, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX_S)
        finally:
            self._first_attempt.set()

    async def _stop_child(self) -> None:
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            # Signal the child's group with os.killpg, never proc.send_signal:
            # Popen.send_signal polls first, which reaps a child that has just
            # exited, and asyncio's watcher then reports status 255 instead of
            # the real one (a refused configuration, status 2, looked like a
            # crash and was restarted).
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, sig)
            try:
                await asyncio.wait_for(proc.wait(), TERM_GRACE_S)
                return
            except TimeoutError:
                continue

    def _set_up(self, up: bool) -> None:
        if up == self._up:
            return
        self._up = up
        self._changed.set()
        if self._on_status is not None:
            try:
                self._on_status(self.state)
            except Exception as exc:  # a listener bug must not stop supervision
                log.warning("MCP status listener raised %s", type(exc).__name__)
