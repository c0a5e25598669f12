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
        self._lock = threading.Lock()

    def hits(self, text: str) -> list[Hit]:
        """Catalog words in `text`, longest first where they overlap, in order.

        Kept per text (bounded): one parse asks again for the same pieces
        while it tries runs and cuts.
        """
        kept = self._hits.get(text)
        if kept is None:
            kept = self._scan(text)
            with self._lock:
                if len(self._hits) >= _HITS_LIMIT:
                    self._hits.clear()
                self._hits[text] = kept
        return list(kept)

    def clear_cache(self) -> None:
        """Forget the texts scanned (benchmarks time first sight with it)."""
        with self._lock:
            self._hits.clear()

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
                if (bounded or alias.isascii()) and end < size and _WORD_CHAR(text[end]):
                    continue  # (an English word in Chinese text too: "ac" is no AC inside "actually")
                if not bounded and alias.isascii() and i > 0 and _WORD_CHAR(text[i - 1]):
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


def _longest_first(h: tuple[int, int, str, str]) -> tuple[int, int, str, str]:
    return (h[0] - h[1], h[0], h[2], h[3])


def _start(hit: Hit) -> int:
    return hit.start


#: what may not touch an English catalog word on either side
_WORD_CHAR = re.compile(r"[a-z0-9']").fullmatch


__all__ = ["Hit", "Lexicon"]
