"""Follow-ups (DESIGN section 3a): a whole utterance that refers to the last turn.

"me too", "same for me", 我也要, 我也是 -> ``me_too``; "more", "a bit more",
"again", 再…一点, 还要 -> ``more``; "undo", "change it back", 撤销, 恢复,
改回去 -> ``undo``. Only the whole text (politeness and fillers aside) is a
follow-up: "turn on my seat heating too" names its own control and is an
ordinary command. The turn pipeline resolves the follow-up against the
session's last turn; the parser only names it.
"""
from __future__ import annotations

import re

from .markers import en_strip, zh_strip

_EN = (
    ("me_too", re.compile(r"^(?:me too|me as well|same for me|same here|same for me too|for me too|i want that too"
                          r"|do that for me too|do the same for me|same for my side|me also|ditto)$")),
    ("more", re.compile(r"^(?:(?:a |just a |a little |little )?(?:bit |tad |touch )?more|again|do it again|do that again"
                        r"|once more|one more time|more please|even more|bit more|a little bit more"
                        r"|(?:open|close|turn|push|make) it (?:up |down )?(?:a )?(?:little |bit |tad )*more"
                        r"|(?:a )?(?:bit|little) (?:more|further)|further|keep going)$")),
    ("undo", re.compile(r"^(?:undo|undo that|undo it|change it back|put it back|set it back|revert|revert that"
                        r"|go back|back to how it was|change that back|turn it back|reverse that)$")),
)
_ZH = (
    ("me_too", re.compile(r"^(?:我也要|我也是|我也一样|给我也来|我这边也要|我也要一样的|我也来一个|同上|我也)$")),
    ("more", re.compile(r"^(?:再(?:来|多|大|开|关|调|加)?(?:一)?点(?:儿)?|再(?:大|多|开|关|来)一些|还要|还要再(?:多)?(?:一)?点"
                        r"|再来|再来一次|再来一下|再一次|继续|更多|再多点|再(?:开|调)大一点|再(?:开|关)一点点)$")),
    ("undo", re.compile(r"^(?:撤销|恢复|改回去|改回来|还原|恢复原样|调回去|调回来|撤回|复原|变回去|恢复原来的)$")),
)


def follow_up(text: str, language: str) -> str | None:
    """The follow-up kind the whole normalised text is, or None."""
    body = text.strip(" ,;?")
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
        for kind, pattern in table:
            if pattern.match(candidate):
                return kind
    return None


__all__ = ["follow_up"]
