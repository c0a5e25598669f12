"""A clause cut into known words: the one cover the frame reader and its neighbours read.

Of the ways to cut a clause body into words of the vocabulary
(:mod:`.framewords`), the one with the fewest pieces, then the longest
control words; a word no class of the caller knows and the clause has no
cover (unknown words never act).
"""

from __future__ import annotations

from .framewords import Meaning, Words


def first(meanings: dict[str, Meaning], order: tuple[str, ...]) -> Meaning:
    return next(meanings[c] for c in order if c in meanings)


def cover(words: Words, body: str, classes: tuple[str, ...]) -> list[tuple[str, dict[str, Meaning] | None]] | None:
    """`body` as (text, meanings) pieces, each with a meaning in `classes` (a
    number's meanings are None), or None when some word has none.

    Of the ways to cut `body` into known words, the one with the fewest pieces
    wins, the earlier piece longer on a tie ("in back right" is in + back
    right, not in back + right).
    """
    en = words.language == "en"
    units = body.split() if en else _zh_units(body)
    if any(u in (",", '"', ";", "?") for u in units):
        return None  # a frame is one clause: the cutter splits at punctuation
    table = words.table
    size = len(units)
    # best[i]: (pieces to cover units[i:], minus the words of its controls, length of the first
    # piece), None if they cannot be covered: fewest pieces, then the longest control words
    # ("driver seat heater" is driver + seat heater, not driver seat + heater)
    best: list[tuple[int, int, int] | None] = [None] * size + [(0, 0, 0)]
    for i in range(size - 1, -1, -1):
        if units[i].isdigit():
            following = best[i + 1]
            best[i] = None if following is None else (following[0] + 1, following[1], 1)
            continue
        for n in range(min(words.longest, size - i), 0, -1):
            following = best[i + n]
            if following is None:
                continue
            meanings = table.get((" " if en else "").join(units[i : i + n]))
            if meanings is None or not any(c in meanings for c in classes):
                continue
            named = (
                n
                if ("controls" in meanings or "compounds" in meanings)
                and ("controls" in classes or "compounds" in classes)
                else 0
            )
            cost = (following[0] + 1, following[1] - named, n)
            kept = best[i]
            if kept is None or cost[:2] < kept[:2]:
                best[i] = cost
    if best[0] is None:
        return None
    out: list[tuple[str, dict[str, Meaning] | None]] = []
    i = 0
    while i < size:
        step = best[i]
        assert step is not None  # every position on the chosen cover is covered
        n = step[2]
        key = (" " if en else "").join(units[i : i + n])
        out.append((key, None if units[i].isdigit() else table[key]))
        i += n
    return out


def _zh_units(body: str) -> list[str]:
    """Chinese characters one by one; a run of digits or of Latin letters stays whole."""
    out: list[str] = []
    for ch in body:
        if (
            out
            and ch.isascii()
            and ch.isalnum()
            and out[-1][-1:].isascii()
            and out[-1][-1:].isalnum()
            and out[-1].isdigit() == ch.isdigit()
        ):
            out[-1] += ch
        else:
            out.append(ch)
    return [u for u in out if u != " "]


__all__ = ["cover", "first"]
