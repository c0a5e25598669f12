"""Which characters a regular expression cannot match without.

Most clauses of a run-on ("左后座椅加热调到一档") hold no marker at all, yet
reading their markers runs some twenty expressions over them. A text that
holds none of the characters every match of those expressions needs can
skip them: no expression can match it, so the answer is known.

:func:`needs` reads a compiled pattern's syntax tree (``re._parser``, the
standard library's own parser) and returns, per top-level alternative, the
sets of characters a match must draw from (at least one character of each
set). It only ever claims what holds for every match: anything it does not
understand (a category such as ``\\d``, a negated or very wide class, a
back-reference, a lookaround) adds no claim, and an alternative left with
no claim makes the whole answer None (no shortcut). A text can then match
the pattern only if, for some alternative, it holds a character of every
set: :class:`Trigger` tests that with one character-class search (and an
ordered pair of them where a set is made of common characters).
"""
from __future__ import annotations

import re
from typing import NamedTuple
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

#: A character class wider than this is no useful claim.
_WIDEST_CLASS = 64
#: Characters almost every command holds: a claim made of them is checked
#: together with a second one (see :class:`Trigger`). Speed only, not truth.
_COMMON = frozenset(
    "打开关闭调到档度座椅加热通风车窗天空量温主驾驶副左右后排前灯阅读氛围遮阳帘尾门按摩镜视内循环除雾霜制冷香冰箱库把将"
    "一二三四五六七八九十半条缝上下"
)

Need = frozenset[str]


class Claim(NamedTuple):
    """Characters a match draws from, inside the span of one item of a sequence."""

    chars: Need
    start: int | None
    """The item starts at most this many characters after the sequence (None: unbounded)."""
    end: int | None
    """The item ends at most this many characters after the sequence starts (None: unbounded)."""


_REPEATS = tuple(op for op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)) if op is not None)


def needs(pattern: re.Pattern[str]) -> list[list[Claim]] | None:
    """Per top-level alternative, the character sets every match draws from, in
    the order the alternative reads them (None: no claim for some alternative)."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE):
        return None  # case folding widens every literal: not handled
    tree = P.parse(pattern.pattern, pattern.flags)
    out = []
    for alternative in _alternatives(list(tree)):
        claims = _claims(alternative, tree.state)
        if not claims:
            return None
        out.append(claims)
    return out


def _claims(seq: list, state) -> list[Claim]:
    """The claims of a sequence's items, each with where its item may end at the
    latest, counted from where the sequence starts (None: no bound)."""
    out: list[Claim] = []
    reach = 0
    for item in seq:
        high = P.SubPattern(state, [item]).getwidth()[1]
        reach = None if reach is None or high >= P.MAXWIDTH else reach + high
        claim = _item(*item)
        if claim:
            start = None if reach is None else reach - high  # the item starts at or before this
            out.append(Claim(claim, start, reach))
    return out


def _alternatives(seq: list) -> list[list]:
    """A pattern whose every match holds a match of one alternation (possibly
    grouped or repeated) as that alternation's branches; else the pattern itself."""
    essential = [item for item in seq if not _optional(item)]
    if len(essential) == 1:
        op, av = essential[0]
        if op is C.BRANCH:
            return [alt for branch in av[1] for alt in _alternatives(list(branch))]
        if op is C.SUBPATTERN and not av[1] and not av[2]:
            return _alternatives(list(av[3]))
        if op in _REPEATS and av[0] >= 1:
            return _alternatives(list(av[2]))
    return [seq]


def _optional(item) -> bool:
    """An item a match may pass without reading a character (anchors, lookarounds, ``x*``)."""
    op, av = item
    return op in (C.AT, C.ASSERT, C.ASSERT_NOT) or (op in _REPEATS and av[0] == 0)


def _sequence(seq) -> list[Need]:
    """Character sets each of which a match of the sequence draws from."""
    claims: list[Need] = []
    for op, av in seq:
        claim = _item(op, av)
        if claim:
            claims.append(claim)
    return claims


def _item(op, av) -> Need | None:
    if op is C.LITERAL:
        return frozenset(chr(av))
    if op is C.IN:
        chars: set[str] = set()
        for kind, value in av:
            if kind is C.LITERAL:
                chars.add(chr(value))
            elif kind is C.RANGE and value[1] - value[0] < _WIDEST_CLASS:
                chars.update(chr(c) for c in range(value[0], value[1] + 1))
            else:
                return None  # negated, a category, or too wide
        return frozenset(chars) if chars and len(chars) <= _WIDEST_CLASS else None
    if op is C.SUBPATTERN:
        if av[1] or av[2]:
            return None  # flags changed inside
        return _best(_sequence(av[3]))
    if op in _REPEATS:
        low, _, body = av
        return _best(_sequence(body)) if low >= 1 else None
    if op is C.BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            best = _best(_sequence(branch))
            if best is None:
                return None  # a branch with no claim: the alternation claims nothing
            union |= best
        return frozenset(union)
    return None  # anchors, lookarounds, any, categories, back-references: no claim


def _best(claims: list[Need]) -> Need | None:
    """The claim cheapest to rely on: fewest common characters, then smallest."""
    if not claims:
        return None
    return min(claims, key=_weight)


def _weight(claim: Need) -> tuple[int, int, str]:
    return (len(claim & _COMMON), len(claim), "".join(sorted(claim)))


class Trigger:
    """Whether a text can match any of some patterns (False: none of them can).

    Every alternative is reduced to one character set when one holds no
    common character, else to its two cheapest sets in the order the
    pattern reads them, and within the distance it reads them at when that
    is bounded: "到[^,]{1,6}后" needs a 后 at most 7 characters after a 到.
    A text meeting no alternative's sets matches none of the patterns.
    """

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        single: set[str] = set()
        pairs: list[tuple[Need, Need, int | None]] = []
        for pattern in patterns:
            found = needs(pattern)
            if found is None:
                raise ValueError(f"no characters are needed by {pattern.pattern!r}")
            for claims in found:
                ranked = sorted(range(len(claims)), key=lambda k: _weight(claims[k].chars))
                if len(ranked) == 1 or not claims[ranked[0]].chars & _COMMON:
                    single |= claims[ranked[0]].chars
                    continue
                first, second = (claims[k] for k in sorted(ranked[:2]))
                # a character of `first` is at or after first's start; one of `second` before second's end
                gap = None if second.end is None or first.start is None else second.end - 1 - first.start
                pairs.append((first.chars, second.chars, gap))
        # as character classes: the engine scans a text for one far faster than a set is tested
        self._single = _class(single)
        self._pairs = tuple((_class(first), _class(second), gap) for first, second, gap in pairs)

    def may_match(self, text: str) -> bool:
        single = self._single
        if single is not None and single.search(text) is not None:
            return True
        for first, second, gap in self._pairs:
            for found in first.finditer(text):
                at = found.end()
                if second.search(text, at, len(text) if gap is None else at + gap) is not None:
                    return True
        return False


def _class(chars: set[str] | Need) -> re.Pattern[str] | None:
    """A pattern matching any one of `chars` (None for none)."""
    return re.compile("[" + "".join(re.escape(c) for c in sorted(chars)) + "]") if chars else None


class Guarded:
    """A pattern not run on a text holding none of the characters its matches
    need (most clauses, for the expressions with no literal start, which the
    regular-expression engine otherwise tries at every place)."""

    __slots__ = ("pattern", "_may")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._may = Trigger([pattern]).may_match

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if self._may(text) else None

    def sub(self, repl: str, text: str) -> str:
        return self.pattern.sub(repl, text) if self._may(text) else text


__all__ = ["Guarded", "Trigger", "needs"]
