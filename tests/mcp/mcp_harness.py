"""Shared pieces for the `n7_vehicle` tests: secrets, the server's environment, an SDK session,
the HTTP server on a socket the test bound.

Deliberately no `__init__.py` in this directory: as a package named `mcp`
it would shadow the SDK. Helper modules are therefore top-level modules with
`mcp_*` names, unique in the whole suite (`conftest` is not importable by
name: other directories have their own).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[2]
CALLBACK_TOKEN = "cb-" + secrets.token_urlsafe(24)
REQUEST_TOKEN = "rt." + secrets.token_urlsafe(18)
URL_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL"
TOKEN_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN"
TIMEOUT_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS"
BEARER_VARIABLE = "N7WEB_MCP_BEARER_TOKEN"
FD_VARIABLE = "N7WEB_MCP_LISTEN_FD"


def server_env(url: str, *, token: str = CALLBACK_TOKEN, timeout: str = "1.0") -> dict[str, str]:
    """The environment codex would give the server: HOME, LANG, PATH and the named variables."""
    env = {key: os.environ[key] for key in ("HOME", "LANG", "PATH") if key in os.environ}
    env.update(
        {
            URL_VARIABLE: url,
            TOKEN_VARIABLE: token,
            TIMEOUT_VARIABLE: timeout,
            "PYTHONUTF8": "1",
            "PYTHONIOENCODING": "utf-8",
        }
    )
    return env


def server_command() -> list[str]:
    return [sys.executable, "-m", "mcp_server"]


@asynccontextmanager
async def mcp_session(env: dict[str, str], errlog: IO[str]) -> AsyncIterator[object]:
    """A real SDK client session over stdio to a freshly spawned `python -m mcp_server`."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    command = server_command()
    params = StdioServerParameters(command=command[0], args=command[1:], env=env, cwd=str(REPO))
    async with stdio_client(params, errlog=errlog) as (read_stream, write_stream):
        async with ClientSession(read_stream, write_stream, read_timeout_seconds=20) as session:
            await session.initialize()
            yield session


class HttpServer:
    """`python -m mcp_server --http` on a socket this test bound, as the backend runs it.

    `with HttpServer(backend_url) as server:` -> `server.url`, `server.bearer`,
    `server.proc`; `server.restart()` starts a new process on the same socket.
    """

    def __init__(self, backend_url: str, *, stderr_path: Path | None = None, timeout: str = "1.0") -> None:
        import socket

        self.bearer = "mcp-" + secrets.token_urlsafe(32)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.env = server_env(backend_url, timeout=timeout)
        self.env.update({BEARER_VARIABLE: self.bearer, FD_VARIABLE: str(self.sock.fileno())})
        self._stderr_path = stderr_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        errlog = open(self._stderr_path, "ab") if self._stderr_path else None
        try:
            self.proc = subprocess.Popen(
                [*server_command(), "--http"],
                env=self.env,
                cwd=REPO,
                pass_fds=(self.sock.fileno(),),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errlog if errlog is not None else subprocess.DEVNULL,
            )
        finally:
            if errlog is not None:
                errlog.close()  # the child holds its own copy
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line == b"ready\n", f"the server did not start: {line!r}"

    def stop(self) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.terminate()
        code = self.proc.wait(10)
        self.proc.stdout.close()  # type: ignore[union-attr]
        return code

    def restart(self) -> None:
        self.stop()
        self.start()

    def headers(self, **extra: str) -> dict[str, str]:
        return {
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.bearer}",
            **extra,
        }

    def __enter__(self) -> HttpServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.sock.close()
