"""Step 5: each action against the catalog, per action, never clamped."""

from __future__ import annotations

import pytest

from vehicle.actions import Action

from .support import act, parse, run, said, sent, verdicts

WINDOW = said("window.set_position", "driver", "open")


@pytest.mark.parametrize(
    "raw,reason",
    [
        (act("climate.teleport", "cabin"), "unknown_capability"),
        ({"capability": 7, "target": "cabin", "parameters": {}}, "unknown_capability"),
        (act("window.set_position", "rear", open_percent=0), "unknown_target"),
        (
            {"capability": "window.set_position", "target": ["driver"], "parameters": {"open_percent": 0}},
            "unknown_target",
        ),
        (act("climate.set_temperature", "driver", celsius=45.0), "out_of_range"),
        (act("climate.set_temperature", "driver", celsius=21.3), "out_of_range"),
        (act("climate.set_fan_speed", "cabin", level=2.5), "invalid_parameter"),
        (act("climate.set_ac", "cabin", on="yes"), "invalid_parameter"),
        ({"capability": "climate.set_ac", "target": "cabin", "parameters": "on"}, "invalid_parameter"),
        (
            {"capability": "climate.set_ac", "target": "cabin", "parameters": {"on": True}, "vague": "yes"},
            "invalid_parameter",
        ),
    ],
)
def test_a_bad_model_action_is_refused_alone(catalog, raw, reason):
    """One bad action does not hide the others: the person's own window still opens."""
    p = parse(actions=(Action("window.set_position", "driver", {"open_percent": 100}),), mentions=(WINDOW,))
    d = run(catalog, p, model=[raw])
    assert verdicts(d) == [
        ("window.set_position", "driver", "pending", None),
        (d.actions[1].capability, d.actions[1].target, "rejected", reason),
    ]
    assert sent(d) == [("window.set_position", "driver", {"open_percent": 100})]
    assert not d.actions[1].members  # nothing of a refused action can be sent


def test_a_parser_value_out_of_range_is_refused_with_the_range(catalog):
    p = parse(actions=(Action("climate.set_temperature", "driver", {"celsius": 72.0}),))
    (a,) = run(catalog, p).actions
    assert a.refusal.reason.value == "out_of_range" and "16 to 30" in a.refusal.message("en")


def test_a_missing_target_takes_the_speakers_member(catalog):
    """A model action with no target means the speaker's window (DESIGN 3a)."""
    p = parse(mentions=(said("window.set_position", None, "open"),))
    d = run(catalog, p, model=[act("window.set_position", None, open_percent=100)], seat="rear_left")
    assert sent(d) == [("window.set_position", "rear_left", {"open_percent": 100})]
    d = run(catalog, p, model=[act("window.set_position", None, open_percent=100)], seat=None)
    assert sent(d) == [("window.set_position", "driver", {"open_percent": 100})]


def test_an_offline_plan_step_for_the_speaker(catalog):
    d = run(
        catalog,
        parse(needs=("cold",)),
        direct=[(act("seat.set_heating", "speaker", level=2), "catalog")],
        seat="passenger",
    )
    assert sent(d) == [("seat.set_heating", "passenger", {"level": 2})]


def test_vague_travels_with_the_action(catalog):
    p = parse(actions=(Action("climate.adjust_temperature", "all", {"delta_celsius": 1.0}, vague=True),))
    (a,) = run(catalog, p).actions
    assert a.vague is True
