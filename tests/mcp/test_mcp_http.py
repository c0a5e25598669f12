"""The real server over streamable HTTP (`python -m mcp_server --http`), on a socket the test bound.

The SDK's own streamable-HTTP client runs the tools end to end against the
backend stub; raw HTTP shows what the guard refuses before the SDK sees
anything (no bearer, a wrong one, a foreign Origin or Host, another path or
method), and the process refuses a bad descriptor or bearer at start naming
the variable, never its value.
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from mcp_backend_stub import BackendStub
from mcp_harness import (
    BEARER_VARIABLE,
    CALLBACK_TOKEN,
    FD_VARIABLE,
    REPO,
    REQUEST_TOKEN,
    HttpServer,
    server_command,
    server_env,
)

PLAN = {"actions": [{"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}]}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
}


@pytest.fixture(scope="module")
def backend() -> Iterator[BackendStub]:
    with BackendStub() as stub:
        yield stub


@pytest.fixture(scope="module")
def stderr_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp-http") / "server.log"


@pytest.fixture(scope="module")
def server(backend: BackendStub, stderr_log: Path) -> Iterator[HttpServer]:
    with HttpServer(backend.url, stderr_path=stderr_log) as running:
        yield running


@pytest.mark.anyio
async def test_the_sdk_client_runs_both_tools_over_http(server: HttpServer, backend: BackendStub) -> None:
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    backend.reset()
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {server.bearer}"}, timeout=20) as http:
        async with streamable_http_client(server.url, http_client=http, terminate_on_close=False) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                tools = await session.list_tools()
                assert [tool.name for tool in tools.tools] == ["get_n7web_capabilities", "execute_cockpit_request"]
                result = await session.call_tool(
                    "execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN}
                )
    assert not result.is_error and result.structured_content["status"] == "applied"
    [call] = backend.requests
    assert call.path == "/internal/v1/execute" and call.headers["authorization"] == f"Bearer {CALLBACK_TOKEN}"
    assert call.json == {"request_token": REQUEST_TOKEN, "plan": PLAN}


def test_every_request_is_stateless_and_answered_as_json(server: HttpServer) -> None:
    with httpx.Client(timeout=10) as client:
        init = client.post(server.url, json=INIT, headers=server.headers())
        assert init.status_code == 200 and init.headers["content-type"].startswith("application/json")
        assert "mcp-session-id" not in init.headers  # nothing a restart could invalidate
        # no initialize needed first: any request stands alone
        listed = client.post(server.url, json=LIST, headers=server.headers())
        assert [tool["name"] for tool in listed.json()["result"]["tools"]] == [
            "get_n7web_capabilities",
            "execute_cockpit_request",
        ]


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"Authorization": None}, 401, "unauthorized"),
        ({"Authorization": "Bearer wrong-" + "x" * 40}, 401, "unauthorized"),
        ({"Authorization": "Basic abc"}, 401, "unauthorized"),
        ({"Origin": "http://evil.example"}, 403, "forbidden_origin"),
        ({"Origin": "null"}, 403, "forbidden_origin"),
        ({"Host": "evil.example"}, 400, "invalid_host"),
        ({"Host": "127.0.0.1:1"}, 400, "invalid_host"),
    ],
)
def test_the_guard_refuses_before_the_sdk_sees_the_request(
    server: HttpServer, backend: BackendStub, change: dict[str, str | None], status: int, code: str
) -> None:
    backend.reset()
    headers = {key: value for key, value in {**server.headers(), **change}.items() if value is not None}
    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "execute_cockpit_request", "arguments": {"request_token": REQUEST_TOKEN, "plan": PLAN}},
    }
    answer = httpx.post(server.url, json=call, headers=headers, timeout=10)
    assert answer.status_code == status
    assert answer.json() == {"error": {"code": code, "message": answer.json()["error"]["message"]}}
    assert backend.requests == []  # nothing reached the vehicle
    if status == 401:
        assert answer.headers["www-authenticate"].startswith("Bearer")


def test_two_origins_or_hosts_are_refused_and_the_servers_own_origin_passes(server: HttpServer) -> None:
    raw = (
        f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Authorization: Bearer {server.bearer}\r\nContent-Type: application/json\r\n"
        f"Accept: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}"
    ).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(raw)
        assert conn.recv(64).startswith(b"HTTP/1.1 400")
    own = httpx.post(server.url, json=LIST, headers=server.headers(Origin=f"http://localhost:{server.port}"))
    assert own.status_code == 200


def test_other_paths_and_methods_are_refused(server: HttpServer) -> None:
    with httpx.Client(timeout=10) as client:
        assert client.post(server.url.replace("/mcp", "/other"), json=LIST, headers=server.headers()).status_code == 404
        get = client.get(server.url, headers=server.headers(Accept="text/event-stream"))
        assert get.status_code == 405 and get.headers["allow"] == "POST"
        assert client.delete(server.url, headers=server.headers()).status_code == 405
        big = client.post(server.url, content=b"[" + b"0," * 200_000 + b"0]", headers=server.headers())
        assert big.status_code == 413


def test_the_bearer_is_in_no_argv_and_no_log_line(server: HttpServer, stderr_log: Path) -> None:
    assert server.proc is not None
    argv = Path(f"/proc/{server.proc.pid}/cmdline").read_bytes()
    assert server.bearer.encode() not in argv and CALLBACK_TOKEN.encode() not in argv
    httpx.post(server.url, json=LIST, headers=server.headers(Authorization="Bearer " + server.bearer[:-1] + "!"))
    log = stderr_log.read_text()
    assert server.bearer not in log and CALLBACK_TOKEN not in log and "Traceback" not in log


def test_a_restart_on_the_same_socket_serves_at_once(backend: BackendStub) -> None:
    with HttpServer(backend.url) as running:
        first = running.proc.pid  # type: ignore[union-attr]
        running.restart()
        assert running.proc.pid != first  # type: ignore[union-attr]
        assert httpx.post(running.url, json=LIST, headers=running.headers(), timeout=10).status_code == 200


def _refusal(env: dict[str, str], pass_fds: tuple[int, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*server_command(), "--http"], env=env, cwd=REPO, pass_fds=pass_fds, capture_output=True, text=True, timeout=20
    )


def test_http_mode_refuses_a_missing_or_bad_descriptor_or_bearer(backend: BackendStub) -> None:
    bearer = "b" * 40
    env = server_env(backend.url)
    missing = _refusal({**env, BEARER_VARIABLE: bearer})
    assert missing.returncode == 2 and FD_VARIABLE in missing.stderr and "not set" in missing.stderr
    short = _refusal({**env, BEARER_VARIABLE: "short-bearer", FD_VARIABLE: "5"})
    assert short.returncode == 2 and BEARER_VARIABLE in short.stderr and "short-bearer" not in short.stderr
    assert _refusal({**env, BEARER_VARIABLE: bearer, FD_VARIABLE: "1"}).returncode == 2
    with socket.socket() as unbound:  # a socket that is not listening
        code = _refusal({**env, BEARER_VARIABLE: bearer, FD_VARIABLE: str(unbound.fileno())}, (unbound.fileno(),))
        assert code.returncode == 2 and "listening" in code.stderr
    assert _refusal({**env, BEARER_VARIABLE: bearer, FD_VARIABLE: "55"}).returncode == 2
    usage = subprocess.run(
        [*server_command(), "--bearer", bearer], env=env, cwd=REPO, capture_output=True, text=True, timeout=20
    )
    assert usage.returncode == 2 and bearer not in usage.stderr
