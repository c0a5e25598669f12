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
