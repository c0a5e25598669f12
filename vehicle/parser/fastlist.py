"""A list read for :mod:`.fastgen` (unspaced texts): one trie walk, then only
what the walk found.

:func:`.fastread._list` tries, at a position, the values its trie walk
finds (folded text) and every value it could not index, in list order;
the first value to reach an end keeps it. Here each trie node holds, in
list order, everything to try when the walk stops there, and more values
are found by the walk itself:

* a value of caseless literal characters (CJK, digits) is read by finding
  it: its outcome is made once;
* a value that is a choice of literals ("(度|摄氏度|c)") is split into its
  words, in its order: caseless ones found by the walk, the others tried
  with their pattern where the walk passes their first (folded) character,
  which is where the choice would try them;
* anything else is read by its own function, as before.

Entries are ``(kind, a, b)``: ``(FOUND, size, outcome)``, ``(PATTERN,
match, value out)``, ``(READ, read, (text length, readable, value out))``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hassil.util import fold_case

from .fastindex import CHUNK, WORDS, simple

FOUND, PATTERN, READ = range(3)
_NONE: dict = {}


class ListPlan:
    """One list's entries by folded key (and those tried everywhere), before
    the reads of :data:`READ` values exist; see the module docstring."""

    def __init__(self, node: tuple, kind_of: Callable[[tuple], int], exact: int, pattern: int) -> None:
        self.slot = slot = node[2]
        compiled = node[3]
        self.keyed: dict[str, list[tuple]] = {}
        self.unindexed: list[tuple] = []
        self.reads: list[tuple] = []  # value nodes needing their own read

        def found(value: Any, sub: int, said: str) -> tuple:
            return (value.index, sub), FOUND, len(said), (0, ((slot, said if value.out is None else value.out, said),))

        def read(value: Any) -> tuple:
            self.reads.append(value.node)
            plain = value.chunk_len is not None
            return (value.index, 0), READ, value.node, (value.chunk_len, bool(value.node[2].strip()) if plain else True,
                                                        value.out)

        for key, values in _keys(compiled.by_raw):
            for value in values:
                node = value.node
                whole = (value.chunk_len is not None and node[0] == CHUNK and kind_of(node) == exact
                         and value.chunk_len == len(node[5]))
                self.keyed.setdefault(key, []).append(found(value, 0, node[5]) if whole else read(value))
        for value in compiled.raw_unindexed:
            node = value.node
            kinds = [kind_of(item) for item in node[2]] if node[0] == WORDS and value.chunk_len is None else []
            if not kinds or not all(kind in (exact, pattern) for kind in kinds):
                self.unindexed.append(read(value))
                continue
            for sub, (item, kind) in enumerate(zip(node[2], kinds)):  # a choice of literals, word by word
                if kind == exact:
                    self.keyed.setdefault(item[5], []).append(found(value, sub, item[5]))
                    continue
                entry = ((value.index, sub), PATTERN, item[6].match, value.out)
                head = fold_case(item[5][:1])
                if len(head) == 1 and simple(head):
                    self.keyed.setdefault(head, []).append(entry)
                else:
                    self.unindexed.append(entry)

    def heads(self) -> frozenset[str] | None:
        """The folded characters a read can start at, None when anything may start it."""
        return None if self.unindexed else frozenset(key[0] for key in self.keyed)

    def bind(self, reads: dict[int, Callable]) -> Callable:
        """The read, given the functions reading :data:`READ` value nodes (by node id)."""
        def bound(entry: tuple) -> tuple:
            order, kind, a, b = entry
            return (order, kind, reads[a[1]], b) if kind == READ else entry

        unindexed = [bound(e) for e in self.unindexed]
        trie: dict = {}
        for key, entries in self.keyed.items():
            here = trie
            for char in key[:-1]:
                here = here.setdefault(char, [[], {}])[1]
            here.setdefault(key[-1], [[], {}])[0].extend(bound(e) for e in entries)

        def convert(level: dict, above: list[tuple]) -> dict:
            out = {}
            for char, (entries, children) in level.items():
                here = above + entries
                out[char] = (_tried(here + unindexed), convert(children, here))
            return out

        return _reader(self.slot, convert(trie, []), _tried(unindexed))


def _tried(entries: list[tuple]) -> tuple[bool, tuple]:
    """(all found by the walk, what to try): (size, outcome) first per size, or every entry in list order."""
    entries = sorted(entries, key=_order)
    if all(e[1] == FOUND for e in entries):
        sizes: dict[int, tuple] = {}
        for _, _, size, outcome in entries:
            sizes.setdefault(size, outcome)
        return True, tuple(sizes.items())
    return False, tuple(e[1:] for e in entries)


def _reader(slot: str, trie: dict, root: tuple[bool, tuple]) -> Callable:
    def read(t: str, f: str, p: int, m: dict) -> dict:
        size = len(t)
        if p >= size:
            return _NONE
        here, at, (walked, entries) = trie, p, root
        while at < size:
            step = here.get(f[at])
            if step is None:
                break
            (walked, entries), here = step
            at += 1
        if walked:
            if len(entries) == 1:
                return {p + entries[0][0]: entries[0][1]}
            return {p + d: outcome for d, outcome in entries}
        out: dict = {}
        left = size - p
        for kind, a, b in entries:
            if kind == FOUND:
                end = p + a
                if end not in out:
                    out[end] = b
            elif kind == PATTERN:
                found = a(t, p)
                if found is not None:
                    end = found.end()
                    if end not in out:
                        said = t[p:end]
                        out[end] = (0, ((slot, said if b is None else b, said),))
            else:
                chunk_len, readable, value_out = b
                if chunk_len is not None and (left < chunk_len or not readable):
                    continue
                for end in a(t, f, p, m):
                    if end not in out:
                        said = t[p:end]
                        out[end] = (0, ((slot, said if value_out is None else value_out, said),))
        return out
    return read


def _order(entry: tuple) -> tuple[int, int]:
    return entry[0]


def _keys(trie: dict, above: str = ""):
    """(folded key, values) of every node of a :mod:`.fastmatch` list trie holding values."""
    for char, (values, children) in trie.items():
        if values:
            yield above + char, values
        yield from _keys(children, above + char)


__all__ = ["ListPlan"]
