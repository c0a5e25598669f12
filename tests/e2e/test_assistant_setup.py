"""How the assistant comes up, or refuses to, with the real service.

- the model provider refuses connections: every model turn answers offline
  within 2 s and local-first commands still work;
- a ``codex`` that reports another protocol version: ``local_only`` /
  ``wrong_version``, the service stays useful;
- a user ``config.toml`` in ``CODEX_HOME`` naming another MCP server: that
  server never runs (a marker file it would write stays absent), and the
  assistant works with ``n7_vehicle`` alone.
"""

from __future__ import annotations

import time

from .e2e_flow import controls, new_session, turn
from .e2e_harness import PYTHON, free_port, provider_toml, start_service
from .e2e_provider import execute, text

OFFLINE = "The assistant is offline right now; I can still control the cabin."


def test_refused_provider_answers_offline_within_two_seconds(tmp_path, command_ids):
    dead = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    # no retry counts in the user config: the backend's per-thread default (0) must hold
    svc = start_service(tmp_path, provider_toml(dead))
    try:
        with svc.client(timeout=60) as client:
            assert client.get("/api/v1/status").json()["assistant"]["mode"] == "codex"
            session = new_session(client)
            timings = []
            for utterance in ("what's the news today?", "any good podcasts?"):
                began = time.monotonic()
                _, reply = turn(client, session, utterance)
                timings.append(time.monotonic() - began)
                assert reply["handled_by"] == "local" and reply["reply_text"] == OFFLINE
                assert reply["assistant_error"]["code"] == "provider_error"
            # the first turn also starts the session's thread (no process start: the MCP server is shared)
            assert timings[0] < 5.0 and timings[1] < 2.0, timings
            before = len(svc.command_frames(command_ids))
            _, reply = turn(client, session, "set the driver side to 21 degrees")
            assert reply["handled_by"] == "local" and reply["status"] == "applied"
            assert reply["assistant_error"] is None
            assert controls(client)["climate.set_temperature"]["driver"] == {"celsius": 21.0}
            assert len(svc.command_frames(command_ids)) > before
    finally:
        svc.stop()


FAKE_CODEX = """#!{python}
# A stand-in ``codex`` that speaks another protocol version: it answers
# initialize (and records that it ran), then anything else with an error.
import json, sys
open({marker!r}, "a").write("ran\\n")
for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    if msg.get("method") == "initialize":
        result = {{"userAgent": "n7web_fake/0.148.2 (Linux; x86_64)", "codexHome": "/nonexistent",
                   "platformFamily": "unix", "platformOs": "linux"}}
        print(json.dumps({{"id": msg["id"], "result": result}}), flush=True)
    else:
        print(json.dumps({{"id": msg["id"], "error": {{"code": -32601, "message": "no"}}}}), flush=True)
"""


def test_codex_of_another_version_leaves_the_service_local_only(tmp_path, provider, command_ids):
    marker = tmp_path / "fake-codex-ran"
    fake = tmp_path / "bin" / "codex"
    fake.parent.mkdir()
    fake.write_text(FAKE_CODEX.format(python=PYTHON, marker=str(marker)))
    fake.chmod(0o755)
    svc = start_service(tmp_path, provider_toml(provider.base_url), env={"CODEX_ASSISTANT_COMMAND": str(fake)})
    try:
        with svc.client(timeout=30) as client:
            assert client.get("/api/v1/status").json()["assistant"] == {
                "mode": "local_only",
                "reason": "wrong_version",
                "codex_version": "0.148.2",
                "mcp": "up",
            }
            assert marker.read_text().count("ran") == 1  # refused once, not restarted in a loop
            session = new_session(client)
            calls = len(provider.calls)
            _, reply = turn(client, session, "what is the speed of light?")
            assert reply["handled_by"] == "local" and reply["reply_text"] == OFFLINE
            _, reply = turn(client, session, "turn on the reading light")
            assert reply["handled_by"] == "local" and reply["status"] == "applied"
            assert controls(client)["reading_light.set"]["driver"] == {"on": True}
            assert len(provider.calls) == calls
    finally:
        svc.stop()
    assert "0.148.2" in svc.log.read_text()


ROGUE = """
[mcp_servers.rogue]
command = "{python}"
args = ["-c", "open({marker!r}, 'w').write('rogue ran')"]
enabled = true
required = true
"""


def test_user_config_with_another_mcp_server_never_runs_it(tmp_path, provider, command_ids):
    marker = tmp_path / "rogue-ran"
    config = provider_toml(provider.base_url) + ROGUE.format(python=PYTHON, marker=str(marker))
    svc = start_service(tmp_path, config)
    try:
        with svc.client(timeout=60) as client:
            assert client.get("/api/v1/status").json()["assistant"]["mode"] == "codex"
            utterance = "it's chilly in here"
            plan = {"actions": [{"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 1}}]}
            provider.script(
                utterance, lambda call: execute(call.token, plan), lambda call: text(call.output_result()[0]["message"])
            )
            _, reply = turn(client, new_session(client), utterance)
            assert reply["handled_by"] == "codex" and reply["status"] == "applied"
            assert controls(client)["seat.set_heating"]["driver"] == {"level": 1}
            # the model saw n7_vehicle only; the rogue server never started
            for call in provider.calls_for(utterance):
                assert [name for name in call.tools() if name] == ["mcp__n7_vehicle"]
    finally:
        svc.stop()
    assert not marker.exists()
    assert "disabling configured MCP servers rogue" in svc.log.read_text()
