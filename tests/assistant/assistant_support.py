"""Helpers for the assistant tests: a stand-in callback server, the fixture
provider's config, /proc reading. (A uniquely named module, so test files
never import a ``conftest`` that another directory shadowed.)
"""

from __future__ import annotations

import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from fake_provider import FakeProvider

HERE = Path(__file__).resolve().parent

STANDIN_MCP = HERE / "standin_mcp.py"
CALLBACK_TOKEN = "cb-token-" + "Z9" * 12
EXECUTE_RESULT = {
    "status": "applied",
    "message": "Driver temperature set to 21 degrees.",
    "actions": [
        {
            "capability": "climate.set_temperature",
            "target": "driver",
            "parameters": {"celsius": 21.0},
            "status": "applied",
            "reason": None,
            "message": "Driver temperature set to 21 degrees.",
            "source": "both",
            "members": [{"target": "driver", "status": "applied", "reason": None}],
        }
    ],
}


class CallbackServer:
    """Stand-in for the backend's ``/internal/v1`` callback (loopback)."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.delay = 0.0
        """Seconds to wait before answering (a lever for killing the MCP server mid-call)."""
        self.received = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                authorized = self.headers.get("Authorization") == f"Bearer {CALLBACK_TOKEN}"
                server.calls.append({"path": self.path, "authorized": authorized, "body": json.loads(body or b"{}")})
                server.received.set()
                if server.delay:
                    time.sleep(server.delay)
                status, answer = (
                    (200, EXECUTE_RESULT)
                    if authorized
                    else (401, {"error": {"code": "unauthorized", "message": "unauthorized"}})
                )
                data = json.dumps(answer).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        threading.Thread(target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}/internal/v1"

    def close(self) -> None:
        self._http.shutdown()
        self._http.server_close()


def provider_config(provider: FakeProvider) -> str:
    """A user ``config.toml`` defining the fixture provider (as a deployment would)."""
    return (
        "[model_providers.fixture]\n"
        'name = "fixture"\n'
        f'base_url = "{provider.base_url}"\n'
        'wire_api = "responses"\n'
        "requires_openai_auth = false\n"
    )


def developer() -> tuple[str, str]:
    return ("catalog-gen-1", "CATALOG: climate.set_temperature (zone), seat.set_heating (seat).")


def children(pid: int) -> list[tuple[int, str]]:
    """(pid, cmdline) of the direct children of ``pid``, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                ppid = int(handle.read().rsplit(b")", 1)[1].split()[1])
            if ppid != pid:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except (OSError, ValueError, IndexError):
            continue
        found.append((int(entry), cmdline))
    return found


def mcp_processes(codex_pid: int) -> list[int]:
    """MCP server processes codex itself started (stand-in or real): none, with the url form."""
    return [pid for pid, cmd in children(codex_pid) if "standin_mcp" in cmd or "-m mcp_server" in cmd]


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cmdline(pid: int) -> str:
    with open(f"/proc/{pid}/cmdline", "rb") as handle:
        return handle.read().replace(b"\0", b" ").decode("utf-8", "replace")


def environ(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as handle:
        pairs = [item.split(b"=", 1) for item in handle.read().split(b"\0") if b"=" in item]
    return {k.decode(): v.decode("utf-8", "replace") for k, v in pairs}
