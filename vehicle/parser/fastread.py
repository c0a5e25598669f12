"""Reading one text with a compiled sentence: hassil's best parse by dynamic programming.

hassil enumerates every parse of a template depth-first and keeps, over all
of them, the one with the most literal characters matched (the first on a
tie). Here a node read at (text position, start-of-word flag) gives every
way it can end as outcomes ``(position, flag, literal characters, entities)``
in hassil's order; where two outcomes end in the same state only the one
hassil would rank first is kept (more characters, else the earlier): what
follows a node depends on nothing but where it ended, and every parse
through an earlier outcome comes before every parse through a later one.
Outcomes are kept per (node, position, flag) for the clause, so a rule
shared by many sentences ("<dev>") is read once at each position.

The steps are hassil 3.13's ``match_expression`` (see :mod:`.fastmatch`).
Node tuples are built there: ``(kind, id, ...)``.
"""
from __future__ import annotations

import re
from typing import Any

from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS

_NUMBER = re.compile(r"(\s*-?[0-9]+)")  # hassil's INTEGER_START, matched at a position
#: One parse: (slot, value, text) per entity, in the order hassil adds them.
Entities = tuple[tuple[str, Any, str], ...]
#: One way a node ends: (position, start of word, literal characters, entities).
Outcome = tuple[int, bool, int, Entities]


class Reader:
    """One candidate text (normalised as hassil matches it) and what was read of it."""

    __slots__ = ("text", "folded", "spaced", "size", "end", "skip", "memo", "heads")

    def __init__(self, text: str, folded: str, spaced: bool, heads: dict[int, frozenset[str]]) -> None:
        self.heads = heads  # node id -> the characters it must start with (nodes that read something)
        self.text = text
        self.folded = folded  # fold_case(text), the same length
        self.spaced = spaced
        self.size = size = len(text)
        self.end = len(text.rstrip())  # from here on only whitespace is left
        skip = list(range(size + 1))  # position -> the first non-space at or after it
        for i in range(size - 1, -1, -1):
            if text[i].isspace():
                skip[i] = skip[i + 1]
        self.skip = skip
        self.memo: dict[tuple[int, int, bool], list[Outcome]] = {}

    def best(self, node: tuple) -> tuple[int, Entities] | None:
        """Most literal characters of a parse reading the whole text, and the first such parse."""
        found: tuple[int, Entities] | None = None
        end = self.end
        for position, _, chunks, ents in self.read(node, 0, True):
            if position >= end and (found is None or chunks > found[0]):
                found = (chunks, ents)
        return found

    def read(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        kind = node[0]
        if kind == CHUNK:  # a literal is cheaper read again than looked up
            return self._chunk(node, position, start)
        if kind == WORDS:
            return self._words(node, position, start)
        key = (node[1], position, start)
        found = self.memo.get(key)
        if found is None:
            heads = self.heads.get(node[1])
            if heads is not None:
                at = self.skip[position]
                if self.folded[at : at + 1] not in heads:
                    self.memo[key] = found = []
                    return found
            if kind == SEQ:
                found = self._sequence(node[2], position, start)
            elif kind == LIST:
                found = self._list(node, position, start)
            elif kind == ALT:
                at = self.skip[position]
                char = self.folded[at : at + 1]
                heads = self.heads
                found = []
                for item in node[2]:
                    need = heads.get(item[1])
                    if need is None or char in need:
                        found.extend(self.read(item, position, start))
                if len(found) > 1:
                    found = _keep_best(found)
            else:
                found = self._number(node, position, start)
            self.memo[key] = found
        return found

    def _chunk(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        """A literal: hassil skips whitespace first at a start of word (English only)."""
        _, _, text, word_end, count, lead, lead_rx, raw_rx = node
        if not text:
            return [(position, start, 0, ())]
        if not self.spaced:
            at, chunk, pattern = position, lead, lead_rx  # Chinese: CJK whitespace gone, nothing skipped
        elif start:
            at, chunk, pattern = self.skip[position], lead, lead_rx
        else:
            at, chunk, pattern = position, text, raw_rx
        if not chunk:
            return [(at, word_end, 0, ())]
        found = pattern.match(self.text, at)
        if found is not None:
            return [(found.end(), word_end, count, ())]
        if at >= self.end and chunk.isspace():
            return [(position, start, 0, ())]  # nothing left to read: a space is no loss
        return []

    def _words(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        """Alternative literals: only those whose first character is here are tried, in order."""
        _, _, items, by_lead, lead_always, by_raw, raw_always = node
        if not self.spaced:
            at, table, always = position, by_lead, lead_always
        elif start:
            at, table, always = self.skip[position], by_lead, lead_always
        else:
            at, table, always = position, by_raw, raw_always
        out: list[Outcome] = []
        for index in table.get(self.folded[at : at + 1], always):
            out.extend(self._chunk(items[index], position, start))
        return _keep_best(out) if len(out) > 1 else out

    def _sequence(self, items: tuple, position: int, start: bool) -> list[Outcome]:
        if not items:
            return []  # hassil's empty sequence yields nothing
        current: list[Outcome] = [(position, start, 0, ())]
        read, heads, skip, folded = self.read, self.heads, self.skip, self.folded
        for item in items:
            need = heads.get(item[1])
            produced: list[Outcome] = []
            for pos, flag, chunks, ents in current:
                if need is not None:
                    at = skip[pos]
                    if folded[at : at + 1] not in need:
                        continue
                for pos2, flag2, chunks2, ents2 in read(item, pos, flag):
                    produced.append((pos2, flag2, chunks + chunks2, ents + ents2 if ents2 else ents))
            if not produced:
                return []
            current = _keep_best(produced) if len(produced) > 1 else produced
        return current

    def _list(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        """A list: values tried in hassil's order; the flag is restored after
        one, and its text counts for nothing."""
        _, _, slot, compiled = node
        text, size = self.text, self.size
        if position >= size:
            return []
        if self.spaced and start:
            at = self.skip[position]
            if at < size:  # hassil's get_candidates: indexed values by key length, then the others
                values = _walk(compiled.by_word, self.folded, at, size)
                values.extend(compiled.unindexed)
            else:
                values = compiled.values
        else:  # every value in list order (those that cannot match here left out)
            values = _walk(compiled.by_raw, self.folded, position, size)
            values.extend(compiled.raw_unindexed)
            if len(values) > 1:
                values.sort(key=_index)
        out: list[Outcome] = []
        seen: set[int] = set()
        left = size - position
        for value in values:
            plain = value.chunk_len is not None
            if plain and (left < value.chunk_len or not value.node[2].strip()):
                continue
            ends = self._chunk(value.node, position, start) if plain else self.read(value.node, position, start)
            for end, _, _, _ in ends:
                if end in seen:
                    continue  # an earlier value ends here too, and the rest reads the same
                seen.add(end)
                said = text[position:end]
                out.append((end, start, 0, ((slot, said if value.out is None else value.out, said),)))
        return out

    def _number(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        """Digits (hassil's range list without number words)."""
        _, _, slot, low, high = node
        if position >= self.size:
            return []
        found = _NUMBER.match(self.text, position)
        if found is None:
            return []
        said = found.group(1)
        value = float(said)
        if not low <= value <= high:
            return []
        return [(found.end(), start, 0, ((slot, value, said),))]


def _walk(trie: dict, folded: str, at: int, size: int) -> list[Any]:
    """The values whose key starts the text at `at`, shortest key first (hassil's
    ``Trie.find_prefixes`` order). Trie nodes are {char: (values, children)}."""
    out: list[Any] = []
    node = trie
    while at < size:
        step = node.get(folded[at])
        if step is None:
            break
        values, node = step
        if values:
            out.extend(values)
        at += 1
    return out


def _index(value: Any) -> int:
    return value.index


def _keep_best(outcomes: list[Outcome]) -> list[Outcome]:
    """Per end state, the outcome hassil would rank first (most literal characters,
    then the earliest), in the order of the outcomes kept."""
    kept: dict[tuple[int, bool], tuple[int, Outcome]] = {}
    for order, outcome in enumerate(outcomes):
        state = (outcome[0], outcome[1])
        old = kept.get(state)
        if old is None or outcome[2] > old[1][2]:
            kept[state] = (order, outcome)
    if len(kept) == len(outcomes):
        return outcomes
    return [outcome for _, outcome in sorted(kept.values(), key=_first)]


def _first(pair: tuple[int, Outcome]) -> int:
    return pair[0]


__all__ = ["Entities", "Outcome", "Reader"]
