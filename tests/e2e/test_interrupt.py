"""Interrupting a slow model turn: the token is revoked at once. And a turn
that outlives the turn deadline (3 s here) answers by the offline path.

The service runs in-process (uvicorn in a thread) only so the test holds the
callback bearer and can call ``/internal/v1/execute`` itself with the
interrupted turn's token, exactly as the MCP server would; codex, the MCP
server and the backend are still the real ones.
"""

from __future__ import annotations

import threading
import time

import httpx
import pytest

from .e2e_flow import controls, new_session, tap, turn
from .e2e_harness import provider_toml, start_in_process, until
from .e2e_provider import stall, text

DEADLINE_S = 3.0


@pytest.fixture(scope="module")
def inproc(tmp_path_factory, provider):
    service = start_in_process(
        tmp_path_factory.mktemp("e2e-int"),
        provider_toml(provider.base_url),
        env={
            "N7WEB_TURN_DEADLINE_S": str(DEADLINE_S),
            # the timeout ladder must nest: tool timeout below the turn deadline
            "CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS": "2",
        },
    )
    yield service
    service.stop()


def test_interrupt_revokes_the_token_at_once_and_sends_nothing(inproc, provider, command_ids):
    utterance = "turn on the AC and tell me a very long story"
    release = threading.Event()
    provider.script(utterance, stall(30.0, release))
    client = inproc.client(timeout=60)
    session = new_session(client)
    provider.script("good morning", text("Good morning!"))
    turn(client, session, "good morning")  # the thread is loaded
    tap(client, "climate.set_ac", "cabin", on=False)
    before = len(inproc.command_frames(command_ids))
    box: dict = {}

    def post() -> None:
        with inproc.client(timeout=60) as c:
            box["events"], box["reply"] = turn(c, session, utterance)

    worker = threading.Thread(target=post)
    worker.start()
    try:
        assert until(lambda: provider.calls_for(utterance), timeout=20)
        token = provider.calls_for(utterance)[0].token
        r = client.post(f"/api/v1/sessions/{session}/interrupt")
        assert r.status_code == 200 and r.json() == {"interrupted": True}
        # at once: the very next execute call with the token is refused
        answer = httpx.post(
            f"{inproc.base}/internal/v1/execute",
            timeout=10,
            headers={"Authorization": f"Bearer {inproc.runtime.callback_token}"},
            json={"request_token": token},
        )
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "token_revoked"
        worker.join(20)
        assert not worker.is_alive()
    finally:
        release.set()
        worker.join(5)
    reply = box["reply"]
    assert reply["assistant_error"]["code"] == "interrupted" and reply["handled_by"] == "codex"
    assert reply["reply_text"] == "Stopped as you asked; nothing more was sent to the car."
    # an interrupted turn sends nothing more: no parser leftovers, no offline plan
    assert reply["actions"] == []
    assert controls(client)["climate.set_ac"]["cabin"] == {"on": False}
    assert len(inproc.command_frames(command_ids)) == before
    # and the session goes on
    provider.script("thanks", text("You're welcome."))
    _, after = turn(client, session, "thanks")
    assert after["handled_by"] == "codex" and after["reply_text"] == "You're welcome."
    client.close()


def test_turn_past_its_deadline_answers_offline(inproc, provider, command_ids):
    utterance = "turn on the AC and explain quantum physics"
    release = threading.Event()
    provider.script(utterance, stall(30.0, release))
    with inproc.client(timeout=60) as client:
        tap(client, "climate.set_ac", "cabin", on=False)
        session = new_session(client)
        before = len(inproc.command_frames(command_ids))
        began = time.monotonic()
        try:
            _, reply = turn(client, session, utterance)
        finally:
            release.set()
        elapsed = time.monotonic() - began
        assert DEADLINE_S <= elapsed < DEADLINE_S + 3.0, elapsed
        assert reply["handled_by"] == "local"
        assert reply["assistant_error"]["code"] == "turn_deadline"
        # before any execute call: the offline path runs the resolved command
        assert [(a["capability"], a["status"], a["source"]) for a in reply["actions"]] == [
            ("climate.set_ac", "applied", "parser")
        ]
        assert controls(client)["climate.set_ac"]["cabin"] == {"on": True}
        assert len(inproc.command_frames(command_ids)) > before
        assert reply["reply_text"].endswith("The assistant is offline right now; I can still control the cabin.")
