"""The way a "more" follow-up says it goes (DESIGN section 3a, issue 18): read
from the whole text, as the parser reads the follow-up itself."""

from __future__ import annotations

import pytest

from vehicle.parser.clauses.followup import follow_up, follow_up_direction
from vehicle.parser.text.normalize import normalize


def read(text: str) -> tuple[str | None, str | None]:
    norm = normalize(text)
    return follow_up(norm.text, norm.language), follow_up_direction(norm.text, norm.language)


@pytest.mark.parametrize(
    "text,direction",
    [
        ("close it a bit more", "close"),
        ("Close it a little more, please", "close"),
        ("shut it a bit more", "close"),
        ("open it a bit more", "open"),
        ("open it up a little more", "open"),
        ("turn it down a bit more", "down"),
        ("turn it up a bit more", "up"),
        ("a bit less", "less"),
        ("less", "less"),
        ("a little bit less", "less"),
        ("just a bit less", "less"),
        ("再开大一点", "increase"),
        ("再大一点", "increase"),
        ("再调大一点", "increase"),
        ("再关小一点", "decrease"),
        ("再小一点", "decrease"),
        ("再调小一点", "decrease"),
        ("再开一点", "open"),
        ("再多开一点", "open"),
        ("再开一点点", "open"),
        ("再关一点", "close"),
        ("再多关一点", "close"),
        ("少一点", "less"),
        ("再少一点", "less"),
        ("more", None),
        ("a bit more", None),
        ("again", None),
        ("make it a bit more", None),
        ("还要", None),
        ("再来一点", None),
        ("再多一点", None),
        ("再来", None),
    ],
)
def test_a_more_follow_up_and_its_said_way(text, direction):
    assert read(text) == ("more", direction)


@pytest.mark.parametrize(
    "text",
    ["再高一点", "再低一点", "再调高一点", "再调低一点", "turn it down", "close the window a bit more", "温度再高一点"],
)
def test_words_that_name_their_control_are_the_parsers(text):
    assert read(text)[0] is None


@pytest.mark.parametrize("text", ["undo", "me too", "撤销", "我也要"])
def test_other_follow_ups_say_no_way(text):
    kind, direction = read(text)
    assert kind in ("undo", "me_too") and direction is None
