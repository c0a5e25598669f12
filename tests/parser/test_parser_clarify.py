"""The parser's questions (DESIGN section 4a, `clarify`): what it asks when a
command lacks its control, target or amount, and when it asks nothing.

The table rows (tests/utterances/v3/clarify.yaml) hold the options for each
kind; these tests hold the rules around them.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def parse(parser):
    return lambda text, seat=None: parser.parse(text, seat).to_json()


@pytest.mark.parametrize("text", ["关闭", "activate", "i need more now", "resume", "put on", "最大", "一点"])
def test_too_little_said_asks_nothing(parse, text):
    result = parse(text)
    assert result["clarify"] is None and result["actions"] == [], text


@pytest.mark.parametrize(
    "text", ["turn it up", "set it to 3", "open it", "调高一点", "调到三档", "turn on the lights", "开灯"]
)
def test_a_question_moves_nothing_and_is_not_complete(parse, text):
    result = parse(text)
    assert result["clarify"] is not None and result["actions"] == [] and result["complete"] is False, text
    assert 2 <= len(result["clarify"]["options"]) <= 4, text


def test_options_are_only_what_the_seat_may_operate(parse, catalog):
    from vehicle.seats import permits

    for seat in ("driver", "passenger", "rear_left", "rear_right", None):
        for text in ("turn it up", "set it to 3", "open it halfway", "turn on the lights"):
            clarify = parse(text, seat)["clarify"]
            assert clarify is not None, (text, seat)
            for option in clarify["options"]:
                for member in catalog.members(option["capability"], option["target"]):
                    if catalog.fitted(option["capability"], member):
                        assert permits(catalog, seat, option["capability"], member), (text, seat, option)


def test_one_control_that_fits_is_a_yes_or_no(parse):
    # only the temperature takes 21 with no unit: asked, never guessed
    result = parse("set it to 21")
    assert result["actions"] == []
    assert result["clarify"] == {
        "missing": "consent",
        "capability": "climate.set_temperature",
        "options": [{"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 21.0}}],
    }


def test_a_control_named_earlier_is_what_it_means(parse):
    result = parse("turn on the AC. the fan is too loud, turn it down")
    assert result["clarify"] is None
    assert {
        "capability": "climate.adjust_fan_speed",
        "target": "cabin",
        "parameters": {"delta_level": -1},
        "vague": True,
    } in result["actions"]


def test_a_setting_said_with_a_question_mark_asks_consent(parse):
    result = parse("fan to 3?")
    assert result["actions"] == [] and result["queries"] == []
    assert result["clarify"]["missing"] == "consent"


@pytest.mark.parametrize(
    "text", ["if it gets cold turn it up", "don't turn it up", "turn it up in 10 minutes", "is it up?"]
)
def test_a_held_negated_timed_or_asked_clause_asks_nothing(parse, text):
    result = parse(text)
    assert result["clarify"] is None and result["actions"] == [] and result["schedule"] == [], text


def test_one_question_per_utterance(parse):
    result = parse("turn it up, and turn on the lights")
    assert result["clarify"]["missing"] == "control"
    assert result["unplaced"], "the second question is left unplaced"


@pytest.mark.parametrize(
    "text",
    ["关闭车灯", "打开大灯", "turn off the headlights", "switch off all the car lights", "turn on the fog lights"],
)
def test_the_exterior_lights_are_no_interior_light(parse, text):
    """The catalog has no exterior light: "关闭车灯" is unplaced, never a question about the
    ambient or reading light (acting on more than was asked is worse than not understanding)."""
    result = parse(text)
    assert result["clarify"] is None and result["actions"] == [] and result["unplaced"], text
