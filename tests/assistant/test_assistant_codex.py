"""The assistant against the REAL codex 0.147.0 binary.

Codex talks to a fake Responses-API provider on 127.0.0.1 and reaches the
real ``n7_vehicle`` server over streamable HTTP; the assistant hosts that one
server (``assistant.mcp``), and it calls a stand-in callback server. Codex
itself must start no MCP process: its children are counted in /proc.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import stat
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from assistant_support import (
    CALLBACK_TOKEN,
    EXECUTE_RESULT,
    STANDIN_MCP,
    CallbackServer,
    developer,
    mcp_processes,
)
from fake_provider import http_status, stall, text, tool_call

from app.assistant import AssistantSettings, CodexAssistant, launch
from app.assistant.instructions import BASE_INSTRUCTIONS

TOKEN = "tok_" + "a1B2" * 8
CONTEXT = {"request_token": TOKEN, "vehicle_state": {"speed_kph": 0, "gear": "P"}}


def with_assistant(
    settings: AssistantSettings,
    callback: CallbackServer,
    body: Callable[[CodexAssistant], Awaitable[Any]],
    developer_instructions: Callable[[], tuple[str, str]] = developer,
    **kwargs: Any,
) -> Any:
    async def main() -> Any:
        assistant = CodexAssistant(settings, callback.url, CALLBACK_TOKEN, developer_instructions, **kwargs)
        try:
            await assistant.start()
            return await body(assistant)
        finally:
            await assistant.close()

    return asyncio.run(main())


def codex_pid(assistant: CodexAssistant) -> int:
    client = assistant.supervisor.current_client()
    assert client is not None
    return client.transport.pid


async def until(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_initialize_reports_the_pinned_version_and_private_directories(make_settings, callback) -> None:
    settings = make_settings()

    async def body(assistant: CodexAssistant) -> int:
        assert assistant.status() == {"mode": "codex", "reason": None, "codex_version": "0.147.0", "mcp": "up"}
        client = assistant.supervisor.current_client()
        assert client.timings["initialize_ms"] < 5000
        for path in (settings.codex_home, settings.workspace):
            assert stat.S_IMODE(path.stat().st_mode) == 0o700
        return codex_pid(assistant)

    pid = with_assistant(settings, callback, body)
    assert not alive(pid)


def test_fake_codex_reporting_another_version_is_refused_as_wrong_version(
    make_settings, callback, tmp_path: Path
) -> None:
    fake = tmp_path / "codex"
    fake.write_text(
        f"#!{sys.executable}\n"
        + """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("method") == "initialize":
        print(json.dumps({"id": msg["id"], "result": {
            "userAgent": "n7web/0.146.0 (Linux; x86_64) unknown (n7web; 0.1.0)",
            "codexHome": "/tmp", "platformFamily": "unix", "platformOs": "linux"}}), flush=True)
"""
    )
    fake.chmod(0o755)

    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status() == {
            "mode": "local_only",
            "reason": "wrong_version",
            "codex_version": "0.146.0",
            "mcp": "up",
        }
        outcome = await assistant.run_turn("s", "hello", CONTEXT, deadline_s=2)
        assert outcome.error["code"] == "assistant_unavailable"
        assert "wrong_version" in outcome.error["message"] and not outcome.execute_called

    with_assistant(make_settings(command=str(fake)), callback, body)


def test_missing_binary_is_reported_as_binary_missing(make_settings, callback, tmp_path) -> None:
    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status() == {
            "mode": "local_only",
            "reason": "binary_missing",
            "codex_version": None,
            "mcp": "up",
        }
        started = time.monotonic()
        outcome = await assistant.run_turn("s", "hello", CONTEXT, deadline_s=5)
        assert outcome.error["code"] == "assistant_unavailable"
        assert time.monotonic() - started < 1.0

    with_assistant(make_settings(command=str(tmp_path / "no-such-codex")), callback, body)


def test_disabled_assistant_never_spawns_codex(make_settings, callback) -> None:
    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status() == {"mode": "local_only", "reason": "disabled", "codex_version": None, "mcp": "down"}
        assert assistant.supervisor.current_client() is None and assistant.mcp.pid is None
        outcome = await assistant.run_turn("s", "hello", CONTEXT, deadline_s=1)
        assert outcome.error["code"] == "assistant_unavailable"

    with_assistant(make_settings(enabled=False), callback, body)


def test_bad_override_is_a_configuration_error_with_the_redacted_stderr_tail(
    make_settings, callback, monkeypatch
) -> None:
    # The seed's override that 0.147.0 rejects under --strict-config.
    monkeypatch.setattr(
        launch, "STATIC_OVERRIDES", (*launch.STATIC_OVERRIDES, "features.in_app_local_automation=false")
    )
    secret = "sk-live-" + "S3cret" * 4
    settings = make_settings(env={"OPENAI_API_KEY": secret})

    async def body(assistant: CodexAssistant) -> None:
        status = assistant.status()
        assert status["mode"] == "local_only" and status["reason"] == "crashed"
        diagnostic = assistant.supervisor.diagnostic
        assert "before initialize" in diagnostic and "configuration error" in diagnostic
        assert "in_app_local_automation" in diagnostic
        assert secret not in diagnostic and CALLBACK_TOKEN not in diagnostic
        assert "Traceback" not in diagnostic

    with_assistant(settings, callback, body)


def test_not_logged_in_is_reported_when_the_provider_needs_openai_auth(make_settings, callback, tmp_path) -> None:
    settings = make_settings(env={"CODEX_ASSISTANT_MODEL_PROVIDER": ""})

    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status()["reason"] == "not_logged_in"
        assert assistant.status()["codex_version"] == "0.147.0"

    with_assistant(settings, callback, body)


def test_other_configured_mcp_server_never_runs_and_the_proof_passes_after_one_restart(
    make_settings, callback, provider, tmp_path, caplog
) -> None:
    marker = tmp_path / "rogue-ran"
    rogue = (
        f'[mcp_servers.rogue]\ncommand = "{sys.executable}"\n'
        f'args = ["{STANDIN_MCP}", "--marker", "{marker}"]\nenv = {{ROGUE_SECRET = "x"}}\n'
    )
    settings = make_settings(extra_config=rogue)
    caplog.set_level(logging.INFO, logger="app.assistant")

    async def body(assistant: CodexAssistant) -> None:
        assert assistant.status()["mode"] == "codex"
        provider.push(text("fine"))
        outcome = await assistant.run_turn("s", "hello", CONTEXT)
        assert outcome.error is None
        assert mcp_processes(codex_pid(assistant)) == []  # neither rogue nor a stdio n7_vehicle
        tools = [t.get("name") for t in provider.requests[-1]["tools"]]
        assert "mcp__rogue" not in tools and "mcp__n7_vehicle" in tools

    with_assistant(settings, callback, body)
    assert not marker.exists()
    assert any("disabling configured MCP servers rogue" in r.getMessage() for r in caplog.records)
    assert not any("ROGUE_SECRET" in r.getMessage() for r in caplog.records)


def test_text_turn_streams_deltas_and_offers_the_model_only_the_allowed_tools(
    make_settings, callback, provider
) -> None:
    deltas: list[str] = []

    async def body(assistant: CodexAssistant) -> None:
        provider.push(text("It is ", "a sunny ", "day."))
        outcome = await assistant.run_turn("s", "How is the weather?", CONTEXT, on_delta=deltas.append)
        assert outcome.error is None and not outcome.execute_called
        assert outcome.text == "".join(deltas) == "It is a sunny day." and len(deltas) >= 2

    with_assistant(make_settings(), callback, body)
    request = provider.requests[-1]
    assert request["instructions"] == BASE_INSTRUCTIONS
    tools = {t.get("name"): t for t in request["tools"]}
    assert set(tools) == {
        "list_mcp_resources",
        "list_mcp_resource_templates",
        "read_mcp_resource",
        "update_plan",
        "request_user_input",
        "mcp__n7_vehicle",
    }
    assert {f["name"] for f in tools["mcp__n7_vehicle"]["tools"]} == set(launch.MCP_TOOLS)
    texts = [c.get("text", "") for item in request["input"] for c in item.get("content") or []]
    assert any("CATALOG:" in t for t in texts)
    assert (launch.CONTEXT_PREFIX + '{"request_token":"' + TOKEN) in texts[-1]
    assert texts[-1].endswith("\n\nUSER_INSTRUCTION:\nHow is the weather?")


def test_tool_call_turn_hands_the_structured_result_to_on_tool_call(make_settings, callback, provider) -> None:
    calls: list[dict] = []
    plan = {"actions": [{"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}]}

    async def body(assistant: CodexAssistant) -> None:
        provider.push(tool_call({"request_token": TOKEN, "plan": plan}), text("Done", "."))
        outcome = await assistant.run_turn("s", "driver to 21", CONTEXT, on_tool_call=calls.append)
        assert outcome.error is None and outcome.execute_called and outcome.text == "Done."
        assert outcome.tool_calls == calls

    with_assistant(make_settings(), callback, body)
    assert len(calls) == 1
    assert calls[0]["tool"] == "execute_cockpit_request" and calls[0]["status"] == "completed"
    assert calls[0]["structured_content"] == EXECUTE_RESULT and not calls[0]["is_error"]
    assert callback.calls == [
        {"path": "/internal/v1/execute", "authorized": True, "body": {"request_token": TOKEN, "plan": plan}}
    ]
    outputs = [i for i in provider.requests[-1]["input"] if i.get("type") == "function_call_output"]
    assert '"status":"applied"' in outputs[0]["output"]


def test_provider_down_fails_the_turn_within_two_seconds(make_settings, callback, provider) -> None:
    async def body(assistant: CodexAssistant) -> None:
        provider.push(http_status(500))
        started = time.monotonic()
        outcome = await assistant.run_turn("s", "tell me a joke", CONTEXT)
        assert time.monotonic() - started < 2.0
        assert outcome.error["code"] == "provider_error" and not outcome.execute_called
        provider.push(text("recovered"))
        assert (await assistant.run_turn("s", "again", CONTEXT)).text == "recovered"

    with_assistant(make_settings(), callback, body)


def test_codex_killed_mid_turn_fails_that_turn_and_the_next_turn_works(make_settings, callback, provider) -> None:
    statuses: list[dict] = []

    async def body(assistant: CodexAssistant) -> None:
        provider.push(text("first"))
        assert (await assistant.run_turn("s", "one", CONTEXT)).error is None
        old_pid = codex_pid(assistant)
        server = assistant.mcp.pid
        provider.push(stall(30))
        seen = len(provider.requests)
        turn = asyncio.create_task(assistant.run_turn("s", "two", CONTEXT))
        assert await until(lambda: len(provider.requests) > seen)
        os.kill(old_pid, signal.SIGKILL)
        started = time.monotonic()
        outcome = await turn
        assert time.monotonic() - started < 2.0
        assert outcome.error == {
            "code": "assistant_unavailable",
            "message": "The assistant became unavailable (Codex App Server exited).",
        }
        provider.push(text("back"))
        again = await assistant.run_turn("s", "three", CONTEXT)
        assert again.error is None and again.text == "back"
        assert assistant.status()["mode"] == "codex" and assistant.supervisor.restarts == 1
        assert codex_pid(assistant) != old_pid
        assert assistant.mcp.pid == server  # the shared MCP server outlives a codex crash
        history = [c.get("text", "") for i in provider.requests[-1]["input"] for c in i.get("content") or []]
        assert any(t.endswith("USER_INSTRUCTION:\none") for t in history)  # thread resumed

    with_assistant(make_settings(), callback, body, on_status=statuses.append)
    assert [(s["mode"], s["reason"]) for s in statuses] == [
        ("codex", None),
        ("local_only", "crashed"),
        ("local_only", "starting"),
        ("codex", None),
        ("local_only", "starting"),
    ]  # the last one: close()


def test_more_sessions_than_the_thread_bound_stay_within_it_and_share_one_mcp_server(
    make_settings, callback, provider
) -> None:
    async def body(assistant: CodexAssistant) -> None:
        pid, server = codex_pid(assistant), assistant.mcp.pid
        for n in range(5):
            provider.push(text(f"reply {n}"))
            outcome = await assistant.run_turn(f"session-{n}", f"question {n}", CONTEXT)
            assert outcome.error is None
            assert len(assistant.loaded_sessions()) <= 2
            assert mcp_processes(pid) == [] and assistant.mcp.pid == server
        provider.push(text("welcome back"))
        outcome = await assistant.run_turn("session-0", "question again", CONTEXT)
        assert outcome.text == "welcome back"
        history = [c.get("text", "") for i in provider.requests[-1]["input"] for c in i.get("content") or []]
        assert any(t.endswith("USER_INSTRUCTION:\nquestion 0") for t in history)
        loaded = await assistant.supervisor.current_client().rpc.request("thread/loaded/list", {})
        assert len(loaded["data"]) == 2  # codex itself holds no more than the bound

    with_assistant(make_settings(max_loaded_threads=2), callback, body)


def test_idle_threads_are_unloaded_and_resumed(make_settings, callback, provider) -> None:
    async def body(assistant: CodexAssistant) -> None:
        provider.push(text("hi"))
        assert (await assistant.run_turn("s", "hello", CONTEXT)).error is None
        assert assistant.loaded_sessions() == ["s"]
        assert await until(lambda: assistant.loaded_sessions() == [], timeout=5)
        # our side forgets the thread as it sends thread/archive; codex lists it until the archive is done
        end, loaded = time.monotonic() + 5, None
        while time.monotonic() < end:
            loaded = await assistant.supervisor.current_client().rpc.request("thread/loaded/list", {})
            if loaded["data"] == []:
                break
            await asyncio.sleep(0.05)
        assert loaded["data"] == []
        provider.push(text("still here"))
        assert (await assistant.run_turn("s", "hello again", CONTEXT)).text == "still here"

    with_assistant(make_settings(idle_free_s=0.4), callback, body)


def test_turn_past_its_deadline_is_interrupted_and_the_session_goes_on(make_settings, callback, provider) -> None:
    async def body(assistant: CodexAssistant) -> None:
        provider.push(stall(30))
        started = time.monotonic()
        outcome = await assistant.run_turn("s", "slow", CONTEXT, deadline_s=1.0)
        assert 1.0 <= time.monotonic() - started < 4.0
        assert outcome.error["code"] == "turn_deadline"
        provider.push(text("quick"))
        assert (await assistant.run_turn("s", "fast", CONTEXT)).text == "quick"

    with_assistant(make_settings(), callback, body)


def test_interrupt_stops_the_running_turn(make_settings, callback, provider) -> None:
    async def body(assistant: CodexAssistant) -> None:
        assert await assistant.interrupt("s") is False
        provider.push(stall(30))
        seen = len(provider.requests)
        turn = asyncio.create_task(assistant.run_turn("s", "long story", CONTEXT))
        assert await until(lambda: len(provider.requests) > seen)
        assert await assistant.interrupt("s") is True
        outcome = await asyncio.wait_for(turn, 5)
        assert outcome.error["code"] == "interrupted"
        assert await assistant.interrupt("s") is False

    with_assistant(make_settings(), callback, body)


def test_new_catalog_generation_reaches_the_model_in_the_same_session(make_settings, callback, provider) -> None:
    catalog = {"generation": "g1", "text": "CATALOG v1: climate only."}

    async def body(assistant: CodexAssistant) -> None:
        provider.push(text("one"))
        assert (await assistant.run_turn("s", "first", CONTEXT)).error is None
        catalog.update(generation="g2", text="CATALOG v2: climate and seats.")
        provider.push(text("two"))
        assert (await assistant.run_turn("s", "second", CONTEXT)).error is None

    with_assistant(
        make_settings(), callback, body, developer_instructions=lambda: (catalog["generation"], catalog["text"])
    )
    texts = [c.get("text", "") for i in provider.requests[-1]["input"] for c in i.get("content") or []]
    assert any("CATALOG v2" in t for t in texts)
    assert not any("CATALOG v1" in t for t in texts)  # a fresh thread: no stale catalog


def test_second_concurrent_turn_in_a_session_is_refused(make_settings, callback, provider) -> None:
    from app.assistant import TurnInProgressError

    async def body(assistant: CodexAssistant) -> None:
        provider.push(stall(30))
        turn = asyncio.create_task(assistant.run_turn("s", "long", CONTEXT, deadline_s=1.0))
        await asyncio.sleep(0.1)
        with pytest.raises(TurnInProgressError):
            await assistant.run_turn("s", "again", CONTEXT)
        assert (await turn).error["code"] == "turn_deadline"

    with_assistant(make_settings(), callback, body)
