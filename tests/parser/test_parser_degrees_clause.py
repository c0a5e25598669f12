"""A clause whose number is said in degrees names the temperature, even after
a clause about another control (it must not borrow that control)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "text",
    [
        "open the driver window and set the passenger side to 23 degrees",
        "打开主驾车窗，副驾调到23度",
    ],
)
def test_degrees_clause_is_a_temperature(parser, text):
    result = parser.parse(text).to_json()
    assert result["actions"] == [
        {"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 100}},
        {"capability": "climate.set_temperature", "target": "passenger", "parameters": {"celsius": 23.0}},
    ]
    assert result["complete"] is True


def test_a_plain_number_still_borrows_the_previous_control(parser):
    result = parser.parse("set the driver window to 20 percent and the passenger to 30").to_json()
    assert [(a["capability"], a["target"]) for a in result["actions"]] == [
        ("window.set_position", "driver"),
        ("window.set_position", "passenger"),
    ]
