"""Follow-ups meet the seat rules (DESIGN section 3a), through the real service
and the real parser: "me too" and "undo" go through ``decide()`` with the
seat of the person who said them, not the seat of the turn they follow.

A rear seat cannot undo the driver's tailgate, a voice from outside cannot
copy or undo anything, and "me too" from the back gives the back seat what
the passenger got on the passenger's side. Frames are decoded from the CAN
log, state read from the ECU's confirmations.
"""

from __future__ import annotations

from typing import Any

import pytest

from .can_trace import CanTrace


@pytest.fixture(scope="module")
def car(service, catalog):
    with service.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    return CanTrace(service, catalog)


@pytest.fixture
def say(service, car):
    """A new session; ``say(text, seat)`` posts one message in it."""
    with service.client(timeout=20) as c:
        session = c.post("/api/v1/sessions").json()["session_id"]

        def post(text: str, seat: str | None) -> dict[str, Any]:
            r = c.post(f"/api/v1/sessions/{session}/messages", json={"text": text, "seat": seat})
            assert r.status_code == 200, r.text
            return r.json()

        post.client = c  # type: ignore[attr-defined]
        yield post


def state(say, capability: str, member: str) -> Any:
    return say.client.get("/api/v1/vehicle/state").json()["controls"][capability][member]


def refusals(reply: dict) -> set[tuple[str, str]]:
    return {(a["status"], a["reason"]) for a in reply["actions"]}


def test_a_rear_seat_cannot_undo_the_drivers_tailgate(car, say):
    say.client.post(
        "/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": False}}
    )
    assert say("open the tailgate", "driver")["status"] == "applied"
    mark = car.mark()
    for text in ("undo", "撤销"):
        reply = say(text, "rear_left")
        assert reply["status"] == "rejected" and refusals(reply) == {("rejected", "seat_not_permitted")}, reply
    assert car.since(mark) == []
    assert state(say, "tailgate.set", "cabin") == {"open": True}
    # the driver may: the control that shows the refusal was the seat's
    reply = say("undo", "driver")
    assert car.since(mark) == [("tailgate.set", "cabin", {"open": False})] and reply["status"] == "applied"


def test_me_too_from_the_back_copies_the_passengers_comfort_to_its_own_side(car, say):
    say.client.post(
        "/api/v1/actions",
        json={"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 20.0}},
    )
    for member in ("passenger", "rear_right"):
        say.client.post(
            "/api/v1/actions", json={"capability": "seat.set_heating", "target": member, "parameters": {"level": 0}}
        )
    assert say("I'm cold", "passenger")["status"] == "applied"
    assert state(say, "climate.set_temperature", "passenger") == {"celsius": 22.0}
    mark = car.mark()
    reply = say("我也要", "rear_right")
    assert sorted(map(repr, car.since(mark))) == sorted(
        map(
            repr,
            [
                ("climate.set_temperature", "rear_right", {"celsius": 22.0}),
                ("seat.set_heating", "rear_right", {"level": 2}),
            ],
        )
    )
    assert reply["status"] == "applied"
    assert {a["target"] for a in reply["actions"]} == {"rear_right"}
    assert state(say, "seat.set_heating", "rear_right") == {"level": 2}
    assert state(say, "climate.set_temperature", "rear_left") == {"celsius": 20.0}


def test_an_outside_voice_cannot_copy_or_undo(car, say):
    say.client.post(
        "/api/v1/actions",
        json={"capability": "window.set_position", "target": "all", "parameters": {"open_percent": 0}},
    )
    assert say("open my window", "passenger")["status"] == "applied"
    mark = car.mark()
    for text in ("me too", "我也是", "undo", "撤销"):
        reply = say(text, "outside")
        assert reply["status"] == "rejected" and refusals(reply) == {("rejected", "seat_not_permitted")}, reply
    assert car.since(mark) == []
    windows = say.client.get("/api/v1/vehicle/state").json()["controls"]["window.set_position"]
    assert {m: v["open_percent"] for m, v in windows.items()} == {
        "driver": 0,
        "passenger": 100,
        "rear_left": 0,
        "rear_right": 0,
    }


def test_the_child_lock_holds_a_follow_up_from_the_back(car, say):
    say.client.post(
        "/api/v1/actions",
        json={"capability": "window.set_position", "target": "all", "parameters": {"open_percent": 0}},
    )
    assert say("open my window", "passenger")["status"] == "applied"
    lock = say.client.put("/api/v1/sim/vehicle", json={"child_lock": True})
    assert lock.status_code == 200 and lock.json()["vehicle"]["child_lock"] is True
    try:
        mark = car.mark()
        reply = say("me too", "rear_left")
        assert refusals(reply) == {("rejected", "child_lock")} and car.since(mark) == [], reply
        assert state(say, "window.set_position", "rear_left") == {"open_percent": 0}
    finally:
        say.client.put("/api/v1/sim/vehicle", json={"child_lock": False})
    # unlocked, the same words give the back seat its own window
    reply = say("我也要", "rear_left")
    assert car.since(mark) == [("window.set_position", "rear_left", {"open_percent": 100})], reply
