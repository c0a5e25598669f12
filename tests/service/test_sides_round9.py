"""Sides and rows of the car, through the real service (DESIGN §3, §4; README "Sides and rows").

A side alone is its front member, a plural or counted side both members on it, a share of a
position its percent; each goes in as words and is checked on the simulated ECU, so a member
moved that was not asked for fails here.
"""

from __future__ import annotations

import pytest

from .test_understanding_v3 import _nothing_moves, car, ecu, say  # noqa: F401 (car is a fixture)

_WINDOWS = ("driver", "passenger", "rear_left", "rear_right")


def _windows_after(car, text: str) -> dict[str, int]:  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        say(c, sid, text)
    return {m: ecu(car, "window.set_position", m)["open_percent"] for m in _WINDOWS}


@pytest.mark.parametrize(
    ("text", "opened"),
    [
        ("open the left windows", {"driver": 100, "rear_left": 100}),
        ("左边两个车窗打开", {"driver": 100, "rear_left": 100}),
        ("open the window on the right", {"passenger": 100}),
        ("右边车窗开四分之一", {"passenger": 25}),
        ("open the rear window on the right a third", {"rear_right": 33}),
        ("right, open the window", {"driver": 100}),
        ("打开第二排车窗", {"rear_left": 100, "rear_right": 100}),
        # the red team's: a row and a side (three windows opened), a side after the command (two)
        ("open the rear windows on the left", {"rear_left": 100}),
        ("打开车窗 右边的", {"passenger": 100}),
        ("ok right open the window", {"driver": 100}),
    ],
)
def test_only_the_windows_of_the_side_or_row_said_move(car, text, opened):  # noqa: F811 (the fixture)
    assert _windows_after(car, text) == {m: opened.get(m, 0) for m in _WINDOWS}, text


@pytest.mark.parametrize("text", ["打开第三排车窗", "打开一排车窗", "open the window a quarter past 7"])
def test_a_row_the_car_lacks_or_a_time_moves_nothing(car, text):  # noqa: F811 (the fixture)
    _nothing_moves(car, text)


def test_the_temperature_of_a_side(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = {m: ecu(car, "climate.set_temperature", m)["celsius"] for m in _WINDOWS}
        reply = say(c, sid, "把右边的温度调到24度")
    after = {m: ecu(car, "climate.set_temperature", m)["celsius"] for m in _WINDOWS}
    assert after["passenger"] == 24.0, reply
    assert {m: after[m] for m in ("driver", "rear_left", "rear_right")} == {
        m: before[m] for m in ("driver", "rear_left", "rear_right")
    }, reply
