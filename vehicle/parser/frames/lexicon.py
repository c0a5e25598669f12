"""Which catalog words occur in a text, and where.

One language's catalog words (:class:`.vocabulary.Vocabulary`) with the
possessive words, found in a text in one pass: the clause cutter, the
run-on reader, the exclusions, the mixed-language reader and the mention
spotter all ask "which control, target, mode, peripheral or colour is
said here, and where". English words match on word boundaries; Chinese
words anywhere. Where two words overlap the longer one wins (后窗除霜
over 后窗).
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from typing import NamedTuple

from .vocabulary import Vocabulary


class Hit(NamedTuple):
    """One catalog word found in a text (a tuple: a long run-on makes hundreds)."""

    start: int
    end: int
    kind: str
    """"device", "target", "mode", "peripheral" or "color"."""
    ident: str
    """The id it names (capability, target, mode, peripheral, colour)."""


_HITS_LIMIT = 4096
#: Texts this long are worth :meth:`Lexicon.expect`-ing (a short one is scanned as fast).
_WHOLE_MIN = 32
#: Texts :meth:`Lexicon.expect` keeps (a parse's whole text and a few before it, across threads).
_WHOLES = 4


class Lexicon:
    """The catalog words of one language, ready to look up."""

    def __init__(self, vocabulary: Vocabulary, possessive: frozenset[str] = frozenset()) -> None:
        self.language = vocabulary.language
        self.vocabulary = vocabulary
        self.possessive = possessive
        """Target words that only mean "the speaker's own" ("my")."""
        tables = {
            "device": vocabulary.devices,
            "target": vocabulary.targets,
            "mode": vocabulary.modes,
            "peripheral": vocabulary.peripherals,
            "color": {c: c for c in vocabulary.colors},
        }
        #: first character -> (alias, its length, (kind, alias), kind, id) of every catalog word, for :meth:`_scan`
        self._by_first: dict[str, list[tuple[str, int, tuple[str, str], str, str]]] = {}
        for kind, table in tables.items():
            for alias, ident in table.items():
                if not alias:
                    raise ValueError(f"empty {kind} alias for {ident!r}")
                self._by_first.setdefault(alias[0], []).append((alias, len(alias), (kind, alias), kind, ident))
        #: where a catalog word may begin: one of their first characters (at a word start in English)
        firsts = "".join(re.escape(ch) for ch in sorted(self._by_first))
        self._starts = re.compile(
            ("(?<![a-z0-9'])" if self.language == "en" else "") + f"(?=[{firsts}])" if firsts else "(?!)"
        )
        self._hits: dict[str, tuple[Hit, ...]] = {}
        self._wholes: tuple[_Whole, ...] = ()
        self._lock = threading.Lock()

    def hits(self, text: str) -> list[Hit]:
        """Catalog words in `text`, longest first where they overlap, in order.

        Kept per text (bounded): one parse asks again for the same pieces
        while it tries runs and cuts, and the scan walks every alias. A text
        inside one given to :meth:`expect` is read off that text's words.
        """
        kept = self._hits.get(text)
        if kept is None:
            for whole in self._wholes:
                at = whole.text.find(text)
                if at >= 0:
                    kept = self._keep(whole.within(at, at + len(text)))
                    break
            if kept is None:
                kept = self._scan(text)
            with self._lock:
                if len(self._hits) >= _HITS_LIMIT:
                    self._hits.clear()
                self._hits[text] = kept
        return list(kept)

    def expect(self, text: str) -> None:
        """Every catalog word at every place of `text`, found once: a long
        utterance is asked about stretch by stretch (run-on parts, runs of
        pieces), and what a scan finds in a stretch depends on nothing but
        the stretch, so each is read off these words (:meth:`_Whole.within`)
        instead of scanned again. The last few texts are kept."""
        if len(text) < _WHOLE_MIN or any(whole.text == text for whole in self._wholes):
            return
        found = []
        for group in self._by_first.values():
            for order, (alias, length, key, kind, ident) in enumerate(group):
                i = text.find(alias)
                while i >= 0:
                    found.append((i, order, (i, i + length, key, kind, ident)))
                    i = text.find(alias, i + 1)
        found.sort()  # by place, then in the order _scan tries the aliases there (one group per place)
        whole = _Whole(text, [occurrence for _, _, occurrence in found], self.language == "en")
        self._wholes = (whole, *self._wholes[: _WHOLES - 1])  # replaced whole: readers need no lock

    def clear_cache(self) -> None:
        """Forget the texts scanned (benchmarks time first sight with it)."""
        with self._lock:
            self._hits.clear()
            self._wholes = ()

    def _scan(self, text: str) -> tuple[Hit, ...]:
        """Every catalog word in `text` (each alias's occurrences left to right, not
        overlapping each other, as a regular-expression scan finds them), then the
        longest first where different words overlap.

        Walks the text once, looking up only the aliases that begin with each
        character, instead of searching the text for every alias.
        """
        found: list[tuple[int, int, str, str]] = []
        bounded = self.language == "en"
        ends: dict[tuple[str, str], int] = {}
        size = len(text)
        by_first = self._by_first
        starts_with = text.startswith
        for m in self._starts.finditer(text):
            i = m.start()
            for alias, length, key, kind, ident in by_first[text[i]]:
                if not starts_with(alias, i) or i < ends.get(key, 0):
                    continue
                end = i + length
                if bounded and end < size and _WORD_CHAR(text[end]):
                    continue
                ends[key] = end
                found.append((i, end, kind, ident))
        return self._keep(found)

    @staticmethod
    def _keep(found: list[tuple[int, int, str, str]]) -> tuple[Hit, ...]:
        """The longest first where words overlap, in text order."""
        if len(found) > 1:
            found.sort(key=_longest_first)
        kept: list[Hit] = []
        for start, end, kind, ident in found:
            for other in kept:
                if start < other[1] and other[0] < end:
                    break  # overlaps a longer word kept before
            else:
                kept.append(Hit(start, end, kind, ident))
        if len(kept) > 1:
            kept.sort(key=_start)
        return tuple(kept)


class _Whole:
    """A text given to :meth:`Lexicon.expect`: every alias at every place, as
    (start, end, key, kind, id) by start, then in :meth:`Lexicon._scan`'s order."""

    __slots__ = ("text", "occurrences", "starts", "bounded")

    def __init__(self, text: str, occurrences: list[tuple[int, int, tuple[str, str], str, str]], bounded: bool) -> None:
        self.text = text
        self.occurrences = occurrences
        self.starts = [o[0] for o in occurrences]
        self.bounded = bounded

    def within(self, a: int, b: int) -> list[tuple[int, int, str, str]]:
        """What :meth:`Lexicon._scan` finds in ``text[a:b]`` before overlaps are
        settled (offsets from `a`): the same occurrences in the same order, each
        alias's own left to right without overlapping, English words bounded
        by the stretch's own characters (its first one always starts a word)."""
        text, bounded = self.text, self.bounded
        ends: dict[tuple[str, str], int] = {}
        found: list[tuple[int, int, str, str]] = []
        for n in range(bisect_left(self.starts, a), len(self.starts)):
            i, end, key, kind, ident = self.occurrences[n]
            if i >= b:
                break
            if end > b or i < ends.get(key, a):
                continue
            if bounded and ((i > a and _WORD_CHAR(text[i - 1])) or (end < b and _WORD_CHAR(text[end]))):
                continue
            ends[key] = end
            found.append((i - a, end - a, kind, ident))
        return found


def _longest_first(h: tuple[int, int, str, str]) -> tuple[int, int, str, str]:
    return (h[0] - h[1], h[0], h[2], h[3])


def _start(hit: Hit) -> int:
    return hit.start


#: what may not touch an English catalog word on either side
_WORD_CHAR = re.compile(r"[a-z0-9']").fullmatch


__all__ = ["Hit", "Lexicon"]
