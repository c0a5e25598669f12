"""The pipeline's own sentences (the executor words each action).

The words are the message table's ``turns`` section (``catalog/messages.yaml``);
a reply of several sentences is joined per language (no space in Chinese).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from vehicle.wording import join_list, join_sentences, turn_sentence

#: Keys of the table's ``turns`` section.
OFFLINE = "offline"
NEED_INTRO = "comfort_plan"
UNPLACED = "unplaced"
UNPLACED_SAID = "unplaced_said"
LEFT_ALONE = "left_alone"
INTERRUPTED = "interrupted"
RESTARTED = "restarted"
NOTHING = "nothing_to_follow"
CHANGED = "undo_changed"
NO_MORE = "no_more"
WHICH_WAY = "more_which_way"
LAST_MOVED_NOTHING = "last_moved_nothing"


def say(key: str, language: str, **kw: Any) -> str:
    return turn_sentence(key, language, **kw)


def join(actions: list[dict[str, Any]], language: str) -> str:
    """The actions' own sentences as one reply."""
    return join_sentences((a.get("message") for a in actions), language)


def sentences(parts: Iterable[str | None], language: str) -> str:
    return join_sentences(parts, language)


def listed(items: Iterable[str], language: str) -> str:
    """ "the window and the sunroof" / "车窗和天窗"."""
    return join_list(items, language)


def gap(language: str) -> str:
    """What goes between two sentences streamed one after the other."""
    return "" if language == "zh" else " "
