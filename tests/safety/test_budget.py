"""Step 9: once per key (only what reached the bus is consumed) and at most 16 commands."""

from __future__ import annotations

from vehicle.actions import Action

from .support import act, parse, run, sent, verdicts

HEAT = Action("seat.set_heating", "passenger", {"level": 2})


def test_a_consumed_member_is_already_applied(catalog):
    d = run(catalog, parse(actions=(HEAT,)), consumed=frozenset({("seat.set_heating", "passenger")}))
    assert verdicts(d) == [("seat.set_heating", "passenger", "already_applied", None)] and sent(d) == []


def test_a_refused_member_is_not_consumed_and_may_be_corrected(catalog):
    """decide() never consumes: a rejected action leaves the ledger as it was."""
    consumed = frozenset()
    d = run(catalog, parse(needs=("cold",)), model=[act("seat.set_heating", "driver", level=9)], consumed=consumed)
    assert verdicts(d)[0][3] == "out_of_range"
    d = run(catalog, parse(needs=("cold",)), model=[act("seat.set_heating", "driver", level=3)], consumed=consumed)
    assert sent(d) == [("seat.set_heating", "driver", {"level": 3})]


def test_sixteen_commands_and_not_one_more(catalog):
    four = Action("window.set_position", "all", {"open_percent": 0})
    p = parse(
        actions=(
            four,
            Action("climate.set_temperature", "all", {"celsius": 22.0}),
            Action("seat.set_heating", "driver", {"level": 1}),
            Action("seat.set_heating", "passenger", {"level": 1}),
            Action("seat.set_heating", "rear_left", {"level": 1}),
            Action("seat.set_heating", "rear_right", {"level": 1}),
            Action("climate.set_ac", "cabin", {"on": True}),
            Action("mirror.fold", "cabin", {"folded": True}),
            Action("climate.set_fan_speed", "cabin", {"level": 2}),
            Action("climate.set_recirculation", "cabin", {"on": True}),
        )
    )
    assert len(sent(run(catalog, p))) == 16
    # one already consumed elsewhere under this key: 15 + 16 > 16, nothing of this call goes
    d = run(catalog, p, consumed=frozenset({("sunroof.set_position", "cabin")}))
    assert sent(d) == [] and {v[3] for v in verdicts(d)} == {"too_many_actions"}


def test_already_applied_members_do_not_count(catalog):
    consumed = frozenset({("window.set_position", m) for m in ("driver", "passenger", "rear_left", "rear_right")})
    p = parse(actions=(Action("window.set_position", "all", {"open_percent": 0}), HEAT))
    d = run(catalog, p, consumed=consumed)
    assert sent(d) == [("seat.set_heating", "passenger", {"level": 2})]


def test_turn_end_leftovers_skip_what_an_execute_call_decided(catalog):
    """Defect b: the tailgate refused at speed is never retried once the car stops."""
    p = parse(
        actions=(Action("tailgate.set", "cabin", {"open": True}), Action("climate.set_ac", "cabin", {"on": True}))
    )
    d = run(catalog, p, skip_parser_keys=frozenset({("tailgate.set", "cabin")}))
    assert [a.capability for a in d.actions] == ["climate.set_ac"]


def test_a_parser_action_refused_at_validation_is_not_reported_twice(catalog):
    p = parse(actions=(Action("climate.set_temperature", "driver", {"celsius": 72.0}),))
    first = run(catalog, p)
    assert verdicts(first)[0][3] == "out_of_range"
    assert run(catalog, p, skip_parser_keys=first.decided_keys()).actions == ()
