"""Follow-ups (DESIGN section 3a): a whole utterance that refers to the last turn.

"me too", "same for me", 我也要, 我也是 -> ``me_too``; "more", "a bit more",
"again", 再…一点, 还要, and the ones that name their own way ("close it a
bit more", "turn it down a bit more", "a bit less", 再关一点, 再开大一点,
再多开一点, 少一点) -> ``more``; "undo", "change it back", 撤销, 恢复,
改回去 -> ``undo``. Only the whole text (politeness and fillers aside) is a
follow-up: "turn on my seat heating too" names its own control and is an
ordinary command. The turn pipeline resolves the follow-up against the
session's last turn; the parser only names it.

A "more" follow-up may say which way it goes (:func:`follow_up_direction`):
the pipeline moves the last turn's control that way, never the last turn's
own way when another was said ("close it a bit more" after an opening
closes). Directions:

- ``open`` / ``close``: an opening (window, sunroof, sunshade) wider or
  narrower ("open it a bit more", 再开一点, 再多开一点, 再关一点);
- ``increase`` / ``decrease``: the value up or down, an opening wider or
  narrower (Chinese 大/小: 再开大一点, 再调小一点, 再大一点, 再关小一点);
- ``up`` / ``down``: English "turn it up/down a bit more": the value up or
  down; on an opening it is not clear ("window up" closes it, "turn it
  up" opens it), so nothing moves there;
- ``less``: the last turn's change the other way, once ("a bit less", 少一点);
- None: a bare "more / again / 还要 / 再来": the last turn's own way.
"""

from __future__ import annotations

import re
from typing import cast

from vehicle.actions import FollowUp

from .markers import en_strip, zh_strip

OPEN, CLOSE, INCREASE, DECREASE, UP, DOWN, LESS = "open", "close", "increase", "decrease", "up", "down", "less"
DIRECTIONS = (OPEN, CLOSE, INCREASE, DECREASE, UP, DOWN, LESS)

_BIT = r"(?:a )?(?:little |bit |tad |touch )*"

#: (kind, direction, whole-text pattern), tried in order.
_EN: tuple[tuple[str, str | None, re.Pattern[str]], ...] = (
    (
        "me_too",
        None,
        re.compile(
            r"^(?:me too|me as well|same for me|same here|same for me too|for me too|i want that too"
            r"|do that for me too|do the same for me|same for my side|me also|ditto)$"
        ),
    ),
    ("more", OPEN, re.compile(rf"^open it (?:up )?{_BIT}(?:more|further|wider)(?: please)?$")),
    ("more", CLOSE, re.compile(rf"^(?:close|shut) it {_BIT}(?:more|further)(?: please)?$")),
    ("more", UP, re.compile(rf"^(?:turn|push|make|crank|bring|put) it up {_BIT}(?:more|further|higher)(?: please)?$")),
    ("more", DOWN, re.compile(rf"^(?:turn|push|make|bring|put) it down {_BIT}(?:more|further|lower)(?: please)?$")),
    (
        "more",
        LESS,
        re.compile(rf"^(?:(?:just )?{_BIT}less|(?:make it|do it|turn it) {_BIT}less|a little bit less)(?: please)?$"),
    ),
    (
        "more",
        None,
        re.compile(
            r"^(?:(?:a |just a |a little |little )?(?:bit |tad |touch )?more|again|do it again|do that again"
            r"|once more|(?:one|\d+) more time|more please|even more|bit more|a little bit more"
            r"|(?:turn|push|make) it (?:a )?(?:little |bit |tad )*more"
            r"|(?:a )?(?:bit|little) (?:more|further)|further|keep going)$"
        ),
    ),
    (
        "undo",
        None,
        re.compile(
            r"^(?:undo|undo that|undo it|change it back|put it back|set it back|revert|revert that"
            r"|go back|back to how it was|change that back|turn it back|reverse that)$"
        ),
    ),
)
_ZH_BIT = r"(?:(?:一)?点(?:儿|点)?|一些|些)"
_ZH: tuple[tuple[str, str | None, re.Pattern[str]], ...] = (
    ("me_too", None, re.compile(r"^(?:我也要|我也是|我也一样|给我也来|我这边也要|我也要一样的|我也来一个|同上|我也)$")),
    # the said way first: 开大/调大/大 before 开, 关小/调小/小 before 关 (再高一点,
    # 再低一点, 再调高一点, 再调低一点 are the parser's: they name the temperature)
    ("more", INCREASE, re.compile(rf"^再(?:多)?(?:开大|调大|大){_ZH_BIT}$")),
    ("more", DECREASE, re.compile(rf"^再(?:多)?(?:关小|调小|小){_ZH_BIT}$")),
    ("more", OPEN, re.compile(rf"^再(?:多)?开{_ZH_BIT}$")),
    ("more", CLOSE, re.compile(rf"^再(?:多)?关{_ZH_BIT}$")),
    ("more", LESS, re.compile(rf"^(?:再)?少{_ZH_BIT}$")),
    (
        "more",
        None,
        re.compile(
            r"^(?:再(?:来|多|调|加)?(?:一)?点(?:儿)?|再(?:多|来)一些|还要|还要再(?:多)?(?:一)?点"
            r"|再来|再来一次|再来一下|再一次|继续|更多|再多点)$"
        ),
    ),
    (
        "undo",
        None,
        re.compile(r"^(?:撤销|恢复|改回去|改回来|还原|恢复原样|调回去|调回来|撤回|复原|变回去|恢复原来的)$"),
    ),
)


#: A follow-up said as a question or a hedge ("undo?", "maybe a bit more", 再大一点？) is asked, not done:
#: none of it is read as a follow-up (it was done, unlike the same command said in full, DESIGN 4a).
_ASKED = re.compile(r"\?|^(?:maybe|perhaps|possibly|i guess|should i|要不要|要不|也许|或许|可能)|(?:maybe|perhaps)$")


def _read(text: str, language: str) -> tuple[str, str | None] | None:
    """(kind, direction) of the whole normalised text, or None."""
    if _ASKED.search(text.strip(" ,;")):
        return None
    body = text.strip(" ,;?")
    bodies: tuple[str, ...]
    if language == "zh":
        raw = body.replace(" ", "")
        bodies = (raw, zh_strip(raw))
        table = _ZH
    else:
        raw = re.sub(r"\s*[,;?]\s*", " ", body).strip()
        bodies = (raw, en_strip(raw), re.sub(r"^(?:(?:ok|okay|yes|yeah|please|and|um|uh|hey)\s+)+|\s+please$", "", raw))
        table = _EN
    for candidate in bodies:
        if not candidate:
            continue
        for kind, direction, pattern in table:
            if pattern.match(candidate):
                return kind, direction
    return None


def follow_up(text: str, language: str) -> FollowUp | None:
    """The follow-up kind the whole normalised text is, or None."""
    read = _read(text, language)
    return cast(FollowUp, read[0]) if read is not None else None


def follow_up_direction(text: str, language: str) -> str | None:
    """The way a ``more`` follow-up said it goes (one of :data:`DIRECTIONS`), or None.

    ``text`` is normalised as for :func:`follow_up`; None for a bare "more"
    (the last turn's own way) and for anything that is not a "more".
    """
    read = _read(text, language)
    return read[1] if read is not None and read[0] == "more" else None


__all__ = [
    "CLOSE",
    "DECREASE",
    "DIRECTIONS",
    "DOWN",
    "INCREASE",
    "LESS",
    "OPEN",
    "UP",
    "follow_up",
    "follow_up_direction",
]
