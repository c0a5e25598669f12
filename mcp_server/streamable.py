"""`n7_vehicle` over streamable HTTP: one server for every codex thread (DESIGN section 8).

The backend binds a loopback socket, starts `python -m mcp_server --http`
with the descriptor and a per-start bearer in the environment, and codex
connects to `http://127.0.0.1:PORT/mcp` with that bearer
(`bearer_token_env_var`). In front of the SDK's session manager sits
:class:`Guard`, in this order (each refusal is a JSON error body as on the
backend's own routes, and nothing reaches the SDK):

1. exactly one `Host`, `127.0.0.1:PORT` or `localhost:PORT` -> else 400;
2. at most one `Origin`, and only the server's own -> else 403 (a web page
   in a browser on this machine must not reach the tools: DNS rebinding);
3. exactly one `Authorization: Bearer <bearer>`, compared in constant
   time -> else 401;
4. the path `/mcp` -> else 404, and the method POST -> else 405 (a
   stateless server has no stream to offer a GET, nor a session to DELETE).

Why stateless, JSON-answer sessions: every request stands alone, so a
server restarted under codex's feet serves the next call of every thread
with no session to re-establish (a stateful session id would be unknown to
the new process and fail every later call of that thread), and no
per-thread state accumulates in a process that lives as long as the
service. The two tools never send server-to-client requests, which is all
stateless mode gives up.

Readiness: once the session manager runs, one line `ready` goes to stdout
(the backend's pipe); the socket was listening before this process started,
so connections made earlier simply wait in its backlog.
"""

from __future__ import annotations

import hmac
import json
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
import uvicorn
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings

from mcp_server.config import CallbackConfig
from mcp_server.listen import ListenConfig
from mcp_server.server import build_server
from mcp_server.tools import RecentSecrets

MCP_PATH = "/mcp"
MAX_BODY_BYTES = 256 * 1024
"""A plan of at most `schemas.MAX_ACTIONS` actions is a few KiB; refuse more before parsing."""
MAX_CONNECTIONS = 128
"""Above 64 loaded threads (the bound's maximum), each keeping one idle connection, plus bursts."""
KEEP_ALIVE_S = 120
"""Longer than an HTTP client pool's idle timeout (reqwest: 90 s), so codex closes an idle connection
first and never sends a call on one the server is closing at that moment."""
GRACEFUL_SHUTDOWN_S = 2
PARENT_POLL_S = 1.0

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def _values(scope: Scope, name: bytes) -> list[bytes]:
    return [value for key, value in scope.get("headers", ()) if key == name]


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 401:
        headers.append((b"www-authenticate", b'Bearer realm="n7_vehicle"'))
    elif status == 405:
        headers.append((b"allow", b"POST"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Host, Origin and bearer checks before anything else sees a request."""

    def __init__(self, inner: App, listen: ListenConfig) -> None:
        self._inner = inner
        self._hosts = {host.encode() for host in listen.allowed_hosts}
        self._origins = {origin.encode() for origin in listen.allowed_origins}
        self._bearer = f"Bearer {listen.bearer}".encode()

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why `scope` is refused (status, code, message), or None when it may pass."""
        hosts = _values(scope, b"host")
        if len(hosts) != 1 or hosts[0].lower() not in self._hosts:
            return 400, "invalid_host", "The Host header must name this loopback server."
        origins = _values(scope, b"origin")
        if len(origins) > 1 or (origins and origins[0].lower() not in self._origins):
            return 403, "forbidden_origin", "Requests from another origin are refused."
        credentials = _values(scope, b"authorization")
        presented = credentials[0] if len(credentials) == 1 else b""
        # Bearer scheme is case-insensitive; the token itself is compared in constant time.
        if presented[:7].lower() == b"bearer ":
            presented = b"Bearer " + presented[7:]
        if not hmac.compare_digest(presented, self._bearer):
            return 401, "unauthorized", "A valid bearer token is required."
        if scope.get("path") != MCP_PATH:
            return 404, "not_found", "Only /mcp is served here."
        if scope.get("method") != "POST":
            return 405, "method_not_allowed", "Only POST is served (stateless streamable HTTP)."
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._inner(scope, receive, send)
            return
        if scope["type"] != "http":  # websockets: not offered
            return
        refused = self.refusal(scope)
        if refused is not None:
            await _refuse(send, *refused)
            return
        await self._inner(scope, receive, send)


def mcp_app(manager: StreamableHTTPSessionManager, on_ready: Callable[[], None]) -> App:
    """The session manager as an ASGI app whose lifespan runs the manager."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await manager.handle_request(scope, receive, send)
            return
        await receive()  # lifespan.startup
        async with manager.run():
            on_ready()
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
        await send({"type": "lifespan.shutdown.complete"})

    return app


def announce_ready() -> None:
    """Tell the backend (stdout is its pipe) that requests are being served."""
    try:
        os.write(1, b"ready\n")
    except OSError:  # no reader: nobody is waiting for it
        pass


def build_app(
    config: CallbackConfig, listen: ListenConfig, secrets: RecentSecrets, on_ready: Callable[[], None] = announce_ready
) -> App:
    server = build_server(config, secrets)
    manager = StreamableHTTPSessionManager(
        app=server,
        json_response=True,
        stateless=True,
        # Host and Origin are the guard's (with this server's port); the SDK still checks Content-Type.
        security_settings=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        max_request_body_size=MAX_BODY_BYTES,
    )
    return Guard(mcp_app(manager, on_ready), listen)


async def _exit_with_parent(server: uvicorn.Server) -> None:
    """Stop when the backend that started us is gone (it holds the socket and the bearer's meaning)."""
    parent = os.getppid()
    while os.getppid() == parent:
        await anyio.sleep(PARENT_POLL_S)
    server.should_exit = True


async def serve_http(config: CallbackConfig, listen: ListenConfig, secrets: RecentSecrets) -> None:
    """Serve until SIGTERM/SIGINT (uvicorn's handlers) or the parent's exit, on the inherited socket."""
    app = build_app(config, listen, secrets)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            lifespan="on",
            log_config=None,
            log_level="warning",
            access_log=False,
            proxy_headers=False,
            server_header=False,
            date_header=False,
            limit_concurrency=MAX_CONNECTIONS,
            timeout_keep_alive=KEEP_ALIVE_S,
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        )
    )
    async with anyio.create_task_group() as group:
        group.start_soon(_exit_with_parent, server)
        await server.serve(sockets=[listen.sock])
        group.cancel_scope.cancel()
