"""Dialogues a black-box red team found moving what was not asked (DESIGN sections 3a and 4a),
through the real in-process service: the real parser, pipeline, executor, CAN link, ECU simulator
and store. Each test sets the controls it reads with console taps first (the module shares one
service).

- A follow-up reached back past a turn that moved nothing: "open the window a bit" / "don't open
  the window" / "again" opened it once more.
- "Both" to a question of four options acted on all four (the tailgate too); "both" to "21 or 22"
  set 21 and refused 22.
- "A bit lower" right after a change of the passenger's zone lowered the speaker's zone.
- "Again" after "turn on the seat heating" (level 3 -> its on level 2) lowered it to 1.
"""

from __future__ import annotations

from typing import Any

import pytest


def say(c, sid: str, text: str, **kw: Any) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def tap(c, capability: str, target: str, **parameters: Any) -> None:
    r = c.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.json()["status"] == "applied", r.text


def shown(c, capability: str) -> dict:
    return c.get("/api/v1/vehicle/state").json()["controls"][capability]


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


@pytest.mark.parametrize(
    "between",
    [
        "don't open the window",
        "never mind",
        "open the window, oops wrong one",
        "he said open the window",
        "if it rains close the sunroof",
        "maybe open the window",
        "打开车窗，当我没说",
    ],
)
@pytest.mark.parametrize("follow", ["again", "more", "再来一次", "undo"])
def test_a_follow_up_never_reaches_past_a_turn_that_moved_nothing(car, between, follow):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the window a bit")["status"] == "applied"
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 20
        say(c, sid, between)
        tap(c, "sunroof.set_position", "cabin", open_percent=0)
        n = car.frames()
        reply = say(c, sid, follow)
        assert [a for a in reply["actions"] if a.get("status") == "applied"] == [], (between, follow, reply)
        assert car.frames() == n
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 20


def test_a_state_question_in_between_is_passed_over(car):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the window a bit")["status"] == "applied"
        say(c, sid, "is the window open?")
        assert say(c, sid, "more")["status"] == "applied"
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 40


def test_one_more_time_is_more(car):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the window a bit")["status"] == "applied"
        assert say(c, sid, "One more time.")["status"] == "applied"
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 40


@pytest.mark.parametrize("answer", ["both", "Both of them.", "两个都要", "all three"])
def test_both_of_four_options_is_no_answer(car, answer):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        asked = say(c, sid, "open it", seat="passenger")
        assert asked["status"] == "asked" and len(asked["question"]["options"]) == 4, asked
        n = car.frames()
        reply = say(c, sid, answer, seat="passenger")
        assert [a for a in reply["actions"] if a.get("status") == "applied"] == [], reply
        assert car.frames() == n
        assert c.get("/api/v1/vehicle/state").json()["controls"]["tailgate.set"]["cabin"]["open"] is False


def test_all_of_them_is_still_every_option(car):
    # what was said: every option ("all", 都要) stays an answer of any count
    with car.client() as c:
        tap(c, "ambient_light.set", "cabin", brightness=0)
        tap(c, "reading_light.set", "driver", on=False)
        sid = session(c)
        asked = say(c, sid, "turn on the lights", seat="driver")
        assert len(asked["question"]["options"]) == 2
        reply = say(c, sid, "both", seat="driver")
        assert {a["capability"] for a in reply["actions"] if a["status"] == "applied"} == {
            "ambient_light.set",
            "reading_light.set",
        }


@pytest.mark.parametrize("answer", ["both", "all of them", "都要", "the first and the second"])
def test_both_amounts_for_one_control_is_no_answer(car, answer):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=20.0)
        sid = session(c)
        asked = say(c, sid, "set the temperature to 21 or 22")
        assert asked["status"] == "asked" and asked["question"]["kind"] == "clarify", asked
        n = car.frames()
        reply = say(c, sid, answer)
        assert [a for a in reply["actions"] if a.get("status") == "applied"] == [], reply
        assert car.frames() == n
        assert {z["celsius"] for z in shown(c, "climate.set_temperature").values()} == {20.0}


@pytest.mark.parametrize(("first", "then"), [("副驾温度调高一点", "a bit lower"), ("副驾温度调高一点", "再调低一点")])
def test_a_change_with_no_control_goes_to_the_last_turns_members(car, first, then):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = session(c)
        assert say(c, sid, first, seat="driver")["status"] == "applied"
        zones = shown(c, "climate.set_temperature")
        assert (zones["passenger"]["celsius"], zones["driver"]["celsius"]) == (23.0, 22.0)
        reply = say(c, sid, then, seat="driver")
        assert reply["status"] == "applied", reply
        zones = shown(c, "climate.set_temperature")
        assert (zones["passenger"]["celsius"], zones["driver"]["celsius"]) == (22.0, 22.0)
        assert {zones[m]["celsius"] for m in ("rear_left", "rear_right")} == {22.0}


@pytest.mark.parametrize("follow", ["again", "再来一次", "a bit more"])
def test_more_after_switching_on_is_more_of_it(car, follow):
    with car.client() as c:
        tap(c, "seat.set_heating", "driver", level=3)
        sid = session(c)
        assert say(c, sid, "turn on the seat heating", seat="driver")["status"] == "applied"
        assert shown(c, "seat.set_heating")["driver"]["level"] == 2
        reply = say(c, sid, follow, seat="driver")
        assert reply["status"] == "applied", reply
        assert shown(c, "seat.set_heating")["driver"]["level"] == 3
