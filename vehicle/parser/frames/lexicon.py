"""Which catalog words occur in a text, found in our own code.

Two readers use it:

* the matcher narrows every text slot list ({device}, {target}, {unit},
  ...) to the values actually said before hassil runs. hassil tries every
  value of a list at every position it could start, and in Chinese (no
  spaces, so no list index) that is most of its time; with the lists
  narrowed to the one or two words said, a clause matches in a fraction of
  a millisecond and the answer is the same (a value that is not in the
  text can never match);
* the mention spotter, for clauses no template reads (questions,
  conditions, unresolved phrases), finds the controls they refer to.

English words match on word boundaries; Chinese words anywhere.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from typing import NamedTuple

from hassil import Intents
from hassil.expression import TextChunk
from hassil.intents import TextSlotList, TextSlotValue
from hassil.sample import sample_expression

from .vocabulary import Vocabulary


class Hit(NamedTuple):
    """One catalog word found in a text (a tuple: a long run-on makes hundreds)."""

    start: int
    end: int
    kind: str
    """"device", "target", "mode", "peripheral" or "color"."""
    ident: str
    """The id it names (capability, target, mode, peripheral, colour)."""


_NARROWED_LIMIT = 4096
_HITS_LIMIT = 4096
#: Texts this long are worth :meth:`Lexicon.expect`-ing (a short one is scanned as fast).
_WHOLE_MIN = 32
#: Texts :meth:`Lexicon.expect` keeps (a parse's whole text and a few before it, across threads).
_WHOLES = 4


class Lexicon:
    """The words of the generated lists of one language, ready to look up."""

    def __init__(self, vocabulary: Vocabulary, intents: Intents, extra_words: frozenset[str] = frozenset()) -> None:
        self.language = vocabulary.language
        self._tables = {
            "device": vocabulary.devices,
            "target": vocabulary.targets,
            "mode": vocabulary.modes,
            "peripheral": vocabulary.peripherals,
            "color": {c: c for c in vocabulary.colors},
        }
        #: list name -> [(the words the value can be said with, its hassil value)]
        self._lists: dict[str, list[tuple[tuple[str, ...], TextSlotValue]]] = {}
        for name, slot_list in intents.slot_lists.items():
            if isinstance(slot_list, TextSlotList):
                self._lists[name] = [(_spellings(v.text_in, intents), v) for v in slot_list.values]
        self.list_names = frozenset(self._lists)
        generated = {"device", "target", "mode", "peripheral", "color"} | {
            n for n in self._lists if n.startswith("dev_")
        }
        aliases = {alias for table in self._tables.values() for alias in table}
        self._splittable = frozenset(
            a for a in aliases if any(b != a and (a.startswith(b) or a.endswith(b)) for b in aliases)
        )
        words = {w for entries in self._lists.values() for spellings, _ in entries for w in spellings}
        words |= aliases | set(extra_words)
        #: first character -> (alias, its length, (kind, alias), kind, id) of every catalog word, for :meth:`_scan`
        self._by_first: dict[str, list[tuple[str, int, tuple[str, str], str, str]]] = {}
        for kind, table in self._tables.items():
            for alias, ident in table.items():
                if not alias:
                    raise ValueError(f"empty {kind} alias for {ident!r}")
                self._by_first.setdefault(alias[0], []).append((alias, len(alias), (kind, alias), kind, ident))
        #: where a catalog word may begin: one of their first characters (at a word start in English)
        firsts = "".join(re.escape(ch) for ch in sorted(self._by_first))
        self._starts = re.compile(
            ("(?<![a-z0-9'])" if self.language == "en" else "") + f"(?=[{firsts}])" if firsts else "(?!)"
        )
        self._longest = max((len(w.split()) for w in words), default=1)
        #: words looked for in the whole text: catalog words, and words holding one (后窗 holds 窗)
        self._whole = frozenset(w for w in words if w in aliases or any(a in w for a in aliases)) | frozenset(
            w for n in generated for sp, _ in self._lists.get(n, ()) for w in sp
        )
        #: the other (template) words: in Chinese, looked for outside the catalog words found
        self._outside = frozenset(words - self._whole)
        self._words = self._whole | self._outside
        self._whole_by_first = _by_first(self._whole)
        self._blank = frozenset(w for w in self._words if not w)  # "" is in every text
        self._outside_by_first = _by_first(self._outside)
        #: word -> the (list, value index) pairs it can say
        self._by_word: dict[str, list[tuple[str, int]]] = {}
        for name, entries in self._lists.items():
            for index, (spellings, _) in enumerate(entries):
                for word in spellings:
                    self._by_word.setdefault(word, []).append((name, index))
        self._empty = {name: TextSlotList(name=name, values=[]) for name in self._lists}
        self._narrowed: dict[tuple[str, frozenset[int]], TextSlotList] = {}
        self._hits: dict[str, tuple[Hit, ...]] = {}
        self._wholes: tuple[_Whole, ...] = ()
        self._lock = threading.Lock()

    def spellings(self, list_name: str) -> frozenset[str]:
        """Every way any value of a text list can be said."""
        return frozenset(w for spellings, _ in self._lists.get(list_name, ()) for w in spellings)

    def present(self, text: str) -> frozenset[str]:
        """Every known word said in `text` (lists' spellings, aliases, template words).

        English: whole word sequences. Chinese: substrings, where template
        words (verbs, units) only count outside the catalog words found, so
        加 in 座椅加热 is not the verb 加 (the catalog word is read by its list).
        """
        if self.language == "en":
            tokens = text.split()
            grams = {
                " ".join(tokens[i : i + n]) for n in range(1, self._longest + 1) for i in range(len(tokens) - n + 1)
            }
            return frozenset(grams & self._words)
        rest = self.outside_catalog_words(text)
        found = _substrings(text, self._whole_by_first) | _substrings(rest, self._outside_by_first)
        return frozenset(found | self._blank)

    def narrowed_lists(self, present: frozenset[str]) -> dict[str, TextSlotList]:
        """Every text list cut down to the values said (`present` from :meth:`present`).

        Lists are shared between calls (one object per combination of
        values, built once), so hassil's per-list index is built once too.
        """
        chosen: dict[str, set[int]] = {}
        for word in present:
            for name, index in self._by_word.get(word, ()):
                chosen.setdefault(name, set()).add(index)
        lists = dict(self._empty)
        for name, indexes in chosen.items():
            key = (name, frozenset(indexes))
            narrowed = self._narrowed.get(key)
            if narrowed is None:
                values = [v for i, (_, v) in enumerate(self._lists[name]) if i in indexes]
                narrowed = TextSlotList(name=name, values=values)
                with self._lock:
                    if len(self._narrowed) > _NARROWED_LIMIT:
                        self._narrowed.clear()
                    self._narrowed[key] = narrowed
            lists[name] = narrowed
        return lists

    def outside_catalog_words(self, text: str) -> str:
        """Chinese text with the catalog words found blanked out ("|").

        A catalog word that another catalog word begins or ends (洗车模式 =
        洗车 + 模式) is left alone: a template may read it as the shorter
        word plus its own text.
        """
        if self.language != "zh":
            return text
        out = text
        for hit in reversed(self.hits(text)):
            if text[hit.start : hit.end] not in self._splittable:
                out = out[: hit.start] + "|" + out[hit.end :]
        return out

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

    def clear_cache(self, combinations: bool = False) -> None:
        """Forget the texts scanned, and with `combinations` the narrowed lists (benchmarks)."""
        with self._lock:
            self._hits.clear()
            self._wholes = ()
            if combinations:
                self._narrowed.clear()

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


def _spellings(expr, intents: Intents) -> tuple[str, ...]:
    """Every way a list value can be said (its template expanded)."""
    if isinstance(expr, TextChunk):
        return (expr.text.strip(),)
    found = {w.strip() for w in sample_expression(expr, intents.slot_lists, intents.expansion_rules)}
    return tuple(sorted(w for w in found if w))


def _by_first(words: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Non-empty words grouped by their first character (for :func:`_substrings`)."""
    out: dict[str, list[str]] = {}
    for word in words:
        if word:
            out.setdefault(word[0], []).append(word)
    return {ch: tuple(sorted(group)) for ch, group in out.items()}


def _substrings(text: str, by_first: dict[str, tuple[str, ...]]) -> set[str]:
    """The words of `by_first` that occur in `text` (as ``word in text`` finds them),
    looking up only the words that begin with each character of the text."""
    found: set[str] = set()
    get = by_first.get
    for i, ch in enumerate(text):
        words = get(ch)
        if words:
            for word in words:
                if text.startswith(word, i):
                    found.add(word)
    return found


#: what may not touch an English catalog word on either side
_WORD_CHAR = re.compile(r"[a-z0-9']").fullmatch


__all__ = ["Hit", "Lexicon"]
