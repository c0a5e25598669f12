"""A "?" elsewhere in the text does not hide a stated comfort need, and a
question about a need is not one."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "text,needs",
    [
        ("will it rain tomorrow? I'm freezing", ["cold"]),
        ("I'm freezing. will it rain tomorrow?", ["cold"]),
        ("is it cold outside?", []),
        ("are you cold?", []),
        ("what's the weather? don't worry, I'm not cold", []),
    ],
)
def test_question_mark_and_needs(parser, text, needs):
    result = parser.parse(text).to_json()
    assert result["needs"] == needs
    assert result["actions"] == [] and result["complete"] is False


@pytest.mark.parametrize(
    "text,need",
    [
        ("it's as chilly as a fridge back here", "cold"),
        ("we are as toasty as a sauna in here", "hot"),
        ("a tad too chilly", "cold"),
        ("way too toasty in the back", "hot"),
    ],
)
def test_a_simile_or_a_degree_word_states_the_need(parser, text, need):
    """Revision 3: "as cold as X" states cold; "a bit too chilly" needs no subject."""
    assert list(parser.parse(text).needs) == [need], text


@pytest.mark.parametrize(
    "text", ["as cold as ice cream tastes", "a tad too chilly for a picnic tomorrow?", "too cold songs"]
)
def test_no_need_where_the_words_say_none(parser, text):
    assert not parser.parse(text).actions, text


@pytest.mark.parametrize(
    "text,capability",
    [
        ("i'd really like to know if the seat heating is switched on", "seat.set_heating"),
        ("could i know whether the sunroof is open", "sunroof.set_position"),
        ("inform me what the fan is set to", "climate.set_fan_speed"),
        ("do you happen to know the status of the rear defroster", "climate.set_defrost"),
        ("is the rear defroster powered down", "climate.set_defrost"),
    ],
)
def test_a_question_asked_indirectly_is_a_state_query(parser, text, capability):
    """'I want to know if …' asks whether; its "if" is no condition, and nothing acts."""
    result = parser.parse(text)
    assert not result.actions, text
    assert [q.capability for q in result.queries] == [capability], text


def test_wanting_to_do_is_still_a_command(parser):
    assert parser.parse("i'd like to turn on the fan").actions


@pytest.mark.parametrize("text", ["a bit warmer", "a little cooler", "a bit warmer in the back", "a tad cooler please"])
def test_a_comparative_is_a_way_never_a_need(parser, text):
    result = parser.parse(text)
    assert result.actions and not result.needs, text


@pytest.mark.parametrize("text", ["我好累啊", "i'm really drowsy", "we are all exhausted in here"])
def test_tiredness_is_a_need(parser, text):
    assert list(parser.parse(text).needs) == ["tired"], text


# 困了怎么办 moved to the complaints (tests/parser/test_parser_complaints.py): it says 困了 and asks
# what to do, as "why is it so cold in here" does; it is no question about a state.
@pytest.mark.parametrize("text", ["i'm tired of this song", "累计里程清零", "会不会困", "tired of waiting"])
def test_tired_of_something_or_a_question_states_no_need(parser, text):
    assert not parser.parse(text).needs, text
