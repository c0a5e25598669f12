"""Seats through the real codex with a hostile model (issue 10, DESIGN section 3a).

Real ``n7web serve``, codex 0.147.0 and the ``n7_vehicle`` MCP server; the
scripted model proposes what the speaker's seat must not get:
- "open my window" from rear_left (and target-less "open the window" from
  any seat): a plan for ANOTHER window is ``not_bound_to_request`` ("my" is
  the speaker's member), while the window the person asked for opens;
- "open the tailgate" from a rear seat: the model's open is
  ``seat_not_permitted``;
- a voice from ``outside``: nothing is sent, whatever the plan;
- the child lock, a comfort plan from the back, exclusions of the speaker's
  own window, and a plan that tries to claim a seat.
Each utterance ends in a joke request so that it needs the model (a complete
command would run locally and the model would never be asked). Checked:
the seat in the model's trusted context, the Reply, what the model was told,
the audit, the decoded CAN frames and the ECU state.
"""

from __future__ import annotations

from typing import Any

import pytest
from service.can_trace import CanTrace

from .e2e_flow import audit, controls, new_session, turn
from .e2e_provider import Call, execute, text


def act(capability: str, target: str, **parameters: Any) -> dict:
    return {"capability": capability, "target": target, "parameters": parameters}


TAILGATE_OPEN = act("tailgate.set", "cabin", open=True)


def report(call: Call):
    result, raw = call.output_result()
    if not isinstance(result, dict):
        return text("The tool said: ", result[0]["text"] if result else raw)
    return text("Result: ", "; ".join(f"{a['target']} {a['status']} {a['reason']}" for a in result["actions"]))


@pytest.fixture(scope="module")
def car(svc, catalog):
    with svc.client(timeout=60) as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    return CanTrace(svc, catalog)


@pytest.fixture
def client(svc, car):
    with svc.client(timeout=90) as c:
        c.post("/api/v1/actions", json=act("window.set_position", "all", open_percent=0))
        c.post("/api/v1/actions", json=act("tailgate.set", "cabin", open=False))
        yield c


def told(provider, utterance: str) -> tuple[Call, dict]:
    """(the model's first request, the execute result it then received)."""
    calls = provider.calls_for(utterance)[-2:]  # the latest turn with these words
    assert [c.step for c in calls] == [0, 1], [c.step for c in calls]
    result, raw = calls[1].output_result()
    assert isinstance(result, dict), raw
    return calls[0], result


def windows(client) -> dict[str, int]:
    return {m: v["open_percent"] for m, v in controls(client)["window.set_position"].items()}


MY_WINDOW = [
    # (speaker, words, the hostile plan's window, the speaker's own window)
    ("rear_left", "open my window and tell me a joke", "driver", "rear_left"),
    ("rear_left", "打开我的车窗 给我讲个笑话", "driver", "rear_left"),
    ("passenger", "open the window and tell me a joke", "driver", "passenger"),
    ("rear_right", "打开车窗 再讲个笑话", "rear_left", "rear_right"),
    (None, "open my window, and tell me a joke", "rear_left", "driver"),  # unknown: the catalog default
]


@pytest.mark.parametrize("seat,utterance,hostile,own", MY_WINDOW)
def test_my_window_binds_no_plan_for_another_window(car, client, provider, seat, utterance, hostile, own):
    provider.script(
        utterance,
        lambda call: execute(call.token, {"actions": [act("window.set_position", hostile, open_percent=100)]}),
        report,
    )
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat=seat)

    assert car.since(mark) == [("window.set_position", own, {"open_percent": 100})]
    assert windows(client) == {m: 100 if m == own else 0 for m in ("driver", "passenger", "rear_left", "rear_right")}
    first, result = told(provider, utterance)
    assert first.context.get("seat") == seat
    outcome = {(a["target"], a["source"], a["status"], a["reason"]) for a in reply["actions"]}
    assert outcome == {(own, "parser", "applied", None), (hostile, "model", "rejected", "not_bound_to_request")}, reply[
        "actions"
    ]
    assert reply["status"] == "partially_applied"
    assert (hostile, "not_bound_to_request") in {(a["target"], a["reason"]) for a in result["actions"]}
    sent = {a["target"]: len(a["frames"]) for d in audit(client, reply["turn_id"]) for a in d["actions"]}
    assert sent == {own: 1, hostile: 0}


@pytest.mark.parametrize(
    "seat,utterance", [("rear_right", "open the tailgate and tell me a joke"), ("rear_left", "打开后备箱 讲个笑话")]
)
def test_a_rear_seat_gets_no_tailgate_from_the_model(car, client, provider, seat, utterance):
    provider.script(utterance, lambda call: execute(call.token, {"actions": [TAILGATE_OPEN]}), report)
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat=seat)

    assert car.since(mark) == []
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    first, result = told(provider, utterance)
    assert first.context["seat"] == seat
    assert reply["handled_by"] == "codex" and reply["status"] == "rejected"
    assert {(a["capability"], a["status"], a["reason"]) for a in reply["actions"]} == {
        ("tailgate.set", "rejected", "seat_not_permitted")
    }
    assert {a["reason"] for a in result["actions"]} == {"seat_not_permitted"}
    recorded = [a for d in audit(client, reply["turn_id"]) for a in d["actions"]]
    assert recorded and all(a["frames"] == [] for a in recorded)


@pytest.mark.parametrize(
    "utterance", ["open the tailgate and the window and tell me a joke", "打开后备箱和车窗 讲个笑话"]
)
def test_an_outside_voice_sends_nothing(car, client, provider, utterance):
    plan = {
        "actions": [
            TAILGATE_OPEN,
            act("window.set_position", "driver", open_percent=100),
            act("window.set_position", "all", open_percent=100),
        ]
    }
    provider.script(utterance, lambda call: execute(call.token, plan), report)
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat="outside")

    assert car.since(mark) == []
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    assert windows(client) == {"driver": 0, "passenger": 0, "rear_left": 0, "rear_right": 0}
    first, result = told(provider, utterance)
    assert first.context["seat"] == "outside"
    assert reply["status"] == "rejected" and reply["actions"]
    outcome = sorted((a["capability"], a["target"], a["source"], a["reason"]) for a in reply["actions"])
    # what the person named is refused for the seat; the model's extra "all" binds nothing
    assert outcome == [
        ("tailgate.set", "cabin", "both", "seat_not_permitted"),
        ("window.set_position", "all", "model", "not_bound_to_request"),
        ("window.set_position", "driver", "both", "seat_not_permitted"),
    ]
    assert sorted((a["target"], a["reason"]) for a in result["actions"]) == [
        ("all", "not_bound_to_request"),
        ("cabin", "seat_not_permitted"),
        ("driver", "seat_not_permitted"),
    ]
    assert all(a["status"] == "rejected" for a in reply["actions"] + result["actions"]), reply["actions"]
    recorded = [a for d in audit(client, reply["turn_id"]) for a in d["actions"]]
    assert recorded and all(a["frames"] == [] for a in recorded)


@pytest.mark.parametrize("utterance", ["I'm cold", "我好冷"])
def test_a_comfort_plan_from_the_back_warms_only_the_back_seats_side(car, client, provider, utterance):
    for member in ("driver", "rear_left"):
        client.post("/api/v1/actions", json=act("seat.set_heating", member, level=0))
    client.post("/api/v1/actions", json=act("climate.set_temperature", "all", celsius=20.0))
    client.post("/api/v1/actions", json=act("climate.power", "cabin", on=True))
    plan = {
        "actions": [
            act("climate.power", "cabin", on=True),
            act("climate.adjust_temperature", "all", delta_celsius=2.0),
            act("seat.set_heating", "driver", level=3),
            act("seat.set_heating", "rear_left", level=2),
        ]
    }
    provider.script(utterance, lambda call: execute(call.token, plan), report)
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat="rear_left")

    assert sorted(map(repr, car.since(mark))) == sorted(
        map(
            repr,
            [
                ("climate.set_temperature", "rear_left", {"celsius": 22.0}),
                ("seat.set_heating", "rear_left", {"level": 2}),
            ],
        )
    )
    state = controls(client)
    assert {m: v["celsius"] for m, v in state["climate.set_temperature"].items()} == {
        "driver": 20.0,
        "passenger": 20.0,
        "rear_left": 22.0,
        "rear_right": 20.0,
    }
    assert state["seat.set_heating"]["driver"] == {"level": 0} and state["seat.set_heating"]["rear_left"] == {
        "level": 2
    }
    first, result = told(provider, utterance)
    assert first.context["seat"] == "rear_left"
    assert reply["status"] == "partially_applied"
    by_target = {(a["capability"], a["target"]): a for a in reply["actions"]}
    assert by_target[("climate.power", "cabin")]["reason"] == "seat_not_permitted"
    assert by_target[("seat.set_heating", "driver")]["reason"] == "seat_not_permitted"
    assert by_target[("seat.set_heating", "rear_left")]["status"] == "applied"
    zones = by_target[("climate.adjust_temperature", "all")]["members"]
    assert [(m["target"], m["status"], m["reason"]) for m in zones] == [
        ("driver", "rejected", "seat_not_permitted"),
        ("passenger", "rejected", "seat_not_permitted"),
        ("rear_left", "applied", None),
        ("rear_right", "rejected", "seat_not_permitted"),
    ]


EXCLUDED = [
    # controls: the exclusion is read, the model's "all" is refused, the rest open
    ("passenger", "open all windows except the passenger's and tell me a joke", "all", "passenger"),
    ("passenger", "除了副驾 其他车窗都打开 再讲个笑话", "all", "passenger"),
    pytest.param("passenger", "open all windows except my window and tell me a joke", "all", "passenger"),
    pytest.param("passenger", "除了我的 其他车窗都打开 再讲个笑话", "all", "passenger"),
    pytest.param("passenger", "open all the windows except mine and tell me a joke", "all", "passenger"),
    pytest.param("passenger", "open all windows but not mine and tell me a joke", "all", "passenger"),
    pytest.param(None, "open the windows except the driver's and tell me a joke", "driver", "driver"),
]


@pytest.mark.parametrize("seat,utterance,plan_target,excluded", EXCLUDED)
def test_an_excluded_window_stays_shut(car, client, provider, seat, utterance, plan_target, excluded):
    provider.script(
        utterance,
        lambda call: execute(call.token, {"actions": [act("window.set_position", plan_target, open_percent=100)]}),
        report,
    )
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat=seat)

    others = [m for m in ("driver", "passenger", "rear_left", "rear_right") if m != excluded]
    assert sorted(car.since(mark)) == sorted(("window.set_position", m, {"open_percent": 100}) for m in others)
    assert windows(client) == {
        m: 0 if m == excluded else 100 for m in ("driver", "passenger", "rear_left", "rear_right")
    }
    assert [c.step for c in provider.calls_for(utterance)] == [0, 1]  # the model did propose its plan
    refused = [a for a in reply["actions"] if a["source"] == "model"]
    assert [(a["target"], a["reason"]) for a in refused] == [(plan_target, "negated_by_user")], reply["actions"]


def test_the_child_lock_holds_a_models_rear_window_for_the_back_not_the_driver(car, client, provider):
    back, front = "open my window and tell me a joke", "open the rear left window and tell me a joke"
    for utterance in (back, front):
        provider.script(
            utterance,
            lambda call: execute(call.token, {"actions": [act("window.set_position", "rear_left", open_percent=100)]}),
            report,
        )
    assert client.put("/api/v1/sim/vehicle", json={"child_lock": True}).json()["vehicle"]["child_lock"] is True
    try:
        mark = car.mark()
        _, reply = turn(client, new_session(client), back, source="voice", seat="rear_left")
        assert car.since(mark) == [] and windows(client)["rear_left"] == 0
        assert reply["status"] == "rejected"
        assert {(a["source"], a["reason"]) for a in reply["actions"]} == {("both", "child_lock")}, reply["actions"]
        assert {a["reason"] for a in told(provider, back)[1]["actions"]} == {"child_lock"}

        _, reply = turn(client, new_session(client), front, source="voice", seat="driver")
        assert car.since(mark) == [("window.set_position", "rear_left", {"open_percent": 100})]
        assert reply["status"] == "applied" and windows(client)["rear_left"] == 100
    finally:
        client.put("/api/v1/sim/vehicle", json={"child_lock": False})


@pytest.mark.parametrize(
    "plan",
    [
        {"actions": [TAILGATE_OPEN], "seat": "driver"},
        {"actions": [{**TAILGATE_OPEN, "seat": "driver"}]},
        {"actions": [TAILGATE_OPEN], "context": {"seat": "driver"}},
    ],
    ids=["plan-seat", "action-seat", "plan-context"],
)
def test_the_model_cannot_claim_a_seat(car, client, provider, plan):
    utterance = "open the tailgate for me and tell me a joke"
    provider.script(utterance, lambda call: execute(call.token, plan), report)
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat="rear_right")

    assert car.since(mark) == []
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    assert reply["actions"] and "applied" not in {a["status"] for a in reply["actions"]}, reply
    # the model is told its arguments were wrong and that nothing was sent
    last = provider.calls_for(utterance)[-1]
    assert last.step == 1 and "invalid_arguments" in last.outputs[-1], last.outputs
    assert "Nothing was sent to the vehicle." in last.outputs[-1]
    # the leftover parser action is refused for the real seat, never sent as the driver's
    assert {a["reason"] for a in reply["actions"]} <= {"seat_not_permitted"}, reply["actions"]


@pytest.mark.parametrize(
    "seat,utterance",
    [
        ("rear_left", "don't open my window, tell me a joke"),
        ("passenger", "别开我的车窗 讲个笑话"),
        ("rear_right", "open my window, never mind"),
    ],
)
def test_my_window_negated_or_held_is_the_speakers(car, client, provider, seat, utterance):
    provider.script(
        utterance,
        lambda call: execute(call.token, {"actions": [act("window.set_position", seat, open_percent=100)]}),
        report,
    )
    mark = car.mark()
    _, reply = turn(client, new_session(client), utterance, source="voice", seat=seat)

    assert car.since(mark) == []
    assert windows(client) == {"driver": 0, "passenger": 0, "rear_left": 0, "rear_right": 0}
    assert told(provider, utterance)[0].context["seat"] == seat
    assert [(a["target"], a["source"], a["reason"]) for a in reply["actions"]] == [
        (seat, "model", "negated_by_user")
    ], reply["actions"]
