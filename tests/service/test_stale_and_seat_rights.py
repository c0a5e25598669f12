"""A silent ECU, seat rights and the words of a move, through the real service
(DESIGN sections 3a and 5, issue 18).

The in-process service with its ECU simulator on a python-can ``virtual``
bus: a test that needs the ECU silent stops the simulator (the backend then
marks the state stale within the catalog's 2.5 s) and starts it again
afterwards. The CAN log says whether a frame left.
"""

from __future__ import annotations

import contextlib
import time
import uuid

import pytest

from .tokens import execute


def say(c, sid, text, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def tap(c, capability, target, **parameters) -> dict:
    r = c.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.json()["status"] == "applied", r.text
    return r.json()


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def ecu(svc, capability, member) -> dict:
    return svc.runtime.simulator.control(capability, member)


def stale(c) -> bool:
    return c.get("/api/v1/vehicle/state").json()["vehicle"]["stale"]


def wait_until(check, timeout=8.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.fixture
def car(inproc, command_ids):
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
        assert not stale(c)
    inproc.frames = lambda: len(inproc.command_frames(command_ids))
    return inproc


@contextlib.contextmanager
def silent(svc, c):
    """The ECU stops answering until the block ends; the state is stale inside it."""
    sim = svc.runtime.simulator
    sim.stop()
    try:
        wait_until(lambda: stale(c))
        yield
    finally:
        sim.start()
        wait_until(lambda: not stale(c))


def only(reply) -> dict:
    [action] = reply["actions"]
    return action


# -- relative changes need fresh state, unless they only close ---------------------------------
@pytest.mark.parametrize(
    "text,capability",
    [
        ("open the driver window a bit more", "window.adjust_position"),
        ("a bit warmer", "climate.adjust_temperature"),
        ("fan up", "climate.adjust_fan_speed"),
        ("turn down my seat heating", "seat.adjust_heating"),
    ],
)
def test_a_relative_change_on_stale_state_is_refused(car, text, capability):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        tap(c, "climate.set_fan_speed", "cabin", level=3)
        tap(c, "seat.set_heating", "driver", level=2)
        sid = session(c)
        with silent(car, c):
            n = car.frames()
            reply = say(c, sid, text, seat="driver")
            action = only(reply)
            assert action["capability"] == capability
            assert (reply["status"], action["status"], action["reason"]) == (
                "rejected",
                "rejected",
                "interlock_unknown",
            )
            assert car.frames() == n
            assert "stopped reporting" in action["message"]
        assert ecu(car, "window.set_position", "driver")["open_percent"] == 50
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 3


def test_a_closing_relative_change_on_stale_state_still_goes(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        sid = session(c)
        with silent(car, c):
            n = car.frames()
            action = only(say(c, sid, "close the driver window a bit"))
            assert action["reason"] is None and action["status"] == "unconfirmed"  # sent; nobody answers
            assert car.frames() == n + 1
        wait_until(lambda: ecu(car, "window.set_position", "driver")["open_percent"] == 50)  # it never heard it


def test_a_more_follow_up_on_stale_state_is_refused_unless_it_closes(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        tap(c, "window.set_position", "passenger", open_percent=80)
        fan, win = session(c), session(c)
        assert say(c, fan, "set the fan to 4")["status"] == "applied"
        assert say(c, win, "close the passenger window a bit")["status"] == "applied"
        with silent(car, c):
            n = car.frames()
            action = only(say(c, fan, "a bit more"))
            assert (action["capability"], action["reason"]) == ("climate.adjust_fan_speed", "interlock_unknown")
            assert car.frames() == n
            action = only(say(c, win, "close it a bit more"))
            assert action["parameters"] == {"delta_percent": -20} and action["reason"] is None
            assert car.frames() == n + 1


# -- a stale child lock is not known ------------------------------------------------------------
def test_a_rear_seat_cannot_open_its_window_while_the_child_lock_is_stale(car):
    with car.client() as c:
        tap(c, "window.set_position", "rear_left", open_percent=0)
        sid = session(c)
        assert c.get("/api/v1/vehicle/state").json()["vehicle"]["child_lock"] is False
        with silent(car, c):
            n = car.frames()
            reply = say(c, sid, "open my window", seat="rear_left")
            action = only(reply)
            assert (action["target"], action["status"], action["reason"]) == ("rear_left", "rejected", "child_lock")
            assert car.frames() == n
        # fresh again, the lock is known to be off: the same words open it
        assert only(say(c, sid, "open my window", seat="rear_left"))["status"] == "applied"
        assert ecu(car, "window.set_position", "rear_left")["open_percent"] == 100
        tap(c, "window.set_position", "rear_left", open_percent=0)


# -- seat rights come first ---------------------------------------------------------------------
def test_a_rear_seat_at_the_fans_end_hears_it_may_not_operate_the_fan(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=7)
        sid = session(c)
        n = car.frames()
        action = only(say(c, sid, "fan up", seat="rear_left"))
        assert (action["status"], action["reason"]) == ("rejected", "seat_not_permitted")
        assert "rear-left seat" in action["message"] and "highest" not in action["message"]
        assert car.frames() == n


def test_a_more_follow_up_from_a_rear_seat_at_the_end_hears_seat_not_permitted(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=5)
        sid = session(c)
        assert say(c, sid, "set the fan to 7", seat="driver")["status"] == "applied"
        n = car.frames()
        reply = say(c, sid, "a bit more", seat="rear_right")
        assert {m["reason"] for a in reply["actions"] for m in a["members"]} == {"seat_not_permitted"}
        assert car.frames() == n


def test_the_drivers_range_end_is_still_out_of_range(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=7)
        action = only(say(c, session(c), "fan up", seat="driver"))
        assert action["reason"] == "out_of_range" and "highest" in action["message"]


# -- the words follow the way it moved ----------------------------------------------------------
@pytest.mark.parametrize(
    "text,words",
    [
        ("set the driver window to 30 percent", "Driver window closed to 30%."),
        ("主驾车窗开到百分之三十", "主驾车窗已关小到30%。"),
    ],
)
def test_a_closing_set_is_worded_as_closing(car, text, words):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        reply = say(c, session(c), text)
        assert only(reply)["status"] == "applied" and reply["reply_text"] == words
        assert ecu(car, "window.set_position", "driver")["open_percent"] == 30


def test_an_opening_set_is_still_worded_as_opening(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=10)
        reply = say(c, session(c), "set the driver window to 30 percent")
        assert reply["reply_text"] == "Driver window opened to 30%."


def test_undo_of_an_opening_says_closed(car):
    with car.client() as c:
        tap(c, "window.set_position", "passenger", open_percent=30)
        sid = session(c)
        assert say(c, sid, "set the passenger window to 70 percent")["status"] == "applied"
        reply = say(c, sid, "undo")
        assert reply["reply_text"] == "Passenger window closed to 30%."


# -- a need binds to the speaker's member (model plans, through the callback route) ---------------
def act(cap, target, **params):
    return {"capability": cap, "target": target, "parameters": params}


def test_i_am_cold_from_the_driver_never_heats_the_passengers_seat(car):
    rt = car.runtime
    with car.client() as c:
        tap(c, "seat.set_heating", "driver", level=0)
        tap(c, "seat.set_heating", "passenger", level=0)
        tap(c, "climate.set_temperature", "all", celsius=20.0)
    token = rt.tokens.issue("s_need", "t_" + uuid.uuid4().hex, "I'm cold", "en", rt.catalog.generation, seat="driver")
    n = car.frames()
    body = execute(
        car,
        {
            "request_token": token,
            "plan": {
                "actions": [
                    act("seat.set_heating", "passenger", level=2),
                    act("climate.set_temperature", "passenger", celsius=24.0),
                    act("seat.set_heating", "driver", level=2),
                    act("climate.set_temperature", "driver", celsius=24.0),
                ]
            },
        },
    ).json()
    got = {(a["capability"], a["target"]): (a["status"], a["reason"]) for a in body["actions"]}
    assert got == {
        ("seat.set_heating", "passenger"): ("rejected", "not_bound_to_request"),
        ("climate.set_temperature", "passenger"): ("rejected", "not_bound_to_request"),
        ("seat.set_heating", "driver"): ("applied", None),
        ("climate.set_temperature", "driver"): ("applied", None),
    }
    assert car.frames() == n + 2
    assert ecu(car, "seat.set_heating", "passenger")["level"] == 0
    assert ecu(car, "climate.set_temperature", "passenger")["celsius"] == 20.0
    assert ecu(car, "seat.set_heating", "driver")["level"] == 2


def test_a_need_still_binds_cabin_wide_targets_and_any_target_for_an_unknown_seat(car):
    rt = car.runtime
    with car.client() as c:
        tap(c, "seat.set_heating", "passenger", level=0)
        tap(c, "climate.set_temperature", "all", celsius=20.0)
    token = rt.tokens.issue("s_need", "t_" + uuid.uuid4().hex, "I'm cold", "en", rt.catalog.generation, seat="driver")
    body = execute(
        car, {"request_token": token, "plan": {"actions": [act("climate.set_temperature", "all", celsius=23.0)]}}
    ).json()
    assert only(body)["status"] == "applied"
    token = rt.tokens.issue("s_need", "t_" + uuid.uuid4().hex, "I'm cold", "en", rt.catalog.generation)
    body = execute(
        car, {"request_token": token, "plan": {"actions": [act("seat.set_heating", "passenger", level=1)]}}
    ).json()
    assert only(body)["status"] == "applied"
    assert ecu(car, "seat.set_heating", "passenger")["level"] == 1
