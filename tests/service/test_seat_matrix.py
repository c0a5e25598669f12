"""The seat matrix of issue 10 through the real service, local-first.

The service as ``n7web serve --no-assistant`` builds it, in-process over an
ASGI transport (virtual CAN bus, the in-process ECU simulator, ``--can-log``). Each case posts one message with a
``seat`` on ``POST /api/v1/sessions/{id}/messages`` and checks three things
the speaker could notice: the Reply, the command frames the service really
put on the bus (decoded from the CAN log), and the ECU-confirmed state.

Expectations come from DESIGN section 3a and the shipped ``seats.yaml`` only:
driver and passenger may do everything; a rear seat its own window, seat
controls, reading light and zone temperature; ``outside`` nothing; an
unknown seat (no ``seat``, or ``null``) the front seats' rights with the
catalog defaults for "my" and target-less commands (the driver's window and
seat, all zones for temperature). A refusal sends no frame at all.
"""

from __future__ import annotations

from typing import Any

import pytest

from .can_trace import CanTrace, Sent

MEMBERS = ("driver", "passenger", "rear_left", "rear_right")
SEATS = ("driver", "passenger", "rear_left", "rear_right", "outside", None)
FRONT_RIGHTS = ("driver", "passenger", None)
START_CELSIUS = 20.0

UTTERANCES = {
    "my_window": ("open my window", "打开我的车窗"),
    "the_window": ("open the window", "打开车窗"),
    "cold": ("I'm cold", "我好冷"),
    "my_side": ("set my side to 23", "把我这边温度调到23度"),
    "tailgate": ("open the tailgate", "打开后备箱"),
}


def own(seat: str | None, default: str) -> str:
    """The speaker's member, or the catalog default for an unknown seat."""
    return seat if seat in MEMBERS else default


def expected_frames(kind: str, seat: str | None) -> list[Sent]:
    """What DESIGN section 3a lets this seat put on the bus for this kind."""
    if seat == "outside":
        return []
    if kind in ("my_window", "the_window"):
        return [("window.set_position", own(seat, "driver"), {"open_percent": 100})]
    if kind == "my_side":
        zones = [seat] if seat in MEMBERS else list(MEMBERS)
        return [("climate.set_temperature", z, {"celsius": 23.0}) for z in zones]
    if kind == "tailgate":
        return [("tailgate.set", "cabin", {"open": True})] if seat in FRONT_RIGHTS else []
    # "I'm cold", the offline comfort plan on the speaker's zone and seat; a
    # rear seat may not switch the climate on, so that step is left out
    zones = [seat] if seat in MEMBERS else list(MEMBERS)
    frames: list[Sent] = [("climate.power", "cabin", {"on": True})] if seat in FRONT_RIGHTS else []
    frames += [("climate.set_temperature", z, {"celsius": START_CELSIUS + 2.0}) for z in zones]
    frames.append(("seat.set_heating", own(seat, "driver"), {"level": 2}))
    return frames


def tap(client: Any, capability: str, target: str, **parameters: Any) -> None:
    r = client.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.status_code == 200 and r.json()["status"] in ("applied", "already_applied"), r.text


def reset(client: Any, kind: str) -> None:
    """The starting state of one kind, set by console taps (no seat restricts them)."""
    if kind in ("my_window", "the_window"):
        tap(client, "window.set_position", "all", open_percent=0)
    elif kind == "tailgate":
        tap(client, "tailgate.set", "cabin", open=False)
    else:
        tap(client, "climate.set_temperature", "all", celsius=START_CELSIUS)
        if kind == "cold":
            tap(client, "climate.power", "cabin", on=False)
            for member in MEMBERS:
                tap(client, "seat.set_heating", member, level=0)


def controls(client: Any) -> dict[str, Any]:
    return client.get("/api/v1/vehicle/state").json()["controls"]


def post(client: Any, text: str, seat: str | None, absent: bool = False) -> dict:
    session = client.post("/api/v1/sessions").json()["session_id"]
    body: dict[str, Any] = {"text": text, "source": "voice"}
    if not absent:
        body["seat"] = seat
    r = client.post(f"/api/v1/sessions/{session}/messages", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def applied_state(before: dict[str, Any], frames: list[Sent]) -> dict[str, Any]:
    """``before`` with each expected command's values laid over it, and the
    simulated ECU's one coupling (vehicle/sim/cabin.py): a climate setting while the
    climate is off switches it on (a rear seat's zone temperature does)."""
    after = {cap: dict(members) for cap, members in before.items()}
    for capability, member, parameters in frames:
        after[capability][member] = {**(after[capability][member] or {}), **parameters}
        if capability.startswith("climate.") and capability != "climate.power":
            after["climate.power"]["cabin"] = {"on": True}
    return after


@pytest.fixture(scope="module")
def car(service, catalog):
    """Parked, child lock off; the decoded CAN trace of the module's service."""
    with service.client() as c:
        r = c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False})
        assert r.status_code == 200, r.text
    return CanTrace(service, catalog)


@pytest.fixture
def client(service):
    with service.client(timeout=20) as c:
        yield c


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: s or "unknown")
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("kind", list(UTTERANCES))
def test_seat_matrix(car, client, kind, language, seat):
    text = UTTERANCES[kind][language == "zh"]
    reset(client, kind)
    before = controls(client)
    mark = car.mark()
    # unknown: the field absent in English, an explicit null in Chinese
    reply = post(client, text, seat, absent=seat is None and language == "en")
    sent = car.since(mark)
    expected = expected_frames(kind, seat)

    assert sorted(map(repr, sent)) == sorted(map(repr, expected)), (reply["status"], reply["actions"])
    assert controls(client) == applied_state(before, expected)
    assert reply["handled_by"] == "local" and reply["language"] == language
    statuses = [a["status"] for a in reply["actions"]]
    if not expected:
        # nothing may move: every action refused for the seat, none applied
        assert reply["status"] in ("rejected", "no_action"), reply
        assert "applied" not in statuses
        assert {a["reason"] for a in reply["actions"]} <= {"seat_not_permitted"}, reply["actions"]
        if kind != "cold":
            (refused,) = reply["actions"]
            assert (refused["status"], refused["reason"]) == ("rejected", "seat_not_permitted")
    else:
        assert reply["status"] == "applied", reply
        assert statuses and set(statuses) == {"applied"}


W, T = "window.set_position", "climate.set_temperature"
RIGHTS = [
    # a rear seat: its own window, seat, reading light and zone; nothing else
    ("rear_left", "open the windows", [(W, "rear_left", {"open_percent": 100})], "partially_applied"),
    ("rear_left", "open the rear right window", [], "rejected"),
    ("rear_right", "打开主驾车窗", [], "rejected"),
    ("rear_left", "set the temperature to 22", [(T, "rear_left", {"celsius": 22.0})], "applied"),
    ("rear_right", "把温度调到22度", [(T, "rear_right", {"celsius": 22.0})], "applied"),
    ("rear_left", "set the temperature in the back to 22", [(T, "rear_left", {"celsius": 22.0})], "partially_applied"),
    ("rear_right", "后排温度调到22度", [(T, "rear_right", {"celsius": 22.0})], "partially_applied"),
    ("rear_left", "warmer", [(T, "rear_left", {"celsius": 21.0})], "applied"),
    ("rear_right", "热一点", [(T, "rear_right", {"celsius": 21.0})], "applied"),
    ("rear_right", "open my window a crack", [(W, "rear_right", {"open_percent": 20})], "applied"),
    ("rear_right", "我的车窗再开一点", [(W, "rear_right", {"open_percent": 20})], "applied"),
    ("rear_left", "turn on the reading light", [("reading_light.set", "rear_left", {"on": True})], "applied"),
    (
        "rear_left",
        "turn on my seat heating and open the sunroof",
        [("seat.set_heating", "rear_left", {"level": 2})],
        "partially_applied",
    ),
    ("rear_left", "start nap mode", [], "rejected"),
    ("rear_left", "turn on the AC", [], "rejected"),
    ("rear_right", "把风量调大", [], "rejected"),
    ("rear_left", "打开天窗", [], "rejected"),
    ("rear_right", "fold the mirrors", [], "rejected"),
    # a comfort need from the back: only the seat's own zone (no AC, no fan)
    ("rear_left", "I'm hot", [(T, "rear_left", {"celsius": 18.0})], "applied"),
    ("rear_right", "好热", [(T, "rear_right", {"celsius": 18.0})], "applied"),
    # "my" in mixed-language text is still the speaker's member
    pytest.param("passenger", "打开 my window", [(W, "passenger", {"open_percent": 100})], "applied"),
    pytest.param("passenger", "open 我的车窗", [(W, "passenger", {"open_percent": 100})], "applied"),
]


@pytest.mark.parametrize("seat,text,expected,status", RIGHTS)
def test_what_a_seat_may_do(car, client, seat, text, expected, status):
    tap(client, "window.set_position", "all", open_percent=0)
    tap(client, "climate.set_temperature", "all", celsius=START_CELSIUS)
    before = controls(client)
    mark = car.mark()
    reply = post(client, text, seat)
    assert car.since(mark) == expected, reply["actions"]
    assert controls(client) == applied_state(before, expected)
    assert reply["status"] == status, reply
    refused = [r for a in reply["actions"] for r in (a["members"] or [a]) if r["status"] == "rejected"]
    assert {r["reason"] for r in refused} <= {"seat_not_permitted"}, refused
    assert bool(refused) is (status != "applied")


def test_an_outside_voice_still_gets_its_question_answered(car, client):
    tap(client, "tailgate.set", "cabin", open=False)
    mark = car.mark()
    for text, answer in (("is the tailgate open?", "closed"), ("后备箱开着吗", "关")):
        reply = post(client, text, "outside")
        assert reply["status"] == "no_action" and reply["actions"] == [] and answer in reply["reply_text"], reply
    assert car.since(mark) == []


def test_close_all_the_windows_from_the_back_closes_only_its_own(car, client):
    tap(client, "window.set_position", "all", open_percent=100)
    mark = car.mark()
    reply = post(client, "关上所有车窗", "rear_right")
    assert car.since(mark) == [("window.set_position", "rear_right", {"open_percent": 0})]
    assert reply["status"] == "partially_applied"
    (action,) = reply["actions"]
    assert [(m["target"], m["status"], m["reason"]) for m in action["members"]] == [
        ("driver", "rejected", "seat_not_permitted"),
        ("passenger", "rejected", "seat_not_permitted"),
        ("rear_left", "rejected", "seat_not_permitted"),
        ("rear_right", "applied", None),
    ]
    assert {m: v["open_percent"] for m, v in controls(client)["window.set_position"].items()} == {
        "driver": 100,
        "passenger": 100,
        "rear_left": 100,
        "rear_right": 0,
    }


@pytest.fixture
def child_lock(client):
    def lock(on: bool) -> None:
        r = client.put("/api/v1/sim/vehicle", json={"child_lock": on})
        assert r.status_code == 200 and r.json()["vehicle"]["child_lock"] is on, r.text
        assert client.get("/api/v1/vehicle/state").json()["vehicle"]["child_lock"] is on

    yield lock
    lock(False)


@pytest.mark.parametrize(
    "text,seat",
    [
        ("open my window", "rear_left"),
        ("打开车窗", "rear_right"),
        ("打开我的车窗", "rear_left"),
    ],
)
def test_child_lock_holds_a_rear_seats_window_until_it_is_off(car, client, child_lock, text, seat):
    tap(client, "window.set_position", "all", open_percent=0)
    child_lock(True)
    mark = car.mark()
    reply = post(client, text, seat)
    assert car.since(mark) == []
    assert controls(client)["window.set_position"][seat] == {"open_percent": 0}
    (refused,) = reply["actions"]
    assert (reply["status"], refused["status"], refused["reason"]) == ("rejected", "rejected", "child_lock")
    assert refused["target"] == seat

    child_lock(False)
    mark = car.mark()
    reply = post(client, text, seat)
    assert car.since(mark) == [("window.set_position", seat, {"open_percent": 100})]
    assert reply["status"] == "applied"
    assert controls(client)["window.set_position"][seat] == {"open_percent": 100}


def test_child_lock_leaves_the_driver_and_a_rear_seats_other_controls(car, client, child_lock):
    tap(client, "window.set_position", "all", open_percent=0)
    tap(client, "seat.set_heating", "rear_left", level=0)
    child_lock(True)
    mark = car.mark()
    driver = post(client, "open the rear left window", "driver")
    assert car.since(mark) == [("window.set_position", "rear_left", {"open_percent": 100})]
    assert driver["status"] == "applied"
    mark = car.mark()
    chinese = post(client, "关上左后车窗", "driver")
    assert car.since(mark) == [("window.set_position", "rear_left", {"open_percent": 0})]
    assert chinese["status"] == "applied"
    # the lock is about windows: the rear seat still heats its own seat
    mark = car.mark()
    heating = post(client, "把我的座椅加热打开", "rear_left")
    assert car.since(mark) == [("seat.set_heating", "rear_left", {"level": 2})]
    assert heating["status"] == "applied"
    state = controls(client)
    assert state["window.set_position"]["rear_left"] == {"open_percent": 0}
    assert state["seat.set_heating"]["rear_left"] == {"level": 2}
