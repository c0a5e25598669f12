"""Shared pieces for the `n7_vehicle` tests: secrets, the server's environment, an SDK session.

Deliberately no `__init__.py` in this directory: as a package named `mcp`
it would shadow the SDK. Helper modules are therefore top-level modules with
`mcp_*` names, unique in the whole suite (`conftest` is not importable by
name: other directories have their own).
"""

from __future__ import annotations

import os
import secrets
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
