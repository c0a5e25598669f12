"""Follow-up "more" (DESIGN section 3a) through the real in-process service:
the real parser, pipeline, executor, CAN link, ECU simulator and store. Each
test sets the controls it reads with console taps first (the module shares
one service)."""

from __future__ import annotations

import time

import pytest

import app.turn.followup as followup


def say(c, sid, text, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def tap(c, capability, target, **parameters) -> None:
    r = c.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.json()["status"] == "applied", r.text


def shown(c, capability) -> dict:
    return c.get("/api/v1/vehicle/state").json()["controls"][capability]


def ecu(inproc, capability, member) -> dict:
    """What the simulated ECU itself holds (not the backend's view of it)."""
    return inproc.runtime.simulator.control(capability, member)


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def test_a_bit_more_after_a_bit_warmer_raises_every_zone_once_more(car):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = session(c)
        n0 = car.frames()
        assert say(c, sid, "a bit warmer")["status"] == "applied"
        n1 = car.frames()
        reply = say(c, sid, "a bit more")
        assert reply["status"] == "applied"
        [action] = reply["actions"]
        assert (
            action["capability"],
            action["target"],
            action["parameters"],
            action["source"],
            action.get("vague"),
        ) == ("climate.adjust_temperature", "all", {"delta_celsius": 1.0}, "parser", True)
        assert car.frames() - n1 == n1 - n0 > 0
        zones = shown(c, "climate.set_temperature")
        assert {z["celsius"] for z in zones.values()} == {24.0}
        assert {ecu(car, "climate.set_temperature", m)["celsius"] for m in zones} == {24.0}
        row = next(d for d in c.get("/api/v1/audit").json()["decisions"] if d["turn_id"] == reply["turn_id"])
        assert row["actions"][0]["vague"] is True


def test_zai_da_yi_dian_after_fan_up_in_chinese(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=3)
        sid = session(c)
        assert say(c, sid, "风量大一点")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "再大一点")
        assert reply["status"] == "applied" and car.frames() == n + 1
        [action] = reply["actions"]
        assert (action["capability"], action["parameters"]) == ("climate.adjust_fan_speed", {"delta_level": 1})
        assert shown(c, "climate.set_fan_speed")["cabin"]["level"] == 5
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5
        assert reply["reply_text"] and reply["reply_text"].isascii() is False and "5" in reply["reply_text"]


def test_more_after_a_set_opens_the_window_twenty_more(car):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the window a bit")["status"] == "applied"
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 20
        n = car.frames()
        reply = say(c, sid, "more")
        [action] = reply["actions"]
        assert (action["capability"], action["target"], action["parameters"], action["status"]) == (
            "window.adjust_position",
            "driver",
            {"delta_percent": 20},
            "applied",
        )
        assert car.frames() == n + 1
        assert shown(c, "window.set_position")["driver"]["open_percent"] == 40
        assert ecu(car, "window.set_position", "driver")["open_percent"] == 40
        assert ecu(car, "window.set_position", "passenger")["open_percent"] == 0


def test_a_closing_set_repeats_as_a_closing_step(car):
    with car.client() as c:
        tap(c, "window.set_position", "passenger", open_percent=100)
        sid = session(c)
        assert say(c, sid, "set the passenger window to 70 percent")["status"] == "applied"
        reply = say(c, sid, "again")
        assert reply["actions"][0]["parameters"] == {"delta_percent": -20}
        assert ecu(car, "window.set_position", "passenger")["open_percent"] == 50


def test_more_at_the_range_end_is_refused_and_sends_nothing(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=6)
        sid = session(c)
        assert say(c, sid, "set the fan to 7")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "a bit more")
        [action] = reply["actions"]
        assert (reply["status"], action["reason"]) == ("rejected", "out_of_range")
        assert "highest" in reply["reply_text"] and "7" in reply["reply_text"]
        assert car.frames() == n and ecu(car, "climate.set_fan_speed", "cabin")["level"] == 7


def test_more_after_the_tailgate_says_a_switch_has_no_more(car):
    with car.client() as c:
        tap(c, "tailgate.set", "cabin", open=False)
        sid = session(c)
        try:
            assert say(c, sid, "open the tailgate")["status"] == "applied"
            n = car.frames()
            reply = say(c, sid, "more")
            assert reply["actions"] == [] and car.frames() == n
            assert reply["reply_text"] == "There is no \u201cmore\u201d of the tailgate: it is not turned up or down."
        finally:
            tap(c, "tailgate.set", "cabin", open=False)


def test_more_after_a_mode_says_a_mode_has_no_more(car):
    with car.client() as c:
        sid = session(c)
        assert say(c, sid, "start pet mode")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "还要")
        assert reply["actions"] == [] and car.frames() == n
        assert reply["reply_text"] == "宠物模式没有“再多一点”：它不能调大或调小。"


def test_more_after_a_set_and_a_switch_repeats_the_set_and_says_the_switch_has_none(car):
    with car.client() as c:
        tap(c, "climate.set_ac", "cabin", on=False)
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "turn on the ac and set the fan to 4")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "a bit more")
        assert [(a["capability"], a["parameters"], a["status"]) for a in reply["actions"]] == [
            ("climate.adjust_fan_speed", {"delta_level": 1}, "applied")
        ]
        assert car.frames() == n + 1 and ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5
        assert reply["reply_text"].endswith("There is no \u201cmore\u201d of the AC: it is not turned up or down.")


def test_more_from_another_seat_acts_only_where_that_seat_may(car):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open all the windows a bit", seat="driver")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "a bit more", seat="rear_left")
        [action] = reply["actions"]
        assert reply["status"] == "partially_applied" and car.frames() == n + 1
        assert {m["target"]: m.get("reason") for m in action["members"]} == {
            "driver": "seat_not_permitted",
            "passenger": "seat_not_permitted",
            "rear_left": None,
            "rear_right": "seat_not_permitted",
        }
        assert {
            m: ecu(car, "window.set_position", m)["open_percent"]
            for m in ("driver", "passenger", "rear_left", "rear_right")
        } == {"driver": 20, "passenger": 20, "rear_left": 40, "rear_right": 20}


def test_more_from_the_rear_on_the_drivers_zone_moves_nothing(car):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = session(c)
        assert say(c, sid, "a bit warmer", seat="driver")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "a bit more", seat="rear_right")
        assert reply["status"] == "rejected" and car.frames() == n
        assert {m["reason"] for a in reply["actions"] for m in a["members"]} == {"seat_not_permitted"}
        assert ecu(car, "climate.set_temperature", "driver")["celsius"] == 23.0


@pytest.mark.parametrize(
    "text, words", [("more", "There is nothing recent to follow up on."), ("还要", "最近没有可以接着做的操作。")]
)
def test_more_with_nothing_to_follow_says_so(car, text, words):
    with car.client() as c:
        sid = session(c)
        n, audit = car.frames(), len(c.get("/api/v1/audit?limit=500").json()["decisions"])
        reply = say(c, sid, text)
        assert reply["actions"] == [] and reply["reply_text"] == words
        assert car.frames() == n and len(c.get("/api/v1/audit?limit=500").json()["decisions"]) == audit


def test_more_after_the_window_has_passed_does_nothing(car, monkeypatch):
    monkeypatch.setattr(followup, "WINDOW_S", 0.5)
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "fan up")["status"] == "applied"
        time.sleep(0.8)
        n = car.frames()
        reply = say(c, sid, "a bit more")
        assert reply["actions"] == [] and car.frames() == n
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 3


def test_undo_and_me_too_after_a_mode_do_not_reach_past_it(car):
    """A mode turn is the last acting turn (its steps changed the car): "me too"
    says a mode has no seats, and undo goes back to the values before the mode,
    not before the turn before it (tests/service/test_follow_up_undo_mode.py has the rest)."""
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 6", seat="driver")["status"] == "applied"
        assert say(c, sid, "start pet mode", seat="driver")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "me too", seat="passenger")
        assert reply["actions"] == [] and car.frames() == n and "whole car" in reply["reply_text"]
        reply = say(c, sid, "undo that", seat="driver")
        assert ("climate.set_fan_speed", "cabin", {"level": 6}) in [
            (a["capability"], a["target"], a["parameters"]) for a in reply["actions"]
        ]
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 6
