"""Seat checks of decide() through the real executor of a running service (real
CAN link, ECU simulator, audit store): per member, the child lock, an outside
voice, and console taps that no seat restricts. The message route's ``seat``
field belongs to the turn pipeline; here the executor is called in-process."""

from __future__ import annotations

import pytest

from app.executor import Ledger, Request

WINDOWS = ("driver", "passenger", "rear_left", "rear_right")


@pytest.fixture
def car(inproc, command_ids):
    """Every window open, child lock off, P at 0 km/h; returns a frame counter."""
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
        r = c.post(
            "/api/v1/actions",
            json={"capability": "window.set_position", "target": "all", "parameters": {"open_percent": 100}},
        )
        assert r.json()["status"] == "applied"
    return lambda: len(inproc.command_frames(command_ids))


def say(inproc, text: str, seat: str | None):
    rt = inproc.runtime
    parse = rt.parser.parse(text)
    return rt.executor.run(
        Request(
            ledger=Ledger(),
            parse=parse,
            seat=seat,
            language=parse.language,
            utterance=text,
            session_id="s_seat",
            turn_id=f"t_{seat}",
        )
    )


def windows(inproc) -> dict[str, int]:
    state = inproc.runtime.state.snapshot()["controls"]["window.set_position"]
    return {m: state[m]["open_percent"] for m in WINDOWS}


def test_close_all_the_windows_from_rear_left_closes_its_own(inproc, car):
    before = car()
    out = say(inproc, "close all the windows", "rear_left")
    (action,) = out.to_json()["actions"]
    assert out.status == "partially_applied" and action["status"] == "rejected"
    assert [(m["target"], m["status"], m["reason"]) for m in action["members"]] == [
        ("driver", "rejected", "seat_not_permitted"),
        ("passenger", "rejected", "seat_not_permitted"),
        ("rear_left", "applied", None),
        ("rear_right", "rejected", "seat_not_permitted"),
    ]
    assert car() == before + 1
    assert windows(inproc) == {"driver": 100, "passenger": 100, "rear_left": 0, "rear_right": 100}


def test_the_child_lock_holds_a_rear_seat_not_the_driver(inproc, car):
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"child_lock": True}).status_code == 200
    try:
        before = car()
        out = say(inproc, "close the rear left window", "rear_left")
        assert (out.status, out.items[0].to_json()["reason"]) == ("rejected", "child_lock") and car() == before
        out = say(inproc, "close the rear left window", "driver")
        assert out.status == "applied" and car() == before + 1
        assert windows(inproc)["rear_left"] == 0
    finally:
        with inproc.client() as c:
            c.put("/api/v1/sim/vehicle", json={"child_lock": False})


@pytest.mark.parametrize("text", ["open the tailgate", "close all the windows", "start pet mode"])
def test_an_outside_voice_moves_nothing(inproc, car, text):
    before = car()
    out = say(inproc, text, "outside")
    assert out.status == "rejected" and car() == before
    assert {i.to_json()["reason"] for i in out.items} == {"seat_not_permitted"}


def test_a_rear_seat_may_not_open_the_tailgate_but_a_tap_may(inproc, car):
    before = car()
    out = say(inproc, "open the tailgate", "rear_right")
    assert out.items[0].to_json()["reason"] == "seat_not_permitted" and car() == before
    with inproc.client() as c:
        tap = c.post(
            "/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
        ).json()
        assert tap["status"] == "applied" and car() == before + 1
        c.post("/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": False}})
