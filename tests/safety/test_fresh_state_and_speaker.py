"""decide() alone (no server): a relative change needs fresh state unless it
only closes, a stale child lock is not known, a need binds to the speaker's
member, and seat rights come before a range end (DESIGN sections 3a, 5)."""

from __future__ import annotations

import pytest

from vehicle.actions import Action

from .support import act, cabin, members, parse, run, sent, verdicts


def adjust(capability, target, **delta):
    return Action(capability, target, delta)


@pytest.mark.parametrize(
    "action",
    [
        adjust("climate.adjust_temperature", "driver", delta_celsius=1.0),
        adjust("climate.adjust_temperature", "driver", delta_celsius=-1.0),
        adjust("climate.adjust_fan_speed", "cabin", delta_level=1),
        adjust("seat.adjust_heating", "driver", delta_level=-1),
        adjust("window.adjust_position", "driver", delta_percent=20),
    ],
)
def test_a_relative_change_on_stale_state_is_refused(catalog, action):
    state = (
        cabin().confirm("window.set_position", "driver", open_percent=50).confirm("seat.set_heating", "driver", level=2)
    )
    state.stale = True
    d = run(catalog, parse((action,)), state=state)
    assert verdicts(d) == [(action.capability, action.target, "rejected", "interlock_unknown")] and sent(d) == []
    state.stale = False
    assert verdicts(run(catalog, parse((action,)), state=state))[0][2] == "pending"


def test_a_closing_relative_change_on_stale_state_goes(catalog):
    state = cabin().confirm("window.set_position", "driver", open_percent=50)
    state.stale = True
    d = run(catalog, parse((adjust("window.adjust_position", "driver", delta_percent=-20),)), state=state)
    assert sent(d) == [("window.set_position", "driver", {"open_percent": 30})]


def test_a_stale_child_lock_off_is_not_known(catalog):
    state = cabin()
    state.stale = True
    d = run(
        catalog,
        parse((Action("window.set_position", "rear_left", {"open_percent": 100}),)),
        seat="rear_left",
        state=state,
    )
    assert members(d)["window.set_position/rear_left"] == [("rear_left", "rejected", "child_lock")]
    state.stale = False
    assert sent(
        run(
            catalog,
            parse((Action("window.set_position", "rear_left", {"open_percent": 100}),)),
            seat="rear_left",
            state=state,
        )
    ) == [("window.set_position", "rear_left", {"open_percent": 100})]


@pytest.mark.parametrize(
    "seat,proposal,bound",
    [
        ("driver", act("seat.set_heating", "passenger", level=2), False),
        ("driver", act("seat.set_heating", "driver", level=2), True),
        ("driver", act("climate.set_temperature", "passenger", celsius=25.0), False),
        ("driver", act("climate.set_temperature", "all", celsius=25.0), True),
        ("passenger", act("seat.set_heating", "driver", level=2), False),
        ("rear_left", act("climate.set_temperature", "rear_left", celsius=25.0), True),
        ("passenger", act("climate.power", "cabin", on=True), True),
        (None, act("seat.set_heating", "passenger", level=2), True),
    ],
)
def test_a_need_binds_to_the_speakers_member_or_zone(catalog, seat, proposal, bound):
    d = run(catalog, parse(needs=("cold",)), model=[proposal], seat=seat)
    (a,) = d.actions
    reason = a.refusal.reason.value if a.refusal else None
    assert (reason != "not_bound_to_request") is bound, (seat, proposal, reason)


def test_a_member_the_seat_may_not_operate_is_refused_for_the_seat_not_unbound(catalog):
    """ "I'm cold" from rear_left: the driver's seat is not the rear seat's (seat rights first);
    the rear zones group warms only its own zone."""
    d = run(
        catalog,
        parse(needs=("cold",)),
        seat="rear_left",
        model=[act("seat.set_heating", "driver", level=2), act("climate.set_temperature", "rear", celsius=25.0)],
    )
    assert members(d) == {
        "seat.set_heating/driver": [("driver", "rejected", "seat_not_permitted")],
        "climate.set_temperature/rear": [
            ("rear_left", "pending", None),
            ("rear_right", "rejected", "seat_not_permitted"),
        ],
    }
    d = run(
        catalog, parse(needs=("cold",)), seat="driver", model=[act("climate.set_temperature", "rear", celsius=25.0)]
    )
    assert verdicts(d) == [("climate.set_temperature", "rear", "rejected", "not_bound_to_request")]


def test_a_rear_seat_at_the_fans_end_is_refused_for_its_seat(catalog):
    state = cabin().confirm("climate.set_fan_speed", "cabin", level=7)
    action = Action("climate.adjust_fan_speed", "cabin", {"delta_level": 1}, vague=True)
    assert members(run(catalog, parse((action,)), seat="rear_left", state=state))["climate.adjust_fan_speed/cabin"] == [
        ("cabin", "rejected", "seat_not_permitted")
    ]
    assert members(run(catalog, parse((action,)), seat="driver", state=state))["climate.adjust_fan_speed/cabin"] == [
        ("cabin", "rejected", "out_of_range")
    ]


def test_a_rear_seat_asking_an_impossible_fan_level_is_refused_for_its_seat(catalog):
    d = run(catalog, None, direct=[(act("climate.set_fan_speed", "cabin", level=9), "parser")], seat="rear_right")
    assert verdicts(d) == [("climate.set_fan_speed", "cabin", "rejected", "seat_not_permitted")]
    d = run(catalog, None, direct=[(act("climate.set_fan_speed", "cabin", level=9), "parser")], seat="driver")
    assert verdicts(d) == [("climate.set_fan_speed", "cabin", "rejected", "out_of_range")]
