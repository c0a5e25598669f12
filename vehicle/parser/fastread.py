"""Reading one text with a compiled sentence: hassil's best parse by dynamic programming.

hassil enumerates every parse of a template depth-first and keeps, over all
of them, the one with the most literal characters matched (the first on a
tie). Here a node read at (text position, start-of-word flag) gives every
way it can end as outcomes ``(position, flag, literal characters, entities)``
in hassil's order; where two outcomes end in the same state only the one
hassil would rank first is kept (more characters, else the earlier): what
follows a node depends on nothing but where it ended, and every parse
through an earlier outcome comes before every parse through a later one.
Outcomes of sequences, alternatives and lists are kept per (node,
position, flag) for the clause, so a rule shared by many sentences
("<dev>") is read once at each position; a node that must read a
character is not tried where the text's next one cannot start it.

Every node becomes one Python function (:func:`reading`) with its
constants bound, called as ``fn(reader, position, flag)``. The steps are
hassil 3.13's ``match_expression`` (see :mod:`.fastmatch`); node tuples
``(kind, id, ...)`` are built there.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS

_NUMBER = re.compile(r"(\s*-?[0-9]+)")  # hassil's INTEGER_START, matched at a position
_UNEVEN_SPACE = re.compile(r"\s\s|[^\S ]")  # two whitespace characters in a row, or one not a space
#: One parse: (slot, value, text) per entity, in the order hassil adds them.
Entities = tuple[tuple[str, Any, str], ...]
#: One way a node ends: (position, start of word, literal characters, entities).
Outcome = tuple[int, bool, int, Entities]
Read = Callable[["Reader", int, bool], list[Outcome]]


class Reader:
    """One candidate text (normalised as hassil matches it) and what was read of it."""

    __slots__ = ("text", "folded", "size", "end", "skip", "memo")

    def __init__(self, text: str, folded: str) -> None:
        self.text = text
        self.folded = folded  # fold_case(text), the same length
        self.size = len(text)
        self.end = len(text.rstrip())  # from here on only whitespace is left
        self.skip = skip_table(text)
        self.memo: dict[tuple[int, int, bool], list[Outcome]] = {}

    def best(self, read: Read) -> tuple[int, Entities] | None:
        """Most literal characters of a parse reading the whole text, and the first such parse."""
        found: tuple[int, Entities] | None = None
        end = self.end
        for position, _, chunks, ents in read(self, 0, True):
            if position >= end and (found is None or chunks > found[0]):
                found = (chunks, ents)
        return found


def skip_table(text: str) -> list[int]:
    """Position -> the first non-space at or after it (``len(text)`` past the end)."""
    size = len(text)
    if _UNEVEN_SPACE.search(text) is None:  # single plain spaces (the usual case)
        skip = [i + 1 if char == " " else i for i, char in enumerate(text)]
        skip.append(size)
        return skip
    skip = list(range(size + 1))
    for i in range(size - 1, -1, -1):
        if text[i].isspace():
            skip[i] = skip[i + 1]
    return skip


def shared(roots: list[tuple]) -> set[int]:
    """Ids of the nodes reached from more than one place (worth keeping per clause)."""
    seen: set[int] = set()
    again: set[int] = set()

    def visit(node: tuple) -> None:
        if node[1] in seen:
            again.add(node[1])
            return
        seen.add(node[1])
        if node[0] in (SEQ, ALT, WORDS):
            for item in node[2]:
                visit(item)
        elif node[0] == LIST:
            for value in node[3].values:
                visit(value.node)

    for root in roots:
        visit(root)
    return again


def reading(node: tuple, spaced: bool, heads: dict[int, frozenset[str]], made: dict) -> Read:
    """The function reading `node` (one per node, shared like the node); ``made``
    starts as ``{-1: shared(sentence nodes)}``."""
    found = made.get(node[1])
    if found is None:
        found = made[node[1]] = _MAKERS[node[0]](node, spaced, heads, made)
    return found


def _chunk(node: tuple, spaced: bool, heads, made) -> Read:
    """A literal: hassil skips whitespace first at a start of word (English only)."""
    _, _, text, word_end, count, lead, lead_rx, raw_rx = node
    if not text:
        return lambda r, p, s: [(p, s, 0, ())]
    lead_match = lead_rx.match
    if not spaced:  # Chinese: CJK whitespace gone, nothing skipped
        bare_space = lead.isspace()

        def read(r: Reader, p: int, s: bool) -> list[Outcome]:
            m = lead_match(r.text, p)
            if m is not None:
                return [(m.end(), word_end, count, ())]
            return [(p, s, 0, ())] if bare_space and p >= r.end else []
        return read
    raw_match = raw_rx.match
    text_space = text.isspace()

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        if s:
            at = r.skip[p]
            if not lead:
                return [(at, word_end, 0, ())]
            m = lead_match(r.text, at)
            return [(m.end(), word_end, count, ())] if m is not None else []
        m = raw_match(r.text, p)
        if m is not None:
            return [(m.end(), word_end, count, ())]
        return [(p, s, 0, ())] if text_space and p >= r.end else []  # nothing left: a space is no loss
    return read


def _words(node: tuple, spaced: bool, heads, made) -> Read:
    """Alternative literals: only those whose first character is here are tried, in order."""
    _, _, items, by_lead, lead_always, by_raw, raw_always = node
    reads = [reading(item, spaced, heads, made) for item in items]
    lead_table = {k: [reads[i] for i in v] for k, v in by_lead.items()}
    lead_default = [reads[i] for i in lead_always]
    raw_table = {k: [reads[i] for i in v] for k, v in by_raw.items()}
    raw_default = [reads[i] for i in raw_always]

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        if not spaced:
            tried = lead_table.get(r.folded[p : p + 1], lead_default)
        elif s:
            at = r.skip[p]
            tried = lead_table.get(r.folded[at : at + 1], lead_default)
        else:
            tried = raw_table.get(r.folded[p : p + 1], raw_default)
        out: list[Outcome] = []
        for fn in tried:
            out.extend(fn(r, p, s))
        return _keep_best(out) if len(out) > 1 else out
    return read


def _sequence(node: tuple, spaced: bool, heads, made) -> Read:
    ident, items = node[1], node[2]
    if not items:
        return lambda r, p, s: []  # hassil's empty sequence yields nothing
    steps = [(reading(item, spaced, heads, made), heads.get(item[1])) for item in items]

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        current = [(p, s, 0, ())]
        skip, folded = r.skip, r.folded
        for fn, need in steps:
            produced: list[Outcome] = []
            for pos, flag, chunks, ents in current:
                if need is not None:
                    at = skip[pos]
                    if folded[at : at + 1] not in need:
                        continue
                for pos2, flag2, chunks2, ents2 in fn(r, pos, flag):
                    produced.append((pos2, flag2, chunks + chunks2, ents + ents2 if ents2 else ents))
            if not produced:
                return produced
            current = _keep_best(produced) if len(produced) > 1 else produced
        return current
    return _kept(read, ident) if ident in made[_SHARED] else read


def _alternative(node: tuple, spaced: bool, heads, made) -> Read:
    ident = node[1]
    steps = [(reading(item, spaced, heads, made), heads.get(item[1])) for item in node[2]]

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        at = r.skip[p]
        char = r.folded[at : at + 1]
        found = []
        for fn, need in steps:
            if need is None or char in need:
                found.extend(fn(r, p, s))
        return _keep_best(found) if len(found) > 1 else found
    return _kept(read, ident) if ident in made[_SHARED] else read


def _list(node: tuple, spaced: bool, heads, made) -> Read:
    """A list: values tried in hassil's order; the flag is restored after one,
    and its text counts for nothing."""
    ident, slot, compiled = node[1], node[2], node[3]
    tried = {id(v): (reading(v.node, spaced, heads, made), v.chunk_len, bool(v.node[2].strip()) if v.chunk_len is not None else True, v.out)
             for v in compiled.values}
    by_word, unindexed, every = compiled.by_word, compiled.unindexed, compiled.values
    by_raw, raw_unindexed = compiled.by_raw, compiled.raw_unindexed

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        text, size = r.text, r.size
        out: list[Outcome] = []
        if p < size:
            if spaced and s:
                at = r.skip[p]
                if at < size:  # hassil's get_candidates: indexed values by key length, then the others
                    values = _walk(by_word, r.folded, at, size)
                    values.extend(unindexed)
                else:
                    values = every
            else:  # every value in list order (those that cannot match here left out)
                values = _walk(by_raw, r.folded, p, size)
                values.extend(raw_unindexed)
                if len(values) > 1:
                    values.sort(key=_index)
            seen: set[int] = set()
            left = size - p
            for value in values:
                fn, chunk_len, readable, value_out = tried[id(value)]
                if chunk_len is not None and (left < chunk_len or not readable):
                    continue
                for end, _, _, _ in fn(r, p, s):
                    if end in seen:
                        continue  # an earlier value ends here too, and the rest reads the same
                    seen.add(end)
                    said = text[p:end]
                    out.append((end, s, 0, ((slot, said if value_out is None else value_out, said),)))
        return out
    return _kept(read, ident) if ident in made[_SHARED] else read


def _number(node: tuple, spaced: bool, heads, made) -> Read:
    """Digits (hassil's range list without number words)."""
    _, _, slot, low, high = node
    number = _NUMBER.match

    def read(r: Reader, p: int, s: bool) -> list[Outcome]:
        if p >= r.size:
            return []
        found = number(r.text, p)
        if found is None:
            return []
        said = found.group(1)
        value = float(said)
        if not low <= value <= high:
            return []
        return [(found.end(), s, 0, ((slot, value, said),))]
    return read


def _kept(read: Read, ident: int) -> Read:
    """`read` with its outcomes kept per (position, flag) for the clause (a node
    reached from several places: a rule, or a sentence read with several others)."""
    def kept(r: Reader, p: int, s: bool) -> list[Outcome]:
        key = (ident, p, s)
        found = r.memo.get(key)
        if found is None:
            found = r.memo[key] = read(r, p, s)
        return found
    return kept


#: Key of ``made`` holding the ids of nodes reached from more than one place.
_SHARED = -1

_MAKERS = {CHUNK: _chunk, WORDS: _words, SEQ: _sequence, ALT: _alternative, LIST: _list, NUM: _number}


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


__all__ = ["Entities", "Outcome", "Read", "Reader", "reading", "shared", "skip_table"]
