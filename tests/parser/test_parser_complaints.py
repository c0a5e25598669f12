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


@pytest.mark.parametrize(
    "text,capability",
    [
        ("setting on the ac", "climate.set_ac"),
        ("status inquiry air circulation", "climate.set_recirculation"),
        ("is air circulation system on or off", "climate.set_recirculation"),
        ("what's the status of the air circulating mode", "climate.set_recirculation"),
        ("did i stop the demist", "climate.set_defrost"),
    ],
)
def test_state_questions_in_strangers_words_are_queries(parser, text, capability):
    """A state question without "?" in more of the words people use ("setting on",
    "status inquiry", "on or off", "did i"): answered from state, never an action."""
    result = parser.parse(text)
    assert [q.capability for q in result.queries] == [capability], result.to_json()
    assert result.actions == ()


@pytest.mark.parametrize(
    "text", ["remind me to turn on the ac", "please remind me to open the window", "提醒我打开空调"]
)
def test_a_reminder_commands_nothing_now(parser, text):
    """A reminder is for later: its command is no command mention a model could bind to
    (提醒我… was one, with its direction)."""
    result = parser.parse(text)
    assert result.actions == (), result.to_json()
    assert result.mentions and all(m.said != "command" for m in result.mentions), result.to_json()


@pytest.mark.parametrize(
    "text", ["is back window demist activated", "what is the status of the back windows defoggers"]
)
def test_a_question_read_whole_as_one_control_is_about_that_control(parser, text):
    """The rear defrost, not the windows the catalog word "window" would name."""
    result = parser.parse(text)
    assert [(q.capability, q.target) for q in result.queries] == [("climate.set_defrost", "rear")], result.to_json()


@pytest.mark.parametrize(
    "text,need", [("is a bit too nippy in the left front side", "cold"), ("is way too hot in the back", "hot")]
)
def test_a_complaint_whose_it_the_recogniser_dropped_states_its_need(parser, text, need):
    result = parser.parse(text)
    assert result.needs == (need,) and result.actions == (), result.to_json()


@pytest.mark.parametrize("text", ["is too much air coming out", "is the window open"])
def test_a_real_is_question_states_no_need(parser, text):
    assert parser.parse(text).needs == ()


@pytest.mark.parametrize(
    "text,need", [("困了怎么办", "tired"), ("冷了怎么办", "cold"), ("累死了", "tired"), ("困了", "tired")]
)
def test_a_chinese_need_said_as_what_has_become_or_what_now(parser, text, need):
    result = parser.parse(text)
    assert result.needs == (need,) and result.actions == (), result.to_json()


@pytest.mark.parametrize("text", ["天冷了", "不困了", "车窗坏了怎么办", "会不会冷"])
def test_weather_a_negation_or_a_breakdown_states_no_need(parser, text):
    assert parser.parse(text).needs == ()
