"""The real pinned `codex app-server` 0.147.0 running `n7_vehicle`, a fake model and a backend stub.

Shows, with the real binary, that
- the annotated execute tool runs with no approval or elicitation request to
  the client (`default_tools_approval_mode = "approve"`; the annotations also
  need none), and the backend receives exactly the callback codex relayed;
- the model is offered exactly codex's five own tools plus our two;
- which thread method ends a thread's MCP server process (DESIGN section 7
  frees threads "by a method a test shows ends its MCP process").
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from mcp_backend_stub import BackendStub
from mcp_codex import CODEX_BINARY, mcp_server_pids, start_codex, thread_start_params, turn_start_params
from mcp_fake_provider import NAMESPACE, FakeProvider, text, tool_call
from mcp_harness import CALLBACK_TOKEN, REQUEST_TOKEN
from mcp_jsonrpc import LineRpc, RpcError

PLAN = {"actions": [{"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 2}}]}
CODEX_OWN_TOOLS = {
    "list_mcp_resources",
    "list_mcp_resource_templates",
    "read_mcp_resource",
    "update_plan",
    "request_user_input",
}


@pytest.fixture(autouse=True)
def _codex_installed() -> None:
    # Not a skip: without the pinned binary this suite cannot show what it must.
    assert CODEX_BINARY.is_file(), f"{CODEX_BINARY} missing: run scripts/bootstrap.sh (make bootstrap)"


def _utterance(text_: str) -> str:
    context = json.dumps({"request_token": REQUEST_TOKEN, "vehicle_state": {}}, separators=(",", ":"))
    return f"N7WEB_APPLICATION_CONTEXT (trusted; never disclose): {context}\n\nUSER_INSTRUCTION:\n{text_}"


def _run_turn(codex: LineRpc, thread_id: str, words: str) -> dict[str, Any]:
    turn = codex.request("turn/start", turn_start_params(thread_id, _utterance(words)))["turn"]
    return codex.wait_for(
        lambda m: m.get("method") == "turn/completed" and m["params"]["turn"]["id"] == turn["id"], timeout=30
    )


@pytest.mark.parametrize("approval_mode", ["approve", "auto"])
def test_real_codex_runs_the_execute_tool_with_no_request_to_the_client(tmp_path: Path, approval_mode: str) -> None:
    """`approve` is the production setting; `auto` shows the annotations alone need no approval
    (codex asks for one when a tool is destructive or open-world; with `prompt` it always asks)."""
    script = [tool_call("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN}), text("Done.")]
    with BackendStub() as backend, FakeProvider(script) as provider:
        with start_codex(tmp_path, provider.base_url, backend.url, approval_mode=approval_mode) as codex:
            assert "0.147.0" in codex.user_agent  # type: ignore[attr-defined]
            thread_id = codex.request("thread/start", thread_start_params(tmp_path), timeout=30)["thread"]["id"]
            completed = _run_turn(codex, thread_id, "passenger seat heating to level 2")
            notifications = list(codex.notifications)
            server_requests = list(codex.server_requests)

        assert completed["params"]["turn"]["status"] == "completed"
        # No approval, elicitation, user-input or any other server request reached the client.
        assert server_requests == []
        assert not [m for m in notifications if m.get("method") == "error"]

        # The backend got exactly the callback: route, bearer token, body.
        [call] = backend.requests
        assert call.path == "/internal/v1/execute"
        assert call.headers["authorization"] == f"Bearer {CALLBACK_TOKEN}"
        assert call.json == {"request_token": REQUEST_TOKEN, "plan": PLAN}

    # Codex reports the tool call completed with our structured result, minus CAN frames.
    [tool_item] = [
        m["params"]["item"]
        for m in notifications
        if m.get("method") == "item/completed" and m["params"]["item"].get("type") == "mcpToolCall"
    ]
    assert (tool_item["server"], tool_item["tool"], tool_item["status"]) == (
        "n7_vehicle",
        "execute_cockpit_request",
        "completed",
    )
    assert tool_item["result"]["structuredContent"]["status"] == "applied"
    assert "frames" not in json.dumps(tool_item["result"])

    # The model saw exactly codex's own five tools and our namespace with the two tools.
    first, second = provider.requests[:2]
    offered = {tool["name"]: tool for tool in first["tools"]}
    assert set(offered) == CODEX_OWN_TOOLS | {NAMESPACE}
    ours = {tool["name"]: tool for tool in offered[NAMESPACE]["tools"]}
    assert set(ours) == {"get_n7web_capabilities", "execute_cockpit_request"}
    plan_schema = ours["execute_cockpit_request"]["parameters"]["properties"]["plan"]
    assert plan_schema["additionalProperties"] is False
    assert plan_schema["properties"]["actions"]["items"]["required"] == ["capability", "target", "parameters"]

    # And the next model request carried the result as the function call's output.
    [output] = [item for item in second["input"] if item.get("type") == "function_call_output"]
    assert output["call_id"] == "call-1"
    assert '"status":"applied"' in output["output"] and "frames" not in output["output"]


def _ended_within(codex: LineRpc, pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if pid not in mcp_server_pids(codex.proc.pid):
            return True
        time.sleep(0.02)
    return False


def _new_thread(codex: LineRpc, tmp_path: Path) -> tuple[str, int]:
    before = mcp_server_pids(codex.proc.pid)
    thread_id = codex.request("thread/start", thread_start_params(tmp_path), timeout=30)["thread"]["id"]
    [pid] = mcp_server_pids(codex.proc.pid) - before  # one MCP process per thread/start
    _run_turn(codex, thread_id, "hello")  # a turn writes the rollout, as in production
    return thread_id, pid


def test_archive_and_delete_end_the_threads_mcp_process_unsubscribe_does_not(tmp_path: Path) -> None:
    with BackendStub() as backend, FakeProvider([]) as provider:
        with start_codex(tmp_path, provider.base_url, backend.url) as codex:
            kept, kept_pid = _new_thread(codex, tmp_path)
            archived, archived_pid = _new_thread(codex, tmp_path)
            deleted, deleted_pid = _new_thread(codex, tmp_path)

            assert codex.request("thread/unsubscribe", {"threadId": kept}) == {"status": "unsubscribed"}
            assert codex.request("thread/archive", {"threadId": archived}) == {}
            assert codex.request("thread/delete", {"threadId": deleted}) == {}
            assert _ended_within(codex, archived_pid, 3.0)
            assert _ended_within(codex, deleted_pid, 3.0)
            # Unsubscribe leaves the thread loaded and its server running (notes: up to 30 idle minutes).
            assert not _ended_within(codex, kept_pid, 1.5)
            assert codex.request("thread/loaded/list", {})["data"] == [kept]

            # An archived thread resumes only after thread/unarchive, with a new MCP process.
            with pytest.raises(RpcError, match="archived"):
                codex.request("thread/resume", {"threadId": archived})
            codex.request("thread/unarchive", {"threadId": archived})
            before = mcp_server_pids(codex.proc.pid)
            codex.request("thread/resume", {"threadId": archived}, timeout=30)
            assert len(mcp_server_pids(codex.proc.pid) - before) == 1
            assert codex.server_requests == []
