"""A stand-in for the ``n7_vehicle`` stdio MCP server, stdlib only.

Why: a *second*, user-configured stdio server that the assistant must keep
from ever running (the real ``n7_vehicle`` is the backend's shared HTTP
server). This speaks just enough MCP
(initialize, tools/list, tools/call, ping) and forwards ``tools/call`` to the
callback the way the real server does: POST ``<CALLBACK_URL>/<path>`` with the
bearer token from the environment, and return the JSON answer as
``structuredContent``.

``--marker FILE`` appends this process's pid to FILE at start, so a test can
prove that a server it configured did (or did not) run.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request

TOOLS = [
    {
        "name": "get_n7web_capabilities",
        "description": "Stand-in: the model-facing catalog for a request token.",
        "inputSchema": {
            "type": "object",
            "properties": {"request_token": {"type": "string"}},
            "required": ["request_token"],
        },
    },
    {
        "name": "execute_cockpit_request",
        "description": "Stand-in: ask the backend to revalidate and run a plan.",
        "inputSchema": {
            "type": "object",
            "properties": {"request_token": {"type": "string"}, "plan": {"type": "object"}},
            "required": ["request_token"],
        },
    },
]
PATHS = {"get_n7web_capabilities": "/capabilities", "execute_cockpit_request": "/execute"}


def _callback(tool: str, arguments: dict) -> tuple[dict, bool]:
    base = os.environ.get("COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL", "")
    token = os.environ.get("COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN", "")
    timeout = float(os.environ.get("COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS", "10"))
    request = urllib.request.Request(
        base.rstrip("/") + PATHS[tool],
        data=json.dumps(arguments).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read()), False
    except urllib.error.HTTPError as exc:
        return {"error": {"code": f"http_{exc.code}", "message": "callback refused"}}, True
    except (OSError, ValueError):
        return {"error": {"code": "callback_unreachable", "message": "callback failed"}}, True


def _answer(message: dict) -> dict | None:
    method = message.get("method")
    if "id" not in message:
        return None
    result: dict
    if method == "initialize":
        result = {
            "protocolVersion": message.get("params", {}).get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "n7_vehicle", "version": "0.0.0-standin"},
        }
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        params = message.get("params", {})
        name = params.get("name")
        if name not in PATHS:
            return {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32602, "message": "unknown tool"}}
        content, is_error = _callback(name, params.get("arguments") or {})
        result = {
            "content": [{"type": "text", "text": json.dumps(content)}],
            "structuredContent": content,
            "isError": is_error,
        }
    elif method == "ping":
        result = {}
    else:
        return {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "method not found"}}
    return {"jsonrpc": "2.0", "id": message["id"], "result": result}


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--marker":
        with open(argv[1], "a", encoding="utf-8") as marker:
            marker.write(f"{os.getpid()}\n")
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        reply = _answer(message) if isinstance(message, dict) else None
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
