"""Chinese climate words as strangers say them (DESIGN §4, frames): a level said
of 空调 is the blower's level; 空调 right before another control names that one,
so a run-on of such commands is cut; 改成 starts a command of its own."""

from __future__ import annotations

import pytest

from vehicle.catalog import load_catalog
from vehicle.parser import Parser


@pytest.fixture(scope="module")
def parser():
    return Parser(load_catalog())


def _acts(parser, text):
    return [(a.capability, a.target, a.parameters) for a in parser.parse(text).actions]


@pytest.mark.parametrize(
    "text,level",
    [("空调开到五挡", 5), ("空调开一挡", 1), ("空调调到中挡", 4), ("打开空调一挡", 1)],
)
def test_a_level_of_the_climate_is_its_blowers(parser, text, level):
    assert _acts(parser, text) == [("climate.set_fan_speed", "cabin", {"level": level})]


def test_climate_words_before_another_control_cut_as_one(parser):
    assert _acts(parser, "空调风量调小一点温度调低一点") == [
        ("climate.adjust_fan_speed", "cabin", {"delta_level": -1}),
        ("climate.adjust_temperature", "all", {"delta_celsius": -1.0}),
    ]


def test_gai_cheng_starts_a_command(parser):
    assert _acts(parser, "关闭AC温度调到最低改成外循环") == [
        ("climate.set_ac", "cabin", {"on": False}),
        ("climate.set_temperature", "all", {"celsius": 16.0}),
        ("climate.set_recirculation", "cabin", {"on": False}),
    ]


@pytest.mark.parametrize("text", ["别把空调开到五挡", "如果冷就空调开到五挡", "空调开到五挡吗？"])
def test_the_climate_level_obeys_negation_condition_and_question(parser, text):
    assert parser.parse(text).actions == ()


@pytest.mark.parametrize("text", ["风量调到3档吗", "温度调到22度吗", "温度调到二十二度呢"])
def test_a_question_particle_after_a_value_is_not_cut_off(parser, text):
    """ "风量调到3档吗" asks; the cut after a value ("22度 | 风量…") never leaves 吗 alone
    and the setting acting (it did)."""
    result = parser.parse(text)
    assert result.actions == () and result.mentions[0].said == "question", result.to_json()


@pytest.mark.parametrize(
    "text,celsius", [("switch to twenty six degree celsius", 26.0), ("set two 24 celsius degree", 24.0)]
)
def test_a_clause_said_in_degrees_names_the_temperature(parser, text, celsius):
    """DESIGN 4: no consent question when the unit names the control."""
    assert _acts(parser, text) == [("climate.set_temperature", "all", {"celsius": celsius})]


def test_a_bare_value_still_asks(parser):
    assert parser.parse("set it to 21").clarify["missing"] == "consent"


@pytest.mark.parametrize(
    "text,targets",
    [("open all windows in the back", ["rear_left", "rear_right"]), ("ac on in the back combined only", ["rear"])],
)
def test_all_beside_one_place_is_that_place(parser, text, targets):
    """ "all … in the back" is the narrower reading, never every window."""
    assert [t for _, t, _ in _acts(parser, text)] == targets
