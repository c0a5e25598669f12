"""Which catalog words occur in a text, found in our own code.

Two readers use it:

* the matcher narrows every generated slot list ({device}, {target}, ...)
  to the words actually present before hassil runs. hassil tries every
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

from hassil.intents import TextSlotList, TextSlotValue

from .vocabulary import Vocabulary, capability_list


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

    def __init__(self, vocabulary: Vocabulary, slot_lists: dict[str, object]) -> None:
        self.language = vocabulary.language
        self._tables = {
            "device": vocabulary.devices,
            "target": vocabulary.targets,
            "mode": vocabulary.modes,
            "peripheral": vocabulary.peripherals,
            "color": {c: c for c in vocabulary.colors},
        }
        #: list name -> [(alias, its hassil value)] for every generated text list
        self._lists: dict[str, list[tuple[str, TextSlotValue]]] = {}
        names = [*self._tables, *(capability_list(c) for c in vocabulary.by_capability)]
        for name in names:
            slot_list = slot_lists.get(name)
            if isinstance(slot_list, TextSlotList):
                self._lists[name] = [(_alias_of(v), v) for v in slot_list.values]
        self.list_names = frozenset(self._lists)
        words = {alias for entries in self._lists.values() for alias, _ in entries}
        self._bounded = {w: _bounded(w) for w in words} if self.language == "en" else {}

    def occurs(self, word: str, text: str) -> bool:
        if word not in text:
            return False
        pattern = self._bounded.get(word)
        return pattern is None or pattern.search(text) is not None

    def narrowed_lists(self, text: str) -> dict[str, TextSlotList]:
        """Every generated list cut down to the values that occur in `text`."""
        present: dict[str, bool] = {}
        lists: dict[str, TextSlotList] = {}
        for name, entries in self._lists.items():
            kept = []
            for alias, value in entries:
                hit = present.get(alias)
                if hit is None:
                    hit = present[alias] = self.occurs(alias, text)
                if hit:
                    kept.append(value)
            lists[name] = TextSlotList(name=name, values=kept)
        return lists

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


def _alias_of(value: TextSlotValue) -> str:
    return str(getattr(value.text_in, "text", "")).strip()


def _bounded(word: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z0-9'])" + re.escape(word) + r"(?![a-z0-9'])")


__all__ = ["Hit", "Lexicon"]
