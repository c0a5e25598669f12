"""Follow-ups (DESIGN section 3a) through the real in-process service: real
executor, bus, ECU and store. Only the parser's ``follow_up`` field is set by
the test (the parser reports it from the words; here the words are fixed)."""

from __future__ import annotations

import pytest

from vehicle.parser.result import ParseResult

FOLLOW = {"undo that": "undo", "me too": "me_too", "撤销": "undo"}


@pytest.fixture
def follow_ups(inproc, monkeypatch):
    real = inproc.runtime.parser

    class Parser:
        def parse(self, text, seat=None):
            if text in FOLLOW:
                return ParseResult(language="zh" if text == "撤销" else "en", follow_up=FOLLOW[text])
            return real.parse(text)

    monkeypatch.setattr(inproc.runtime, "parser", Parser())
    return inproc


def say(c, sid, text, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def fan(c) -> int:
    return c.get("/api/v1/vehicle/state").json()["controls"]["climate.set_fan_speed"]["cabin"]["level"]


def test_undo_restores_the_value_confirmed_before_the_turn(follow_ups):
    with follow_ups.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        assert say(c, sid, "set the fan to 2")["status"] == "applied"
        changed = say(c, sid, "set the fan to 5")
        assert fan(c) == 5
        row = next(d for d in c.get("/api/v1/audit").json()["decisions"] if d["turn_id"] == changed["turn_id"])
        assert row["confirmed_before"] == {"climate.set_fan_speed": {"cabin": {"level": 2}}}
        undone = say(c, sid, "undo that")
        assert undone["status"] == "applied" and fan(c) == 2
        [action] = undone["actions"]
        assert (action["capability"], action["target"], action["parameters"], action["source"]) == (
            "climate.set_fan_speed",
            "cabin",
            {"level": 2},
            "parser",
        )


def test_undo_leaves_a_control_changed_since(follow_ups):
    with follow_ups.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        say(c, sid, "set the fan to 2")
        say(c, sid, "set the fan to 5")
        tap = c.post(
            "/api/v1/actions",
            json={"capability": "climate.set_fan_speed", "target": "cabin", "parameters": {"level": 3}},
        )
        assert tap.json()["status"] == "applied"
        reply = say(c, sid, "undo that")
        assert reply["actions"] == [] and "changed again" in reply["reply_text"] and fan(c) == 3


def test_me_too_applies_the_same_to_the_speakers_member(follow_ups):
    with follow_ups.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        first = say(c, sid, "turn on the passenger reading light", seat="passenger")
        assert first["status"] == "applied"
        reply = say(c, sid, "me too", seat="rear_left")
        assert [(a["capability"], a["target"], a["status"]) for a in reply["actions"]] == [
            ("reading_light.set", "rear_left", "applied")
        ]
        lights = c.get("/api/v1/vehicle/state").json()["controls"]["reading_light.set"]
        assert lights["rear_left"] == {"on": True}


def test_nothing_to_follow_is_said_and_sends_nothing(follow_ups):
    with follow_ups.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        n = len(c.get("/api/v1/audit?limit=500").json()["decisions"])
        reply = say(c, sid, "撤销")
        assert reply["actions"] == [] and reply["reply_text"] == "最近没有可以接着做的操作。"
        assert len(c.get("/api/v1/audit?limit=500").json()["decisions"]) == n
