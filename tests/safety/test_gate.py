"""Step 8: the speaker's seat, then presence, peripherals, interlocks, execution mode."""

from __future__ import annotations

import pytest

from vehicle.actions import Action

from .support import act, cabin, members, parse, run, said, sent, verdicts

TAILGATE_OPEN = Action("tailgate.set", "cabin", {"open": True})


@pytest.mark.parametrize(
    "speed,gear,stale,reason",
    [
        (0.0, "P", False, None),
        (50.0, "D", False, "interlock_speed"),
        (0.0, "D", False, "interlock_gear"),
        (0.0, "P", True, "interlock_unknown"),
        (None, None, False, "interlock_unknown"),
    ],
)
def test_tailgate_interlock(catalog, speed, gear, stale, reason):
    state = cabin(speed_kph=speed, gear=gear)
    state.stale = stale
    (v,) = verdicts(run(catalog, parse(actions=(TAILGATE_OPEN,)), state=state))
    assert v[3] == reason


@pytest.mark.parametrize(
    "action",
    [
        Action("tailgate.set", "cabin", {"open": False}),
        Action("sunroof.set_position", "cabin", {"open_percent": 0}),
        Action("sunshade.set_position", "cabin", {"open_percent": 0}),
        Action("window.set_position", "all", {"open_percent": 0}),
    ],
)
def test_closing_moves_are_never_refused_for_unknown_state(catalog, action):
    state = cabin(speed_kph=None, gear=None)
    state.stale = True
    state.controls.clear()  # positions unknown too
    d = run(catalog, parse(actions=(action,)), state=state)
    assert all(v[2] == "pending" for v in verdicts(d)) and sent(d)


def test_sunroof_opening_at_speed_and_on_a_guess(catalog):
    fast = cabin(speed_kph=130.0, gear="D")
    assert (
        verdicts(
            run(catalog, parse(actions=(Action("sunroof.set_position", "cabin", {"open_percent": 40}),)), state=fast)
        )[0][3]
        == "interlock_speed"
    )
    fast.confirm("sunroof.set_position", "cabin", open_percent=80)  # a smaller opening: closing
    assert (
        verdicts(
            run(catalog, parse(actions=(Action("sunroof.set_position", "cabin", {"open_percent": 40}),)), state=fast)
        )[0][3]
        is None
    )


def test_not_fitted_and_inactive(catalog):
    p = parse(
        actions=(
            Action("seat.set_ventilation", "rear_left", {"level": 2}),
            Action("peripheral.trigger", "rear_fridge", {}),
        )
    )
    assert [v[3] for v in verdicts(run(catalog, p))] == ["not_fitted", "inactive_peripheral"]


def test_execution_mode_hardware_unarmed(catalog):
    d = run(catalog, parse(actions=(Action("climate.set_ac", "cabin", {"on": True}),)), execution_mode="hardware")
    assert verdicts(d)[0][3] == "execution_mode"


def test_a_mode_is_all_or_nothing(catalog):
    d = run(catalog, parse(actions=(Action("mode.activate", "nap", {}),)), state=cabin(speed_kph=0.0, gear="D"))
    assert verdicts(d) == [("mode.activate", "nap", "rejected", "interlock_gear")] and sent(d) == []


def test_close_all_windows_from_rear_left_is_per_member(catalog):
    p = parse(actions=(Action("window.set_position", "all", {"open_percent": 0}),))
    d = run(catalog, p, seat="rear_left")
    assert members(d)["window.set_position/all"] == [
        ("driver", "rejected", "seat_not_permitted"),
        ("passenger", "rejected", "seat_not_permitted"),
        ("rear_left", "pending", None),
        ("rear_right", "rejected", "seat_not_permitted"),
    ]
    assert sent(d) == [("window.set_position", "rear_left", {"open_percent": 0})]


@pytest.mark.parametrize(
    "seat,allowed",
    [
        ("driver", True),
        ("passenger", True),
        (None, True),
        ("rear_left", False),
        ("outside", False),
        ("boot", False),
    ],
)
def test_tailgate_by_seat(catalog, seat, allowed):
    d = run(catalog, parse(actions=(TAILGATE_OPEN,)), seat=seat)
    assert (verdicts(d)[0][3] is None) is allowed
    if not allowed:
        assert verdicts(d)[0][3] == "seat_not_permitted"


def test_a_model_plan_is_seat_checked(catalog):
    p = parse(mentions=(said("tailgate.set", None, "open"),))
    d = run(catalog, p, model=[act("tailgate.set", "cabin", open=True)], seat="rear_right")
    assert verdicts(d)[0][3] == "seat_not_permitted" and sent(d) == []


def test_console_taps_are_never_seat_restricted(catalog):
    d = run(catalog, None, direct=[(act("tailgate.set", "cabin", open=True), "console")], seat="outside")
    assert sent(d) == [("tailgate.set", "cabin", {"open": True})]


def test_an_offline_plan_leaves_out_what_the_seat_may_not_operate(catalog):
    plan = [
        (act("climate.power", "cabin", on=True), "catalog"),
        (act("climate.adjust_temperature", "speaker", delta_celsius=2.0), "catalog"),
        (act("seat.set_heating", "speaker", level=2), "catalog"),
    ]
    d = run(catalog, parse(needs=("cold",)), direct=plan, seat="rear_left")
    assert [(a.capability, a.target) for a in d.actions] == [
        ("climate.adjust_temperature", "rear_left"),
        ("seat.set_heating", "rear_left"),
    ]
    assert all(v[2] == "pending" for v in verdicts(d))


def test_child_lock_refuses_a_rear_seats_window(catalog):
    p = parse(actions=(Action("window.set_position", "rear_left", {"open_percent": 100}),))
    locked = cabin(child_lock=True)
    assert verdicts(run(catalog, p, seat="rear_left", state=locked))[0][3] == "child_lock"
    assert verdicts(run(catalog, p, seat="rear_left", state=cabin(child_lock=False)))[0][3] is None
    assert verdicts(run(catalog, p, seat="driver", state=locked))[0][3] is None


def test_a_rear_seat_may_not_start_a_mode(catalog):
    d = run(catalog, parse(actions=(Action("mode.activate", "pet", {}),)), seat="rear_right")
    assert verdicts(d) == [("mode.activate", "pet", "rejected", "seat_not_permitted")] and sent(d) == []
