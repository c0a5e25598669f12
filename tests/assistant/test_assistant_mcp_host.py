"""The shared ``n7_vehicle`` server as the assistant hosts it, with the REAL codex 0.147.0.

One server process for the whole assistant, on a socket the backend bound;
killed mid-call it is restarted on the same port, the call that broke is
reported "not executed" and the next turn's tool call works; the bearer
exists only in the two environments; the endpoint refuses strangers.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import httpx
from assistant_support import CALLBACK_TOKEN, EXECUTE_RESULT, cmdline, environ, mcp_processes
from fake_provider import text, tool_call
from test_assistant_codex import CONTEXT, TOKEN, codex_pid, until, with_assistant

from app.assistant import CodexAssistant
from app.assistant.mcp_host import BEARER_VAR, McpHost

PLAN = {"actions": [{"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}]}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}


def test_mcp_server_killed_mid_call_is_restarted_and_the_next_tool_call_succeeds(
    make_settings, callback, provider
) -> None:
    async def body(assistant: CodexAssistant) -> None:
        first_pid, url = assistant.mcp.pid, assistant.mcp.endpoint().url
        provider.push(tool_call({"request_token": TOKEN, "plan": PLAN}), text("Done."))
        assert (await assistant.run_turn("s", "driver to 21", CONTEXT)).error is None

        callback.received.clear()
        callback.delay = 3.0
        provider.push(tool_call({"request_token": TOKEN, "plan": PLAN}), text("Hmm."))
        turn = asyncio.create_task(assistant.run_turn("s", "driver to 21 again", CONTEXT))
        assert await until(callback.received.is_set)
        os.kill(first_pid, signal.SIGKILL)
        outcome = await asyncio.wait_for(turn, 20)
        assert outcome.error is not None and outcome.error["code"] == "tool_not_executed"
        assert "not executed" in outcome.error["message"]
        assert outcome.execute_called and outcome.tool_calls[0]["status"] == "failed"

        callback.delay = 0.0
        assert await until(lambda: assistant.mcp.state == "up" and assistant.mcp.pid != first_pid, timeout=10)
        assert assistant.mcp.restarts == 1 and assistant.mcp.endpoint().url == url  # same port
        assert assistant.status()["mcp"] == "up"
        provider.push(tool_call({"request_token": TOKEN, "plan": PLAN}), text("Done again."))
        again = await assistant.run_turn("s", "driver to 21 once more", CONTEXT)
        assert again.error is None and again.text == "Done again."
        assert again.tool_calls[0]["structured_content"] == EXECUTE_RESULT

    with_assistant(make_settings(), callback, body)
    assert [c["authorized"] for c in callback.calls] == [True, True, True]


def test_bearer_travels_only_through_the_two_environments(make_settings, callback, provider) -> None:
    settings = make_settings()

    async def body(assistant: CodexAssistant) -> None:
        provider.push(text("hello"))
        assert (await assistant.run_turn("s", "hi", CONTEXT)).error is None
        bearer = assistant.mcp.endpoint().bearer
        codex, server = codex_pid(assistant), assistant.mcp.pid
        assert bearer not in cmdline(codex) and bearer not in cmdline(server)
        assert BEARER_VAR in cmdline(codex)  # only the variable's name is in codex's argv
        assert environ(codex)[BEARER_VAR] == bearer and environ(server)[BEARER_VAR] == bearer
        # codex never sees the backend's callback token: only the MCP server calls the backend
        assert CALLBACK_TOKEN not in "".join(environ(codex).values())
        assert mcp_processes(codex) == []
        files = [p for p in settings.codex_home.rglob("*") if p.is_file()]
        assert any("sessions" in p.parts for p in files)  # the rollout exists and was searched
        for path in files:
            assert bearer.encode() not in path.read_bytes(), path
        assert repr(assistant.mcp.endpoint()).count("[redacted]") == 1

    with_assistant(settings, callback, body)


def test_the_endpoint_refuses_requests_without_the_bearer_or_from_another_origin(make_settings, callback) -> None:
    async def body(assistant: CodexAssistant) -> None:
        endpoint = assistant.mcp.endpoint()
        port = endpoint.url.split(":")[2].split("/")[0]
        good = {**MCP_HEADERS, "Authorization": f"Bearer {endpoint.bearer}"}
        async with httpx.AsyncClient(timeout=10) as client:
            assert (await client.post(endpoint.url, json=LIST, headers=good)).status_code == 200
            cases = {
                401: [
                    MCP_HEADERS,
                    {**MCP_HEADERS, "Authorization": "Bearer " + "x" * 43},
                    {**MCP_HEADERS, "Authorization": endpoint.bearer},
                ],
                403: [{**good, "Origin": "http://evil.example"}, {**good, "Origin": "http://127.0.0.1:1"}],
                400: [{**good, "Host": "evil.example"}, {**good, "Host": f"example.com:{port}"}],
            }
            for status, variants in cases.items():
                for headers in variants:
                    answer = await client.post(endpoint.url, json=LIST, headers=headers)
                    assert answer.status_code == status, (status, headers.keys())
                    assert "tools" not in answer.text and endpoint.bearer not in answer.text
            own = {**good, "Origin": f"http://localhost:{port}"}
            assert (await client.post(endpoint.url, json=LIST, headers=own)).status_code == 200

    with_assistant(make_settings(), callback, body)


def test_a_server_that_refuses_its_configuration_is_not_restarted_and_turns_fail_fast(
    make_settings, callback, tmp_path: Path
) -> None:
    marker = tmp_path / "runs"
    refusing = tmp_path / "refuse.py"
    refusing.write_text(f"open({str(marker)!r}, 'a').write('ran\\n')\nraise SystemExit(2)\n")

    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status()["mcp"] == "down"
        started = time.monotonic()
        outcome = await assistant.run_turn("s", "hello", CONTEXT, deadline_s=10)
        assert outcome.error["code"] == "assistant_unavailable" and not outcome.execute_called
        assert time.monotonic() - started < 1.0
        await asyncio.sleep(0.6)
        assert marker.read_text() == "ran\n"

    with_assistant(make_settings(mcp_command=sys.executable, mcp_args=(str(refusing),)), callback, body)


def test_connections_made_while_the_server_restarts_wait_for_it(callback) -> None:
    async def main() -> None:
        host = McpHost(callback.url, CALLBACK_TOKEN, 5.0, environ=dict(os.environ))
        await host.start()
        try:
            endpoint, first = host.endpoint(), host.pid
            os.kill(first, signal.SIGKILL)
            assert await until(lambda: host.state == "down")
            headers = {**MCP_HEADERS, "Authorization": f"Bearer {endpoint.bearer}"}
            async with httpx.AsyncClient(timeout=20) as client:
                answer = await client.post(endpoint.url, json=LIST, headers=headers)
            assert answer.status_code == 200 and "execute_cockpit_request" in answer.text
            # the new child answers from its socket's backlog before the supervisor's readiness check
            # marks it up: the state follows within the check's interval
            assert await until(lambda: host.state == "up")
            assert host.pid not in (None, first)
        finally:
            await host.close()
        assert host.state == "down" and host.pid is None

    asyncio.run(main())


def test_a_server_command_that_cannot_run_leaves_the_host_down_at_once(callback, tmp_path: Path) -> None:
    async def main() -> None:
        host = McpHost(callback.url, CALLBACK_TOKEN, 5.0, command=str(tmp_path / "no-python"))
        await host.start()
        try:
            started = time.monotonic()
            assert host.state == "down" and not await host.wait_up(5.0)
            assert time.monotonic() - started < 0.5 and host.pid is None
        finally:
            await host.close()

    asyncio.run(main())


def test_a_refusing_server_is_recognised_however_fast_it_exits(callback, tmp_path: Path) -> None:
    """Stopping a child that has just exited must not reap it behind asyncio's back.

    Popen.send_signal polls first; when that poll wins the race with the child
    watcher, the watcher reports status 255 and a refused configuration (2)
    looks like a crash that is restarted. The race lost about one time in two
    here, so twenty hosts catch it for sure.
    """
    marker = tmp_path / "runs"
    refusing = tmp_path / "refuse.py"
    refusing.write_text(f"open({str(marker)!r}, 'a').write('ran\\n')\nraise SystemExit(2)\n")

    async def main() -> None:
        for _ in range(20):
            host = McpHost(
                callback.url,
                CALLBACK_TOKEN,
                5.0,
                command=sys.executable,
                args=("-S", str(refusing)),
                environ=dict(os.environ),
            )
            await host.start()
            try:
                started = time.monotonic()
                assert not await host.wait_up(5.0)  # final at once: no restart to wait for
                assert time.monotonic() - started < 1.0
                assert host.restarts == 0 and host.state == "down"
            finally:
                await host.close()

    asyncio.run(main())
    assert marker.read_text() == "ran\n" * 20
