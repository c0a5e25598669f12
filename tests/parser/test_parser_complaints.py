"""Comfort needs said as complaints (DESIGN §4 `needs`): "why is it so cold in
here", "this side should not have to be this hot", "colder than it is
outside", a temperature as the subject. A complaint states its need and never
acts; a comparative with a way ("a bit warmer") stays a command, and weather
or an appliance states none."""

from __future__ import annotations

import pytest

from vehicle.catalog import load_catalog
from vehicle.parser import Parser


@pytest.fixture(scope="module")
def parser():
    return Parser(load_catalog())


@pytest.mark.parametrize(
    "text,need",
    [
        ("why is it so cold in here", "cold"),
        ("why's the passenger side freezing", "cold"),
        ("why is my rear left so hot", "hot"),
        ("the back should not have to be this chilly", "cold"),
        ("my side shouldn't be so warm", "hot"),
        ("it's warmer in the back than it is outside", "hot"),
        ("temp is getting nippy", "cold"),
        ("the air temperature seems to be a little on the cold side", "cold"),
        ("a bit balmy", "hot"),
    ],
)
def test_a_complaint_states_its_need_and_moves_nothing(parser, text, need):
    result = parser.parse(text)
    assert result.needs == (need,), result.to_json()
    assert result.actions == () and result.queries == (), result.to_json()


@pytest.mark.parametrize(
    "text",
    ["why is the window open", "why is it so cold outside", "the oven be set at 350", "will it be cold tomorrow"],
)
def test_a_question_weather_or_an_appliance_states_no_need(parser, text):
    result = parser.parse(text)
    assert result.needs == () and result.actions == (), result.to_json()


@pytest.mark.parametrize("text", ["a bit warmer", "set the temp a bit cooler"])
def test_a_comparative_with_a_way_is_a_command_not_a_need(parser, text):
    result = parser.parse(text)
    assert result.needs == (), result.to_json()
    assert [a.capability for a in result.actions] == ["climate.adjust_temperature"], result.to_json()
