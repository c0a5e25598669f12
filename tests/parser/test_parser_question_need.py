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
