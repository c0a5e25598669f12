"""One shared ``n7_vehicle`` MCP server for the whole service (DESIGN sections 7 and 8).

Real ``n7web serve``, real codex 0.147.0, real ``python -m mcp_server
--http`` hosted by the backend; only the model is scripted. MCP server
processes are counted in /proc among the service's descendants.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time

import httpx
import pytest

from .e2e_flow import new_session, turn
from .e2e_harness import cmdline, codex_pids, descendants, mcp_pids, until
from .e2e_provider import Call, execute, text

BEARER_VAR = "N7WEB_MCP_BEARER_TOKEN"


def heat(level: int, target: str = "driver") -> dict:
    return {"actions": [{"capability": "seat.set_heating", "target": target, "parameters": {"level": level}}]}


def explain(call: Call):
    result, _ = call.output_result()
    return text("Done: " + result["message"] if isinstance(result, dict) else "The tool failed.")


@pytest.fixture
def client(svc):
    with svc.client(timeout=60) as c:
        yield c


def the_server(svc) -> int:
    [pid] = mcp_pids(svc.proc.pid)
    return pid


def mcp_url(svc) -> str:
    [codex] = codex_pids(svc.proc.pid)
    return re.search(r'url = "(http://127\.0\.0\.1:\d+/mcp)"', " ".join(cmdline(codex))).group(1)


def bearer_of(pid: int) -> str:
    with open(f"/proc/{pid}/environ", "rb") as handle:
        for item in handle.read().split(b"\0"):
            if item.startswith(BEARER_VAR.encode() + b"="):
                return item.split(b"=", 1)[1].decode()
    raise AssertionError("the MCP server has no bearer in its environment")


def tool_turn(client, provider, session: str, words: str, plan: dict) -> dict:
    provider.script(words, lambda call: execute(call.token, plan), explain)
    _, reply = turn(client, session, words)
    return reply


def test_six_sessions_in_a_row_leave_exactly_one_mcp_server_process(svc, client, provider):
    server = the_server(svc)
    for n in range(6):
        session = new_session(client)
        reply = tool_turn(client, provider, session, f"warm my seat please, take {n}", heat(1 + n % 3))
        assert reply["handled_by"] == "codex" and reply["reply_text"].startswith("Done:")
        assert mcp_pids(svc.proc.pid) == [server]
    [codex] = codex_pids(svc.proc.pid)
    assert not [p for p in descendants(codex) if "mcp_server" in " ".join(cmdline(p))]
    assert client.get("/api/v1/status").json()["assistant"]["mcp"] == "up"


def test_the_mcp_server_killed_mid_session_is_restarted_and_the_next_tool_call_succeeds(svc, client, provider):
    session = new_session(client)
    assert tool_turn(client, provider, session, "warm my seat please, take one", heat(1))["handled_by"] == "codex"
    old = the_server(svc)
    os.kill(old, signal.SIGKILL)
    assert until(lambda: mcp_pids(svc.proc.pid) not in ([], [old]), timeout=15)
    assert until(lambda: client.get("/api/v1/status").json()["assistant"]["mcp"] == "up", timeout=15)
    reply = tool_turn(client, provider, session, "warm my seat please, take three", heat(3))
    # the model got the tool's structured result back: the call went through the new server
    assert reply["handled_by"] == "codex" and reply["assistant_error"] is None
    assert reply["reply_text"].startswith("Done:")
    assert any(a["source"] in ("model", "both") for a in reply["actions"])


def test_a_tool_call_cut_in_transport_is_reported_not_executed_and_leftovers_still_run(svc, client, provider):
    session = new_session(client)
    tool_turn(client, provider, session, "warm my seat please, take zero", heat(1))  # a warm connection
    server = the_server(svc)
    words = "turn on the ac and tell me a joke"

    def cut(call: Call):
        # Freeze the server so the call waits on its connection, then kill it: codex's request was
        # written to a connection whose server is gone, and the backend never saw it.
        os.kill(server, signal.SIGSTOP)
        threading.Timer(1.0, os.kill, (server, signal.SIGKILL)).start()
        return execute(
            call.token, {"actions": [{"capability": "climate.set_ac", "target": "cabin", "parameters": {"on": True}}]}
        )

    provider.script(words, cut, text("Sorry, the vehicle tool failed."))
    _, reply = turn(client, session, words)
    assert reply["handled_by"] == "codex"
    assert reply["assistant_error"]["code"] == "tool_not_executed"
    assert "not executed" in reply["reply_text"]
    # the model's call never reached the backend: only the parser's leftover acted
    assert [(a["capability"], a["source"]) for a in reply["actions"]] == [("climate.set_ac", "parser")]
    assert reply["actions"][0]["status"] in ("applied", "already_applied")
    assert until(lambda: client.get("/api/v1/status").json()["assistant"]["mcp"] == "up", timeout=15)
    again = tool_turn(client, provider, session, "warm my seat please, take four", heat(2))
    assert again["assistant_error"] is None and again["reply_text"].startswith("Done:")


def test_the_services_mcp_endpoint_refuses_a_request_without_the_bearer_or_from_another_origin(svc):
    url = mcp_url(svc)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    bearer = bearer_of(the_server(svc))
    with httpx.Client(timeout=10) as c:
        assert c.post(url, json=body, headers=headers).status_code == 401
        assert c.post(url, json=body, headers={**headers, "Authorization": "Bearer not-it"}).status_code == 401
        foreign = {**headers, "Authorization": f"Bearer {bearer}", "Origin": "http://attacker.example"}
        assert c.post(url, json=body, headers=foreign).status_code == 403
        assert c.post(url, json=body, headers={**headers, "Authorization": f"Bearer {bearer}"}).status_code == 200


def test_the_bearer_is_in_no_argv_no_codex_home_file_no_rollout_and_no_log(svc, client, provider):
    session = new_session(client)
    tool_turn(client, provider, session, "warm my seat please, take two", heat(2))
    server = the_server(svc)
    bearer = bearer_of(server).encode()
    [codex] = codex_pids(svc.proc.pid)
    assert bearer_of(codex).encode() == bearer  # codex has it, by environment only
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    assert bearer not in handle.read(), entry
            except OSError:
                continue
    files = [p for p in svc.state_dir.rglob("*") if p.is_file()]
    assert any("sessions" in p.parts and p.suffix == ".jsonl" for p in files)  # rollouts were searched
    for path in files:
        assert bearer not in path.read_bytes(), path
    time.sleep(0.2)
    assert bearer not in svc.log.read_bytes()  # type: ignore[attr-defined]
