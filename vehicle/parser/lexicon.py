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
from dataclasses import dataclass

from hassil import Intents
from hassil.expression import TextChunk
from hassil.intents import TextSlotList, TextSlotValue
from hassil.sample import sample_expression

from .vocabulary import Vocabulary


@dataclass(frozen=True, slots=True)
class Hit:
    """One catalog word found in a text."""

    start: int
    end: int
    kind: str
    """"device", "target", "mode", "peripheral" or "color"."""
    ident: str
    """The id it names (capability, target, mode, peripheral, colour)."""


class Lexicon:
    """The words of the generated lists of one language, ready to look up."""

    def __init__(self, vocabulary: Vocabulary, intents: Intents) -> None:
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
        self._generated = frozenset(
            {"device", "target", "mode", "peripheral", "color"}
            | {n for n in self._lists if n.startswith("dev_")}
        )
        words = {w for entries in self._lists.values() for spellings, _ in entries for w in spellings}
        words |= {alias for table in self._tables.values() for alias in table}
        self._bounded = {w: _bounded(w) for w in words} if self.language == "en" else {}
        aliases = [a for table in self._tables.values() for a in table]
        #: template-file words that contain a catalog word (后窗 holds 窗): looked for in the whole text
        self._holds_catalog_word = frozenset(w for w in words if any(a in w for a in aliases))
        self._holds_cache: dict[str, bool] = {w: True for w in self._holds_catalog_word}

    def occurs(self, word: str, text: str) -> bool:
        if word not in text:
            return False
        pattern = self._bounded.get(word)
        return pattern is None or pattern.search(text) is not None

    def narrowed_lists(self, text: str) -> dict[str, TextSlotList]:
        """Every text list cut down to the values that can be said in `text`.

        In Chinese, the words of template-file lists (verbs, units) are looked
        for outside the catalog words found, so 加 in 座椅加热 does not count as
        the verb 加 (the catalog word is read by its own list).
        """
        rest = self.outside_catalog_words(text)
        present: dict[tuple[str, bool], bool] = {}
        lists: dict[str, TextSlotList] = {}
        for name, entries in self._lists.items():
            generated = name in self._generated
            kept = []
            for spellings, value in entries:
                for word in spellings:
                    where = text if generated or word in self._holds_catalog_word else rest
                    key = (word, where is rest)
                    hit = present.get(key)
                    if hit is None:
                        hit = present[key] = self.occurs(word, where)
                    if hit:
                        kept.append(value)
                        break
            lists[name] = TextSlotList(name=name, values=kept)
        return lists

    def holds_catalog_word(self, word: str) -> bool:
        """True when a catalog word is part of `word` (后窗 holds 窗)."""
        hit = self._holds_cache.get(word)
        if hit is None:
            hit = self._holds_cache[word] = any(a in word for table in self._tables.values() for a in table)
        return hit

    def outside_catalog_words(self, text: str) -> str:
        """Chinese text with the catalog words found blanked out ("|")."""
        if self.language != "zh":
            return text
        out = text
        for hit in reversed(self.hits(text)):
            out = out[: hit.start] + "|" + out[hit.end :]
        return out

    def hits(self, text: str) -> list[Hit]:
        """Catalog words in `text`, longest first where they overlap, in order."""
        found: list[Hit] = []
        for kind, table in self._tables.items():
            for alias, ident in table.items():
                if alias not in text:
                    continue
                pattern = self._bounded.get(alias) or re.compile(re.escape(alias))
                for m in pattern.finditer(text):
                    found.append(Hit(m.start(), m.end(), kind, ident))
        found.sort(key=lambda h: (-(h.end - h.start), h.start, h.kind, h.ident))
        kept: list[Hit] = []
        for hit in found:
            if any(hit.start < k.end and k.start < hit.end for k in kept):
                continue
            kept.append(hit)
        kept.sort(key=lambda h: h.start)
        return kept


def _spellings(expr, intents: Intents) -> tuple[str, ...]:
    """Every way a list value can be said (its template expanded)."""
    if isinstance(expr, TextChunk):
        return (expr.text.strip(),)
    found = {w.strip() for w in sample_expression(expr, intents.slot_lists, intents.expansion_rules)}
    return tuple(sorted(w for w in found if w))


def _bounded(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z0-9'])" + re.escape(word) + r"(?![a-z0-9'])")


__all__ = ["Hit", "Lexicon"]
