"""Forms a recogniser or a hurried speaker gives (DESIGN section 4): "to" heard
as "two"/"too"/"2" before a value, the verb after the control ("the fan
switched to 3"), and a count before a control, which is never a value."""

from __future__ import annotations

import pytest

TEMP_22 = {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.0}}
FAN_3 = {"capability": "climate.set_fan_speed", "target": "cabin", "parameters": {"level": 3}}


@pytest.mark.parametrize(
    "text,action",
    [
        ("set the temperature two 22 degrees", TEMP_22),
        ("temperature too 22 degrees please", TEMP_22),
        ("i'd like the fan switched to 3", FAN_3),
        ("i want the temperature changed to 22 degrees", TEMP_22),
    ],
)
def test_to_heard_otherwise_and_the_verb_after_the_control(parser, text, action):
    assert parser.parse(text).to_json()["actions"] == [action], text


@pytest.mark.parametrize(
    "text", ["open two windows", "open 2 windows", "turn on 2 seat heaters", "close three windows"]
)
def test_a_count_before_a_control_is_no_value(parser, text):
    """Which two? Nothing moves (it had opened every window to 2 %)."""
    result = parser.parse(text).to_json()
    assert result["actions"] == [] and result["complete"] is False, text


@pytest.mark.parametrize("text", ["it is way too hot", "two windows are open", "set the fan to 2"])
def test_two_and_too_elsewhere_are_read_as_before(parser, text):
    result = parser.parse(text).to_json()
    if text == "set the fan to 2":
        assert result["actions"][0]["parameters"] == {"level": 2}
    else:
        assert result["actions"] == [], text


@pytest.mark.parametrize(
    "text,on",
    [
        ("i need the seat heating activated", True),
        ("the rear defroster modes off now", False),
        ("switch the seat heating too on", True),
    ],
)
def test_a_state_word_after_the_control_is_the_action(parser, text, on):
    [action] = parser.parse(text, "driver").to_json()["actions"]
    assert action["parameters"].get("on", action["parameters"].get("level", 0) > 0) is on, text


@pytest.mark.parametrize("text", ["the seat heating was turned on", "the rear defroster got switched off by itself"])
def test_a_past_state_told_is_no_command(parser, text):
    assert parser.parse(text, "driver").to_json()["actions"] == [], text
