"""Templates as node graphs: what :mod:`.fastmatch` compiles and reads.

Every sentence is one node graph, expansion rules inlined and shared
between sentences, nested sequences and alternatives flattened (hassil
yields them in the same order), an alternative of plain words one node.
Nodes are tuples ``(kind, id, ...)`` (kinds in :mod:`.fastindex`):

* ``(CHUNK, id, text, word_end, count, lead, lead_rx, raw_rx)``: a literal;
* ``(WORDS, id, chunks, by_lead, lead_always, by_raw, raw_always)``;
* ``(SEQ, id, items)``, ``(ALT, id, items)``;
* ``(LIST, id, slot, compiled list)``, ``(NUM, id, slot, low, high)``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hassil.expression import Alternative, ListReference, RuleReference, Sequence, TextChunk
from hassil.intents import RangeSlotList, TextSlotList
from hassil.util import CJK_WHITESPACE, fold_case

from .fastindex import ALT, CHUNK, LIST, NUM, SEQ, WORDS, simple

_WORD_END = (" ", "'")  # hassil's WORD_END_CHARS


class Unsupported(Exception):
    """The templates use something this matcher does not implement."""


@dataclass(slots=True)
class _Value:
    node: tuple
    out: Any
    chunk_len: int | None  # len(text_in.text) for a plain-text value (hassil's length check)
    index: int


@dataclass(slots=True)
class _List:
    values: list[_Value]
    by_word: dict
    """Trie of folded left-stripped texts -> values (hassil's candidate index, insertion order)."""
    unindexed: list[_Value]
    by_raw: dict
    """Trie of folded texts as matched without a start of word -> values (a pre-filter only)."""
    raw_unindexed: list[_Value]


class NodeCompiler:
    """Builds the node graphs of one language (``_spaced``, ``_rules``,
    ``_slot_lists``, ``_lists``, ``_rule_nodes`` and ``_ids`` set by the subclass)."""

    _spaced: bool
    _rules: dict
    _slot_lists: dict
    _lists: dict[str, _List]
    _rule_nodes: dict[str, tuple]
    _ids: int

    def _new(self, kind: int, *fields: Any) -> tuple:
        self._ids += 1
        return (kind, self._ids, *fields)

    def _node(self, expr: Any, rules: tuple[str, ...]) -> tuple:
        if isinstance(expr, TextChunk):
            return self._chunk(expr.text)
        if isinstance(expr, RuleReference):
            name = expr.rule_name
            if name in rules or name not in self._rules:
                raise Unsupported(f"rule <{name}> is missing or refers to itself")
            node = self._rule_nodes.get(name)
            if node is None:
                node = self._rule_nodes[name] = self._node(self._rules[name].expression, (*rules, name))
            return node
        if isinstance(expr, ListReference):
            return self._list_ref(expr)
        if type(expr) is Sequence:
            if not expr.items:
                return self._new(SEQ, ())  # reads nothing, ever
            items = [self._node(i, rules) for i in expr.items]
            flat = tuple(n for item in items for n in (item[2] if item[0] == SEQ and item[2] else (item,)))
            return flat[0] if len(flat) == 1 else self._new(SEQ, flat)
        if type(expr) is Alternative:
            items = [self._node(i, rules) for i in expr.items]
            flat = tuple(n for item in items for n in (item[2] if item[0] in (ALT, WORDS) else (item,)))
            if len(flat) == 1:
                return flat[0]
            if all(n[0] == CHUNK for n in flat):
                return self._words(flat)
            return self._new(ALT, flat)
        raise Unsupported(f"{type(expr).__name__} is not compiled")

    def _chunk(self, text: str) -> tuple:
        word_end = text.endswith(_WORD_END)
        if self._spaced:
            lead = text.lstrip()
            return self._new(CHUNK, text, word_end, len(text.strip()), lead, _prefix(lead), _prefix(text))
        bare = CJK_WHITESPACE.sub("", text)
        return self._new(CHUNK, text, word_end, len(bare.strip()), bare, _prefix(bare), None)

    def _words(self, items: tuple) -> tuple:
        """Alternative literals, indexed by the folded first character each can read."""
        def table(texts: list[str]) -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
            keyed: dict[str, set[int]] = {}
            always: set[int] = set()
            for i, text in enumerate(texts):
                head = fold_case(text[:1]) if text else ""
                if head and len(head) == 1 and (simple(head) or head == " "):
                    keyed.setdefault(head, set()).add(i)
                else:
                    always.add(i)  # empty, whitespace at a start of word, or an uncommon character
            return {k: tuple(sorted(v | always)) for k, v in keyed.items()}, tuple(sorted(always))

        by_lead, lead_always = table([n[5] if n[2] else "" for n in items])
        if self._spaced:
            by_raw, raw_always = table([n[2] for n in items])
        else:
            by_raw, raw_always = by_lead, lead_always
        return self._new(WORDS, items, by_lead, lead_always, by_raw, raw_always)

    def _list_ref(self, ref: ListReference) -> tuple:
        if ref.is_capture:
            raise Unsupported("list captures are not compiled")
        name = ref.list_name
        slot_list = self._slot_lists.get(name)
        if isinstance(slot_list, RangeSlotList):
            if (not slot_list.digits or slot_list.words or slot_list.step != 1 or slot_list.fraction_type is not None
                    or slot_list.multiplier is not None):
                raise Unsupported(f"range list {name} reads more than digits")
            return self._new(NUM, ref.slot_name, slot_list.start, slot_list.stop)
        if type(slot_list) is not TextSlotList:
            raise Unsupported(f"list {name} is missing or not a text list")
        if name not in self._lists:
            self._lists[name] = self._compile_list(slot_list)
        return self._new(LIST, ref.slot_name, self._lists[name])

    def _compile_list(self, slot_list: TextSlotList) -> _List:
        values: list[_Value] = []
        by_word: dict[str, list[_Value]] = {}
        by_raw: dict[str, list[_Value]] = {}
        unindexed: list[_Value] = []
        raw_unindexed: list[_Value] = []
        for i, value in enumerate(slot_list.values):
            if value.context or value.metadata:
                raise Unsupported(f"list {slot_list.name} has values with context")
            text_in = value.text_in
            plain = isinstance(text_in, TextChunk)
            node = self._chunk(text_in.text) if plain else self._node(text_in, ())
            if _reads_lists(node):
                raise Unsupported(f"list {slot_list.name} has values reading lists")
            item = _Value(node, value.value_out, len(text_in.text) if plain else None, i)
            values.append(item)
            if plain and not text_in.text.strip():
                continue  # hassil never offers it
            lead = text_in.text.lstrip() if plain else ""
            if plain and len(fold_case(lead)) == len(lead):
                by_word.setdefault(fold_case(lead), []).append(item)
            else:
                unindexed.append(item)
            raw = node[2] if plain and self._spaced else node[5] if plain else ""
            if plain and raw and len(fold_case(raw)) == len(raw):
                by_raw.setdefault(fold_case(raw), []).append(item)
            else:
                raw_unindexed.append(item)
        return _List(values, _trie(by_word), unindexed, _trie(by_raw), raw_unindexed)

    # -- matching --------------------------------------------------------------


def _trie(keyed: dict[str, list[_Value]]) -> dict:
    """{char: (values ending here, children)}, the values of a key in list order."""
    root: dict = {}
    for key, values in keyed.items():
        node = root
        for n, char in enumerate(key):
            found, children = node.get(char, ([], {}))
            if n == len(key) - 1:
                found = found + values
            node[char] = (found, children)
            node = children
    return root


def _prefix(text: str) -> re.Pattern[str]:
    """hassil's ``match_start`` pattern, matched at a position instead of on a slice."""
    return re.compile(re.escape(text), re.IGNORECASE)


def _reads_lists(node: tuple) -> bool:
    if node[0] in (LIST, NUM):
        return True
    if node[0] in (SEQ, ALT, WORDS):
        return any(_reads_lists(item) for item in node[2])
    return False


__all__ = ["NodeCompiler", "Unsupported"]
