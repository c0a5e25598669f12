"""REFER through the real service (DESIGN 4a): an action with no control in
the text refers to the control of the session's last turn within 60 s;
with no such turn the service asks which control, and nothing moves."""

from __future__ import annotations

import pytest


def say(c, sid, text, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def fan(svc) -> int:
    return svc.runtime.simulator.control("climate.set_fan_speed", "cabin")["level"]


@pytest.mark.parametrize("first,then", [("set the fan to 3", "turn it up"), ("风量调到三档", "调高一点")])
def test_it_after_a_change_is_that_changes_control(car, first, then):
    with car.client() as c:
        sid = session(c)
        assert say(c, sid, first, seat="driver")["status"] == "applied"
        assert fan(car) == 3
        reply = say(c, sid, then, seat="driver")
        assert reply["status"] == "applied" and reply["question"] is None, reply
        assert [a["capability"] for a in reply["actions"]] == ["climate.adjust_fan_speed"]
        assert fan(car) == 4


@pytest.mark.parametrize("text", ["turn it up", "调高一点"])
def test_with_nothing_before_it_asks_and_moves_nothing(car, text):
    with car.client() as c:
        sid = session(c)
        frames = car.frames()
        reply = say(c, sid, text, seat="driver")
        assert reply["status"] == "asked" and reply["actions"] == [], reply
        assert reply["question"]["kind"] == "clarify" and len(reply["question"]["options"]) >= 2
        assert car.frames() == frames


def test_a_turn_that_changed_two_controls_is_no_referent(car):
    with car.client() as c:
        sid = session(c)
        assert say(c, sid, "set the fan to 3 and turn on the seat heating", seat="driver")["status"] == "applied"
        frames = car.frames()
        reply = say(c, sid, "turn it up", seat="driver")
        assert reply["status"] == "asked" and car.frames() == frames


def test_another_session_is_no_referent(car):
    with car.client() as c:
        assert say(c, session(c), "set the fan to 3", seat="driver")["status"] == "applied"
        frames = car.frames()
        reply = say(c, session(c), "turn it up", seat="driver")
        assert reply["status"] == "asked" and car.frames() == frames
