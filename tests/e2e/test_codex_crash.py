"""Codex killed mid-turn: that turn fails clearly, the next one works.

The codex process is found in /proc as a descendant of ``n7web serve`` and
SIGKILLed while the model request of a turn is in flight. Before any execute
call the backend answers by the offline path (``handled_by: "local"``,
``assistant_error`` set); after one it never falls back. The supervisor
restarts codex and the session's thread is resumed at its next turn.
"""

from __future__ import annotations

import os
import signal
import threading

import pytest

from .e2e_flow import controls, deltas, new_session, results, turn
from .e2e_harness import alive, codex_pids, mcp_pids, until
from .e2e_provider import execute, stall, text


@pytest.fixture
def client(svc):
    with svc.client(timeout=60) as c:
        yield c


def ready(client) -> bool:
    return client.get("/api/v1/status").json()["assistant"]["mode"] == "codex"


def kill_codex_during(svc, provider, session: str, utterance: str, stall_step: int) -> tuple[list, dict, int]:
    """Post ``utterance``; SIGKILL codex once the turn's request number
    ``stall_step`` (a stall) is in flight. (events, reply, killed pid)."""
    box: dict = {}

    def post() -> None:
        with svc.client(timeout=60) as c:
            box["events"], box["reply"] = turn(c, session, utterance)

    (codex,) = codex_pids(svc.proc.pid)
    worker = threading.Thread(target=post)
    worker.start()
    try:
        assert until(lambda: any(c.step == stall_step for c in provider.calls_for(utterance)), timeout=20)
        os.kill(codex, signal.SIGKILL)
        worker.join(20)
        assert not worker.is_alive()
    finally:
        worker.join(5)
    return box["events"], box["reply"], codex


def test_killed_before_execute_answers_offline_and_recovers(svc, client, provider):
    session = new_session(client)
    provider.script("hi", text("Hello!"))
    turn(client, session, "hi")  # the thread is loaded
    mcp = mcp_pids(svc.proc.pid)
    assert len(mcp) == 1  # the service's one shared MCP server
    release = threading.Event()
    utterance = "tell me the history of the autobahn"
    provider.script(utterance, stall(30.0, release))
    try:
        events, reply, codex = kill_codex_during(svc, provider, session, utterance, 0)
    finally:
        release.set()
    assert reply["handled_by"] == "local"
    assert reply["assistant_error"]["code"] == "assistant_unavailable"
    assert reply["reply_text"] == "The assistant is offline right now; I can still control the cabin."
    assert [name for name, _ in events][-1] == "turn.completed"
    # the shared MCP server is the backend's, not codex's: it outlives the crash untouched
    assert mcp_pids(svc.proc.pid) == mcp and all(alive(p) for p in mcp)
    # the supervisor restarts codex; the next turn in the same session works
    assert until(lambda: ready(client), timeout=20)
    (restarted,) = codex_pids(svc.proc.pid)
    assert restarted != codex
    provider.script("are you back?", text("Yes, ", "I am back."))
    _, again = turn(client, session, "are you back?")
    assert again["handled_by"] == "codex" and again["reply_text"] == "Yes, I am back."
    assert again["assistant_error"] is None


def test_killed_after_execute_never_falls_back(svc, client, provider, command_ids):
    assert until(lambda: ready(client), timeout=20)
    session = new_session(client)
    release = threading.Event()
    utterance = "I feel cold"
    plan = {"actions": [{"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}}]}
    provider.script(utterance, lambda call: execute(call.token, plan), stall(30.0, release))
    before = len(svc.command_frames(command_ids))
    try:
        events, reply, _ = kill_codex_during(svc, provider, session, utterance, 1)
    finally:
        release.set()
    # the execute call acted; the turn reports it and does not run the offline plan on top
    assert reply["handled_by"] == "codex"
    assert reply["assistant_error"]["code"] == "assistant_unavailable"
    assert [(a["capability"], a["status"], a["source"]) for a in reply["actions"]] == [
        ("seat.set_heating", "applied", "model")
    ]
    assert results(events) == reply["actions"]
    # the reply says what the car did and that the assistant failed, as streamed
    assert reply["reply_text"].startswith("Passenger seat heating set to level 3.")
    assert reply["reply_text"].endswith(reply["assistant_error"]["message"])
    assert "".join(deltas(events)) == reply["reply_text"]
    assert controls(client)["seat.set_heating"]["passenger"] == {"level": 3}
    sent = len(svc.command_frames(command_ids)) - before
    assert sent == 1
    assert until(lambda: ready(client), timeout=20)
