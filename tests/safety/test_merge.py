"""Step 7: groups and modes expand to members; the parser wins on a shared member."""

from __future__ import annotations

from vehicle.actions import Action

from .support import act, members, parse, run, said, sent, verdicts


def test_groups_expand_in_catalog_order(catalog):
    d = run(catalog, parse(actions=(Action("climate.set_temperature", "rear", {"celsius": 21.0}),)))
    assert [c[1] for c in sent(d)] == ["rear_left", "rear_right"]


def test_the_parser_wins_and_is_reported_once_as_both(catalog):
    p = parse(actions=(Action("climate.set_temperature", "driver", {"celsius": 21.0}),), needs=("cold",))
    d = run(catalog, p, model=[act("climate.set_temperature", "all", celsius=25.0)])
    assert [(a.source, a.target) for a in d.actions] == [("both", "driver"), ("model", "all")]
    assert [m[0] for m in members(d)["climate.set_temperature/all"]] == ["passenger", "rear_left", "rear_right"]
    assert ("climate.set_temperature", "driver", {"celsius": 21.0}) in sent(d)
    assert len(sent(d)) == 4


def test_set_and_adjust_are_one_control(catalog):
    """The adjust twin of a member the parser sets is dropped, never sent twice."""
    p = parse(actions=(Action("climate.set_temperature", "driver", {"celsius": 21.0}),), needs=("cold",))
    d = run(catalog, p, model=[act("climate.adjust_temperature", "driver", delta_celsius=2.0)])
    assert [a.source for a in d.actions] == ["both"]
    assert sent(d) == [("climate.set_temperature", "driver", {"celsius": 21.0})]


def test_a_model_action_wholly_covered_folds_away(catalog):
    p = parse(
        actions=(Action("climate.set_ac", "cabin", {"on": True}),), mentions=(said("climate.set_ac", None, "on"),)
    )
    d = run(catalog, p, model=[act("climate.set_ac", "cabin", on=True)])
    assert verdicts(d) == [("climate.set_ac", "cabin", "pending", None)] and d.actions[0].source == "both"


def test_two_model_commands_for_one_member_conflict(catalog):
    p = parse(needs=("cold",))
    d = run(catalog, p, model=[act("seat.set_heating", "driver", level=2), act("seat.set_heating", "driver", level=3)])
    assert verdicts(d) == [
        ("seat.set_heating", "driver", "pending", None),
        ("seat.set_heating", "driver", "rejected", "conflicting_actions"),
    ]
    assert sent(d) == [("seat.set_heating", "driver", {"level": 2})]


def test_order_parser_then_model(catalog):
    p = parse(
        actions=(Action("climate.set_ac", "cabin", {"on": True}), Action("mirror.fold", "cabin", {"folded": True})),
        needs=("cold",),
    )
    d = run(catalog, p, model=[act("seat.set_heating", "passenger", level=2)])
    assert [a.capability for a in d.actions] == ["climate.set_ac", "mirror.fold", "seat.set_heating"]


def test_a_mode_expands_to_its_steps(catalog):
    d = run(catalog, parse(actions=(Action("mode.activate", "pet", {}),)))
    (mode,) = d.actions
    assert mode.is_mode and [m.command.capability for m in mode.members] == [
        "climate.power",
        "climate.set_temperature",
        "climate.set_temperature",
        "climate.set_temperature",
        "climate.set_temperature",
        "climate.set_ac",
        "climate.set_fan_speed",
    ]


def test_a_mode_step_conflicting_with_a_parser_action_refuses_the_mode(catalog):
    """All-or-nothing: "pet mode and fan 5" gives no mode with a half-overridden fan."""
    p = parse(actions=(Action("climate.set_fan_speed", "cabin", {"level": 5}), Action("mode.activate", "pet", {})))
    d = run(catalog, p)
    assert verdicts(d) == [
        ("climate.set_fan_speed", "cabin", "pending", None),
        ("mode.activate", "pet", "rejected", "conflicting_actions"),
    ]
    assert sent(d) == [("climate.set_fan_speed", "cabin", {"level": 5})]
