"""``n7web say`` against the real service (uvicorn subprocess, local-only).

The command is run as a subprocess, the way a person or the voice front end's
glue would run it: it finds the service through ``N7WEB_PORT`` or ``--url``,
keeps one session in ``STATE_DIR/voice-session.json``, and prints the
speakable reply (or the whole Reply with ``--json``).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from service.harness import ROOT, free_port, start_subprocess

SESSION_FILE = "voice-session.json"


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    svc = start_subprocess(tmp_path_factory.mktemp("say-svc"))
    yield svc
    svc.stop()


def say(
    *args: str, port: int | None = None, state_dir: Path | None = None, extra_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("N7WEB_")}
    if port is not None:
        env["N7WEB_PORT"] = str(port)
    if state_dir is not None:
        env["N7WEB_STATE_DIR"] = str(state_dir)
    env.update(extra_env or {})
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "say", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def history(service, session_id: str) -> list[dict]:
    with httpx.Client(base_url=service.base, trust_env=False, timeout=10) as c:
        r = c.get(f"/api/v1/sessions/{session_id}/messages")
        assert r.status_code == 200, r.text
        return r.json()["turns"]


def session_in(state_dir: Path) -> str:
    return json.loads((state_dir / SESSION_FILE).read_text())["session_id"]


def test_prints_the_speakable_reply_and_reuses_one_session(service, tmp_path):
    state = tmp_path / "state"
    first = say(
        "set the driver side to 21.5 degrees and open the passenger window to 30%", port=service.port, state_dir=state
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout == "Driver temperature set to 21.5 degrees. Passenger window opened to 30 percent.\n"
    assert first.stderr == ""
    session_id = session_in(state)
    assert stat.S_IMODE((state / SESSION_FILE).stat().st_mode) == 0o600

    second = say("把空调温度调到22度", port=service.port, state_dir=state)
    assert second.returncode == 0, second.stderr
    assert "22度" in second.stdout and "°" not in second.stdout and "%" not in second.stdout
    assert session_in(state) == session_id  # the same session, kept across calls

    turns = history(service, session_id)
    assert [t["text"] for t in turns] == [
        "set the driver side to 21.5 degrees and open the passenger window to 30%",
        "把空调温度调到22度",
    ]
    assert {t["source"] for t in turns} == {"voice"}
    assert turns[0]["reply"]["reply_text"] + "\n" == first.stdout


def test_json_prints_the_whole_reply(service, tmp_path):
    out = say("--json", "open the driver window halfway", port=service.port, state_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert set(reply) == {
        "session_id",
        "turn_id",
        "client_message_id",
        "language",
        "handled_by",
        "status",
        "reply_text",
        "actions",
        "question",  # revision 3 (DESIGN section 6): a question asked, else null
        "jobs",  # revision 3: the timed commands the turn set
        "assistant_error",
    }
    assert reply["question"] is None and reply["jobs"] == []
    assert reply["session_id"] == session_in(tmp_path)
    assert reply["language"] == "en" and reply["handled_by"] == "local" and reply["status"] == "applied"
    assert reply["reply_text"] == "Driver window opened to 50 percent."
    [action] = reply["actions"]
    assert (action["capability"], action["target"], action["parameters"]) == (
        "window.set_position",
        "driver",
        {"open_percent": 50},
    )
    assert action["status"] == "applied" and action["reason"] is None
    assert reply["client_message_id"].startswith("voice-")


def test_a_session_the_service_does_not_know_is_replaced(service, tmp_path):
    (tmp_path / SESSION_FILE).write_text(json.dumps({"session_id": "s_gone"}))
    out = say("turn on the ac", port=service.port, state_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "AC turned on.\n"
    fresh = session_in(tmp_path)
    assert fresh != "s_gone" and fresh.startswith("s_")
    assert [t["text"] for t in history(service, fresh)] == ["turn on the ac"]

    (tmp_path / SESSION_FILE).write_text("not json")  # a damaged file is not fatal either
    again = say("turn off the ac", port=service.port, state_dir=tmp_path)
    assert again.returncode == 0 and again.stdout == "AC turned off.\n", again.stderr


def test_url_flag_and_new_session(service, tmp_path):
    out = say("--url", f"http://localhost:{service.port}", "fold the mirrors", state_dir=tmp_path)
    assert out.returncode == 0 and out.stdout == "Mirrors folded.\n", out.stderr
    first = session_in(tmp_path)
    out = say("--url", f"127.0.0.1:{service.port}", "--new-session", "unfold the mirrors", state_dir=tmp_path)
    assert out.returncode == 0 and out.stdout == "Mirrors unfolded.\n", out.stderr
    assert session_in(tmp_path) != first


def test_a_refusal_is_still_an_answer(service, tmp_path):
    with httpx.Client(base_url=service.base, trust_env=False, timeout=10) as c:
        c.put("/api/v1/sim/vehicle", json={"speed_kph": 50, "gear": "D"}).raise_for_status()
        try:
            out = say("--json", "open the trunk", port=service.port, state_dir=tmp_path)
        finally:
            c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).raise_for_status()
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert reply["status"] == "rejected"
    [action] = reply["actions"]
    assert action["status"] == "rejected" and action["reason"].startswith("interlock_")
    assert reply["reply_text"].startswith("Tailgate is not allowed")


def test_service_not_running_is_one_line_and_exit_1(tmp_path):
    port = free_port()  # nothing listens there
    out = say("open the driver window", port=port, state_dir=tmp_path)
    assert out.returncode == 1
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"n7web say: the N7Web service is not running at http://127.0.0.1:{port}")
    assert not (tmp_path / SESSION_FILE).exists()


@pytest.mark.parametrize("url", ["http://192.0.2.1:8470", "https://127.0.0.1:8470", "http://example.com:8470"])
def test_only_loopback_urls(tmp_path, url):
    out = say("--url", url, "open the driver window", state_dir=tmp_path)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("n7web say: --url")


def test_usage_errors(tmp_path):
    assert say(state_dir=tmp_path).returncode == 2
    out = say("hi", extra_env={"N7WEB_PORT": "eighty"}, state_dir=tmp_path)
    assert out.returncode == 2 and out.stderr == "n7web say: N7WEB_PORT='eighty' is not a port number\n"


def test_default_state_dir_follows_xdg_state_home(service, tmp_path):
    out = say("close the driver window", port=service.port, extra_env={"XDG_STATE_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "n7web" / SESSION_FILE).is_file()


def test_seat_flag_is_sent_with_the_message(service, tmp_path):
    out = say("--seat", "passenger", "turn on the reading light", port=service.port, state_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    [turn] = history(service, session_in(tmp_path))
    assert turn["seat"] == "passenger" and turn["source"] == "voice"
    bad = say("--seat", "trunk", "turn on the reading light", port=service.port, state_dir=tmp_path)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
    assert len(history(service, session_in(tmp_path))) == 1
