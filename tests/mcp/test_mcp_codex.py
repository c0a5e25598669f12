"""The real pinned `codex app-server` 0.147.0 reaching `n7_vehicle` over HTTP, a fake model, a backend stub.

Shows, with the real binary, that
- the url form (`url`, `bearer_token_env_var`, `required`) is accepted under
  `--strict-config` and echoed by `config/read` without the bearer;
- the annotated execute tool runs with no approval or elicitation request to
  the client (`default_tools_approval_mode = "approve"`; the annotations also
  need none), and the backend receives exactly the callback codex relayed;
- the model is offered exactly codex's five own tools plus our two;
- every thread shares the one server: codex starts no MCP process, and a
  restarted server serves the same threads' next calls.
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
from mcp_harness import BEARER_VARIABLE, CALLBACK_TOKEN, REQUEST_TOKEN, HttpServer
from mcp_jsonrpc import LineRpc

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
    with BackendStub() as backend, FakeProvider(script) as provider, HttpServer(backend.url) as server:
        with start_codex(tmp_path, provider.base_url, server, approval_mode=approval_mode) as codex:
            assert "0.147.0" in codex.user_agent  # type: ignore[attr-defined]
            effective = codex.request("config/read", {"includeLayers": False})["config"]["mcp_servers"]
            assert effective["n7_vehicle"]["url"] == server.url
            assert effective["n7_vehicle"]["bearer_token_env_var"] == BEARER_VARIABLE
            assert server.bearer not in json.dumps(effective)
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


def test_six_threads_share_the_one_server_and_survive_its_restart(tmp_path: Path) -> None:
    call = tool_call("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
    with (
        BackendStub() as backend,
        FakeProvider([call, text("Done.")] * 7) as provider,
        HttpServer(backend.url) as server,
    ):
        with start_codex(tmp_path, provider.base_url, server) as codex:
            threads = []
            for n in range(6):
                started = time.monotonic()
                threads.append(codex.request("thread/start", thread_start_params(tmp_path), timeout=30)["thread"]["id"])
                assert time.monotonic() - started < 5  # no process start behind it
                assert _run_turn(codex, threads[-1], f"seat heat {n}")["params"]["turn"]["status"] == "completed"
            assert mcp_server_pids(codex.proc.pid) == set()  # codex started no MCP server at all
            assert len(codex.request("thread/loaded/list", {})["data"]) == 6

            server.restart()  # a new process on the same socket: no thread needs anything new
            _run_turn(codex, threads[0], "seat heat again")
            assert codex.server_requests == []
    tool_items = [
        m["params"]["item"]
        for m in codex.notifications
        if m.get("method") == "item/completed" and m["params"]["item"].get("type") == "mcpToolCall"
    ]
    assert [item["status"] for item in tool_items] == ["completed"] * 7
    assert len(backend.requests) == 7 and all(r.path == "/internal/v1/execute" for r in backend.requests)
