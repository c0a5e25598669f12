"""Start the real pinned `codex app-server` with `n7_vehicle` as its only MCP server.

Test-only and self-contained on purpose: the command line follows
notes/codex-app-server-0.147.md with the production launch overrides, a
`fixture` provider on loopback with no retries, and the url form of
`mcp_servers.n7_vehicle` pointing at a server the test started
(`mcp_harness.HttpServer`). The bearer is in codex's environment only,
named by `bearer_token_env_var`; codex needs no callback variable at all.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mcp_harness import BEARER_VARIABLE, REPO, HttpServer
from mcp_jsonrpc import LineRpc

from app.assistant.launch import STATIC_OVERRIDES

CODEX_BINARY = REPO / ".tools/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex"
TOOLS = ["get_n7web_capabilities", "execute_cockpit_request"]


def _toml(value: Any) -> str:
    """A TOML inline value; JSON's string escapes are valid TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + "}"
    raise TypeError(type(value))


def codex_argv(
    provider_url: str, mcp_url: str, *, approval_mode: str = "approve", tool_timeout_sec: int = 30
) -> list[str]:
    server = {
        "url": mcp_url,
        "bearer_token_env_var": BEARER_VARIABLE,
        "enabled": True,
        "required": True,
        "enabled_tools": TOOLS,
        "default_tools_approval_mode": approval_mode,
        "startup_timeout_sec": 20,
        "tool_timeout_sec": tool_timeout_sec,
    }
    provider = {
        "name": "fixture",
        "base_url": provider_url,
        "wire_api": "responses",
        "requires_openai_auth": False,
        "request_max_retries": 0,
        "stream_max_retries": 0,
    }
    argv = [str(CODEX_BINARY), "app-server", "--stdio", "--strict-config"]
    for override in [
        *STATIC_OVERRIDES,  # the production launch overrides: codex runs as the service runs it
        'model_provider="fixture"',
        'model="fixture"',
        f"model_providers.fixture={_toml(provider)}",
        f"mcp_servers.n7_vehicle={_toml(server)}",
    ]:
        argv += ["-c", override]
    return argv


def codex_env(codex_home: Path, bearer: str) -> dict[str, str]:
    """An allowlisted environment: codex's own needs plus the MCP bearer."""
    env = {key: os.environ[key] for key in ("PATH", "LANG") if key in os.environ}
    env.update({"HOME": str(codex_home), "CODEX_HOME": str(codex_home), BEARER_VARIABLE: bearer})
    return env


def _decline(message: dict[str, Any]) -> dict[str, Any]:
    """Answer any server request with a refusal; the test asserts none arrived."""
    if message.get("method") == "mcpServer/elicitation/request":
        return {"result": {"action": "decline", "content": None}}
    if message.get("method", "").endswith("requestApproval"):
        return {"result": {"decision": "decline"}}
    return {"error": {"code": -32601, "message": "not supported by this client"}}


def start_codex(tmp: Path, provider_url: str, server: HttpServer, **argv_options: Any) -> LineRpc:
    """Spawn codex with a scratch 0700 CODEX_HOME under `tmp` and complete `initialize`."""
    codex_home = tmp / "codex-home"
    codex_home.mkdir(mode=0o700)
    codex = LineRpc(
        codex_argv(provider_url, server.url, **argv_options),
        env=codex_env(codex_home, server.bearer),
        cwd=tmp,
        stderr_path=tmp / "codex.stderr",
        jsonrpc_field=False,
        on_server_request=_decline,
    )
    try:
        init = codex.request(
            "initialize", {"clientInfo": {"name": "n7web-mcp-tests", "title": "n7web tests", "version": "0"}}
        )
    except BaseException:
        codex.close()
        raise
    codex.user_agent = init.get("userAgent", "")  # type: ignore[attr-defined]
    codex.notify("initialized")
    return codex


def thread_start_params(workspace: Path, **extra: Any) -> dict[str, Any]:
    return {
        "cwd": str(workspace),
        "approvalPolicy": "never",
        "sandbox": "read-only",
        "baseInstructions": "You are the N7Web cockpit assistant test double.",
        **extra,
    }


def turn_start_params(thread_id: str, text: str) -> dict[str, Any]:
    return {
        "threadId": thread_id,
        "input": [{"type": "text", "text": text}],
        "approvalPolicy": "never",
        "sandboxPolicy": {"type": "readOnly", "networkAccess": False},
    }


def mcp_server_pids(ancestor: int) -> set[int]:
    """PIDs of `python -m mcp_server` processes descending from `ancestor`, read from /proc."""
    parents: dict[int, int] = {}
    commands: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        commands[pid] = [part.decode(errors="replace") for part in cmdline if part]

    def descends(pid: int) -> bool:
        seen = 0
        while pid > 1 and seen < 64:
            pid = parents.get(pid, 0)
            if pid == ancestor:
                return True
            seen += 1
        return False

    return {pid for pid, argv in commands.items() if argv[1:3] == ["-m", "mcp_server"] and descends(pid)}
