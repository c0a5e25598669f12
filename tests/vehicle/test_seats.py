"""Seats (DESIGN section 3a): the shipped permission table, the child lock and
the speaker's member, through vehicle.seats only (pure, in-process)."""

from __future__ import annotations

import re

import pytest

from vehicle.refusals import Reason
from vehicle.seats import permits, permitted_members, seat_refusal, speaker_member

SEATS = ("driver", "passenger", "rear_left", "rear_right", "outside", None)
REAR = ("rear_left", "rear_right")

#: Written from DESIGN section 3a, not from seats.yaml: what a rear seat may do
#: on its own member ("its own window, its own seat controls and reading
#: light, its own zone's temperature (set and adjust), nothing else").
REAR_OWN = {
    "window.set_position",
    "window.adjust_position",
    "seat.set_heating",
    "seat.adjust_heating",
    "seat.set_ventilation",
    "seat.adjust_ventilation",
    "seat.set_massage",
    "reading_light.set",
    "climate.set_temperature",
    "climate.adjust_temperature",
}


def _every_member(catalog):
    for cap in catalog.capabilities:
        for member in catalog.target_type(cap).members:
            yield cap, member


def test_front_seats_and_unknown_may_do_everything(catalog):
    for seat in ("driver", "passenger", None, "unknown"):
        for cap, member in _every_member(catalog):
            assert permits(catalog, seat, cap, member), (seat, cap, member)
            assert seat_refusal(catalog, seat, cap, member, child_lock=True) is None


@pytest.mark.parametrize("seat", REAR)
def test_rear_seat_only_its_own_member_of_its_own_controls(catalog, seat):
    allowed = {(cap, member) for cap, member in _every_member(catalog) if permits(catalog, seat, cap, member)}
    assert allowed == {(cap, seat) for cap in REAR_OWN}
    for cap, member in _every_member(catalog):
        r = seat_refusal(catalog, seat, cap, member, child_lock=False)
        assert (r is None) == ((cap, member) in allowed), (cap, member)
        if r is not None:
            assert r.reason == Reason.SEAT_NOT_PERMITTED


def test_outside_moves_nothing(catalog):
    for cap, member in _every_member(catalog):
        r = seat_refusal(catalog, "outside", cap, member, child_lock=False)
        assert r is not None and r.reason == Reason.SEAT_NOT_PERMITTED
    r = seat_refusal(catalog, "outside", "window.set_position", "driver", child_lock=False)
    assert r.message("en") == "Driver window can't be operated from outside the car."
    assert r.message("zh") == "车外不能操作主驾车窗。"


@pytest.mark.parametrize("seat", ["Driver", "", "rear", "all", "cabin", "front", "rear_middle", "unknown "])
def test_unrecognised_seat_is_refused_everything(catalog, seat):
    for cap, member in (("climate.power", "cabin"), ("window.set_position", "driver"), ("mode.activate", "nap")):
        r = seat_refusal(catalog, seat, cap, member, child_lock=False)
        assert r is not None and r.reason == Reason.SEAT_NOT_PERMITTED
    assert not permits(catalog, seat, "climate.power", "cabin")


def test_forbidden_commands_from_the_back(catalog):
    r = seat_refusal(catalog, "rear_left", "tailgate.set", "cabin", child_lock=False)
    assert r.reason == Reason.SEAT_NOT_PERMITTED
    assert r.message("en") == "Tailgate can't be operated from the rear-left seat."
    assert r.message("zh") == "左后座位不能操作尾门。"
    r = seat_refusal(catalog, "rear_right", "window.set_position", "driver", child_lock=False)
    assert r.message("en") == "Driver window can't be operated from the rear-right seat."
    assert r.message("zh") == "右后座位不能操作主驾车窗。"
    for cap, member in (
        ("mode.activate", "nap"),
        ("peripheral.trigger", "garage_door"),
        ("climate.set_ac", "cabin"),
        ("climate.set_fan_speed", "cabin"),
        ("sunroof.adjust_position", "cabin"),
        ("climate.adjust_temperature", "rear_right"),
        ("seat.set_heating", "driver"),
    ):
        assert seat_refusal(catalog, "rear_left", cap, member, child_lock=False).reason == Reason.SEAT_NOT_PERMITTED


def test_close_all_windows_from_the_back_is_per_member(catalog):
    """'close all the windows' from rear_left: its own window, the others refused."""
    verdicts = {
        m: seat_refusal(catalog, "rear_left", "window.set_position", m, child_lock=False)
        for m in catalog.members("window.set_position", "all")
    }
    assert verdicts["rear_left"] is None
    assert all(verdicts[m].reason == Reason.SEAT_NOT_PERMITTED for m in ("driver", "passenger", "rear_right"))
    assert permitted_members(catalog, "rear_left", "window.set_position") == ("rear_left",)
    # a group as a whole is permitted only when every member is
    assert not permits(catalog, "rear_left", "window.set_position", "all")
    assert not permits(catalog, "rear_left", "climate.set_temperature", "rear")
    assert permits(catalog, "driver", "climate.set_temperature", "rear")
    assert permitted_members(catalog, "outside", "window.set_position") == ()
    assert permitted_members(catalog, "passenger", "seat.set_heating") == (
        "driver",
        "passenger",
        "rear_left",
        "rear_right",
    )


@pytest.mark.parametrize("seat", REAR)
def test_child_lock_refuses_rear_windows_from_the_back(catalog, seat):
    for cap in ("window.set_position", "window.adjust_position"):
        on = seat_refusal(catalog, seat, cap, seat, child_lock=True)
        assert on.reason == Reason.CHILD_LOCK
        assert seat_refusal(catalog, seat, cap, seat, child_lock=False) is None
        unknown = seat_refusal(catalog, seat, cap, seat, child_lock=None)  # fail closed
        assert unknown.reason == Reason.CHILD_LOCK and "not known" in unknown.message("en")
    # the child lock is about windows: the seat heater still works
    assert seat_refusal(catalog, seat, "seat.set_heating", seat, child_lock=True) is None
    # a member the seat may not operate at all stays seat_not_permitted
    assert (
        seat_refusal(catalog, seat, "window.set_position", "driver", child_lock=True).reason
        == Reason.SEAT_NOT_PERMITTED
    )


def test_child_lock_does_not_stop_the_front(catalog):
    for seat in ("driver", "passenger", None):
        for member in REAR:
            assert seat_refusal(catalog, seat, "window.set_position", member, child_lock=True) is None
            assert seat_refusal(catalog, seat, "window.adjust_position", member, child_lock=None) is None


def test_child_lock_sentences(catalog):
    r = seat_refusal(catalog, "rear_left", "window.set_position", "rear_left", child_lock=True)
    assert r.message("en") == "The child lock is on, so the rear left window can't be operated from the rear seats."
    assert r.message("zh") == "儿童锁已开启，后排不能操作左后车窗。"


def test_seat_sentences_are_speakable_chinese(catalog):
    cases = [
        (seat, cap, member, lock)
        for seat in ("rear_left", "rear_right", "outside", "Driver")
        for cap, member in (
            ("tailgate.set", "cabin"),
            ("window.set_position", seat if seat in REAR else "driver"),
            ("mode.activate", "nap"),
            ("peripheral.trigger", "garage_door"),
        )
        for lock in (True, None)
    ]
    seen = 0
    for seat, cap, member, lock in cases:
        r = seat_refusal(catalog, seat, cap, member, child_lock=lock)
        if r is None:
            continue
        seen += 1
        zh, en = r.message("zh"), r.message("en")
        assert re.search(r"[A-Za-z]", zh) is None and " " not in zh and zh.endswith("。"), zh
        assert "?" not in en and "_" not in en and en.endswith("."), en
    assert seen == len(cases)


@pytest.mark.parametrize(
    "seat,window,seat_member,zone",
    [
        ("driver", "driver", "driver", "driver"),
        ("passenger", "passenger", "passenger", "passenger"),
        ("rear_left", "rear_left", "rear_left", "rear_left"),
        ("rear_right", "rear_right", "rear_right", "rear_right"),
        ("outside", "driver", "driver", "all"),
        (None, "driver", "driver", "all"),
        ("unknown", "driver", "driver", "all"),
        ("rear", "driver", "driver", "all"),
        ("all", "driver", "driver", "all"),
    ],
)
def test_speaker_member(catalog, seat, window, seat_member, zone):
    assert speaker_member(catalog, seat, "window.set_position") == window
    assert speaker_member(catalog, seat, "window.adjust_position") == window
    for cap in (
        "seat.set_heating",
        "seat.adjust_heating",
        "seat.set_ventilation",
        "seat.set_massage",
        "reading_light.set",
    ):
        assert speaker_member(catalog, seat, cap) == seat_member
    assert speaker_member(catalog, seat, "climate.set_temperature") == zone
    assert speaker_member(catalog, seat, "climate.adjust_temperature") == zone


@pytest.mark.parametrize(
    "cap",
    [
        "climate.power",
        "climate.set_fan_speed",
        "climate.adjust_fan_speed",
        "tailgate.set",
        "sunroof.set_position",
        "climate.set_defrost",
        "mode.activate",
        "peripheral.trigger",
        "climate.warp",
    ],
)
def test_no_speaker_member_for_cabin_defrost_mode_peripheral(catalog, cap):
    for seat in SEATS:
        assert speaker_member(catalog, seat, cap) is None
