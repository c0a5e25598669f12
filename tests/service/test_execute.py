"""Every step of DESIGN section 5 through the real callback route; each hostile
case asserts that no frame left (from the CAN log)."""

from __future__ import annotations

import json

import pytest

from .tokens import execute, mint


@pytest.fixture
def frames(inproc, command_ids):
    """Call to count command frames in the CAN log so far."""
    return lambda: len(inproc.command_frames(command_ids))


def act(cap, target, **params):
    return {"capability": cap, "target": target, "parameters": params}


def test_bearer_required(inproc, frames):
    token, _ = mint(inproc, "open the sunroof")
    n = frames()
    for bearer in (None, "wrong-" + "x" * 30, inproc.runtime.callback_token[:-1]):
        r = execute(inproc, {"request_token": token}, bearer=bearer)
        assert r.status_code == 401 and r.json() == {"error": {"code": "unauthorized", "message": "unauthorized"}}
    # unauthenticated callers learn nothing about the body schema
    r = execute(inproc, b"{nope", bearer=None)
    assert r.status_code == 401
    assert frames() == n


@pytest.mark.parametrize(
    "body,status",
    [
        (b"{nope", 422),
        ({"request_token": "x" * 20, "extra": 1}, 422),
        ({"request_token": 12345}, 422),
        (
            {
                "request_token": "x" * 20,
                "plan": {
                    "actions": [
                        {
                            "capability": "climate.set_ac",
                            "target": "cabin",
                            "parameters": {"on": True},
                            "why": "smuggled",
                        }
                    ]
                },
            },
            422,
        ),
        ({"request_token": "x" * 20, "plan": {"actions": [], "note": "x"}}, 422),
        ({"request_token": "x" * 20, "plan": {"actions": [{"capability": 3, "target": "cabin"}]}}, 422),
        (
            {
                "request_token": "x" * 20,
                "plan": {"actions": [{"capability": "climate.set_ac", "parameters": {"on": [1]}}]},
            },
            422,
        ),
        ({"request_token": "x" * 20, "plan": {"actions": [act("climate.set_ac", "cabin", on=True)] * 17}}, 422),
        (
            {
                "request_token": "x" * 20,
                "plan": {"actions": [act("climate.set_ac", "cabin", on=True)]},
                "pad": "y" * 70000,
            },
            413,
        ),
    ],
)
def test_body_structure(inproc, frames, body, status):
    n = frames()
    r = execute(inproc, body)
    assert r.status_code == status
    assert set(r.json()) == {"error"}
    assert frames() == n


def test_token_codes(inproc, frames):
    n = frames()
    r = execute(inproc, {"request_token": "forged-token-value-123"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "token_invalid"
    token, turn = mint(inproc, "open the sunroof")
    inproc.runtime.tokens.end_turn(turn, interrupted=True)
    assert execute(inproc, {"request_token": token}).json()["error"]["code"] == "token_revoked"
    token, turn = mint(inproc, "open the sunroof")
    inproc.runtime.tokens.end_turn(turn)
    assert execute(inproc, {"request_token": token}).json()["error"]["code"] == "turn_closed"
    token, _ = mint(inproc, "open the sunroof", generation="0000000000000000")
    assert execute(inproc, {"request_token": token}).json()["error"]["code"] == "catalog_changed"
    token, _ = mint(inproc, "open the sunroof")
    grant = inproc.runtime.tokens.check(token, inproc.runtime.catalog.generation)
    grant.expires_at = 0.0
    assert execute(inproc, {"request_token": token}).json()["error"]["code"] == "token_expired"
    assert frames() == n


@pytest.mark.parametrize(
    "plan,reason",
    [
        ([act("climate.teleport", "cabin")], "unknown_capability"),
        ([act("window.set_position", "rear", open_percent=0)], "unknown_target"),
        ([act("climate.set_ac", "cabin", on=True, turbo=True)], "invalid_parameter"),
        ([act("climate.set_ac", "cabin", on="yes")], "invalid_parameter"),
        ([act("climate.set_fan_speed", "cabin", level=2.5)], "invalid_parameter"),
        ([act("climate.set_temperature", "driver", celsius=45.0)], "out_of_range"),
    ],
)
def test_catalog_rejections_are_per_action(inproc, frames, plan, reason):
    token, _ = mint(inproc, "set the temperature and the fan and the AC and the window")
    n = frames()
    r = execute(inproc, {"request_token": token, "plan": {"actions": plan}})
    assert r.status_code == 200
    body = r.json()
    bad = [a for a in body["actions"] if a["source"] == "model"]
    assert bad and bad[0]["status"] == "rejected" and bad[0]["reason"] == reason
    assert body["status"] == "rejected" and frames() == n


def test_one_bad_action_does_not_hide_the_others(inproc, frames):
    token, _ = mint(inproc, "I'm cold")
    n = frames()
    body = execute(
        inproc,
        {
            "request_token": token,
            "plan": {
                "actions": [
                    act("climate.set_temperature", "driver", celsius=99.0),
                    act("seat.set_heating", "driver", level=3),
                ]
            },
        },
    ).json()
    assert [a["status"] for a in body["actions"]] == ["rejected", "applied"]
    assert body["status"] == "partially_applied" and frames() == n + 1


def test_unbound_plan_is_refused(inproc, frames):
    # the tailgate named, but only asked about: refused
    token, _ = mint(inproc, "is the tailgate open?")
    n = frames()
    body = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("tailgate.set", "cabin", open=True)]}}
    ).json()
    assert body["actions"][0]["reason"] == "not_bound_to_request" and frames() == n
    # never named at all: held for the person's answer (DESIGN section 4a), nothing sent either
    token, _ = mint(inproc, "what's the weather like?")
    body = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("tailgate.set", "cabin", open=True)]}}
    ).json()
    assert body["actions"][0]["reason"] == "needs_confirmation" and frames() == n
    assert body["status"] == "rejected"


def test_negated_control_is_refused(inproc, frames):
    token, _ = mint(inproc, "don't open the sunroof")
    n = frames()
    body = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("sunroof.set_position", "cabin", open_percent=100)]}}
    ).json()
    assert body["actions"][0]["reason"] == "negated_by_user" and frames() == n
    token, _ = mint(inproc, "I'm hot but don't touch the temperature")
    body = execute(
        inproc,
        {"request_token": token, "plan": {"actions": [act("climate.adjust_temperature", "all", delta_celsius=-2.0)]}},
    ).json()
    assert body["actions"][0]["reason"] == "negated_by_user" and frames() == n


def test_need_binding_respects_direction(inproc, frames):
    token, _ = mint(inproc, "I'm freezing")
    n = frames()
    body = execute(
        inproc,
        {
            "request_token": token,
            "plan": {
                "actions": [
                    act("climate.adjust_temperature", "all", delta_celsius=-2.0),
                    act("window.set_position", "driver", open_percent=100),
                ]
            },
        },
    ).json()
    assert [a["reason"] for a in body["actions"]] == ["not_bound_to_request", "not_bound_to_request"]
    assert frames() == n


def test_group_plan_overlapping_a_parser_member(inproc, frames):
    token, _ = mint(inproc, "set the driver temperature to 21, I'm cold")
    n = frames()
    body = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("climate.set_temperature", "all", celsius=25.0)]}}
    ).json()
    parser = [a for a in body["actions"] if a["target"] == "driver"]
    model = [a for a in body["actions"] if a["target"] == "all"]
    assert parser[0]["source"] == "both" and parser[0]["parameters"] == {"celsius": 21.0}
    assert [m["target"] for m in model[0]["members"]] == ["passenger", "rear_left", "rear_right"]
    assert frames() == n + 4
    temps = inproc.runtime.state.snapshot()["controls"]["climate.set_temperature"]
    assert temps["driver"] == {"celsius": 21.0} and temps["rear_right"] == {"celsius": 25.0}


def test_replay_reports_already_applied_and_sends_nothing(inproc, frames):
    token, _ = mint(inproc, "turn on the passenger seat heating")
    n = frames()
    first = execute(inproc, {"request_token": token}).json()
    assert first["status"] == "applied" and frames() == n + 1
    again = execute(inproc, {"request_token": token}).json()
    assert again["actions"][0]["status"] == "already_applied" and frames() == n + 1


def test_rejected_action_can_be_corrected_in_the_same_turn(inproc, frames):
    token, _ = mint(inproc, "I'm cold")
    n = frames()
    first = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("seat.set_heating", "driver", level=9)]}}
    ).json()
    assert first["actions"][0]["reason"] == "out_of_range"
    second = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("seat.set_heating", "driver", level=3)]}}
    ).json()
    assert second["actions"][0]["status"] == "applied" and frames() == n + 1


def test_too_many_physical_commands(inproc, frames):
    token, _ = mint(
        inproc, "I'm cold, fold the mirrors, close the tailgate, turn on the reading light and turn on the massage"
    )
    n = frames()
    first = execute(
        inproc,
        {
            "request_token": token,
            "plan": {
                "actions": [
                    act("climate.set_temperature", "all", celsius=26.0),
                    act("window.set_position", "all", open_percent=0),
                    act("seat.set_heating", "driver", level=3),
                    act("seat.set_heating", "passenger", level=3),
                    act("seat.set_heating", "rear_left", level=3),
                    act("seat.set_heating", "rear_right", level=3),
                ]
            },
        },
    ).json()
    # 4 parser actions + 12 model members = 16, the most one token may send
    assert first["status"] == "applied" and frames() == n + 16
    second = execute(
        inproc,
        {
            "request_token": token,
            "plan": {
                "actions": [
                    act("climate.power", "cabin", on=True),
                    act("sunroof.set_position", "cabin", open_percent=0),
                ]
            },
        },
    ).json()
    assert {a["reason"] for a in second["actions"] if a["status"] == "rejected"} == {"too_many_actions"}
    assert frames() == n + 16


def test_mode_without_plan_resolved_from_utterance(inproc, frames):
    token, _ = mint(inproc, "start pet mode")
    n = frames()
    body = execute(inproc, {"request_token": token}).json()
    [mode] = body["actions"]
    assert mode["capability"] == "mode.activate" and mode["status"] == "applied" and len(mode["members"]) == 7
    assert frames() == n + 7


def test_inactive_peripheral_and_dry_frames_never_leak(inproc, frames):
    token, _ = mint(inproc, "turn on the rear fridge")
    n = frames()
    body = execute(inproc, {"request_token": token}).json()
    assert body["actions"][0]["reason"] == "inactive_peripheral" and frames() == n
    assert "frames" not in json.dumps(body)
