"""A template's shape, tested against a clause before hassil walks it.

hassil reads a template from the start of the text to its end: every
character it keeps (letters and digits) is consumed by a literal chunk or
a list value, in template order. So the text, squashed to its letters and
digits (:func:`.prune.squash`), must be one of the strings the template
can spell, squashed the same way. This module writes each (already
pruned) template as a regular expression over squashed text, with every
list reference replaced by the values its list is narrowed to; a
template whose expression matches neither text hassil tries (with and
without skip words) cannot match, and is not handed to hassil at all.

The expression is generous wherever hassil may read more than literal
text: a number range, a permutation, a list with a prefix or suffix, an
unknown list or rule, or nesting deeper than 32, is "anything" (``.*``).
So the test only ever lets too much through, never too little: the
matches left, and their ranking, are hassil's own. On run-ons it takes
most of the candidate cuts that cannot be one clause ("关闭天窗打开",
"set the driver side to 21 degrees turn on the seat heating") out of
hassil's hands.

Expressions are kept per (pruned template, narrowed lists): both are
shared objects built once per combination of words.
"""
from __future__ import annotations

import re
import threading
from typing import Any

from hassil.expression import Alternative, Expression, Group, ListReference, Permutation, RuleReference, Sentence
from hassil.expression import TextChunk
from hassil.intents import IntentData, TextSlotList

_CACHE_LIMIT = 8192
_ANYTHING = ".*"


class Shapes:
    """Squashed-text expressions of pruned templates, built on first use."""

    def __init__(self, rules: dict[str, Sentence], squash) -> None:
        self._rules = rules
        self._squash = squash
        self._names: dict[int, tuple[IntentData, tuple[str, ...]]] = {}
        self._cache: dict[tuple[int, tuple[int, ...]], tuple[IntentData, tuple[Any, ...], re.Pattern[str]]] = {}
        self._lock = threading.Lock()

    def clear_cache(self) -> None:
        with self._lock:
            self._names.clear()
            self._cache.clear()

    def fits(self, block: IntentData, lists: dict[str, Any], texts: tuple[str, ...]) -> bool:
        """Whether the template of `block` can spell one of the squashed `texts`."""
        return any(self._pattern(block, lists).fullmatch(text) for text in texts)

    def _pattern(self, block: IntentData, lists: dict[str, Any]) -> re.Pattern[str]:
        names = self._names.get(id(block))
        if names is None or names[0] is not block:
            found: set[str] = set()
            _lists_in(block.sentences[0].expression, self._rules, found, 0)
            names = (block, tuple(sorted(found)))
            with self._lock:
                if len(self._names) >= _CACHE_LIMIT:
                    self._names.clear()
                self._names[id(block)] = names
        used = tuple(lists.get(name) for name in names[1])
        key = (id(block), tuple(id(u) for u in used))
        known = self._cache.get(key)
        if known is None or known[0] is not block or any(a is not b for a, b in zip(known[1], used)):
            source = self._source(block.sentences[0].expression, lists, 0)
            known = (block, used, re.compile(source, re.IGNORECASE | re.DOTALL))
            with self._lock:
                if len(self._cache) >= _CACHE_LIMIT:
                    self._cache.clear()
                self._cache[key] = known
        return known[2]

    def _source(self, exp: Expression, lists: dict[str, Any], depth: int, value: bool = False) -> str:
        """`exp` as a regular expression over squashed text (generous, never strict).

        `value`: inside a list value, where a list is "anything" (the cache
        key holds only the lists the template itself reads)."""
        if depth > 32 or isinstance(exp, Permutation):
            return _ANYTHING
        if isinstance(exp, TextChunk):
            return re.escape(self._squash(exp.text))
        if isinstance(exp, ListReference):
            slot_list = lists.get(exp.list_name)
            if value or exp.prefix or exp.suffix or type(slot_list) is not TextSlotList:
                return _ANYTHING  # a number range (its words too), a wildcard, an unknown list
            values = {
                self._source(v.text_in, lists, depth + 1, True) if isinstance(v.text_in, Expression) else _ANYTHING
                for v in slot_list.values
            }
            return "(?:" + "|".join(sorted(values)) + ")" if values else "(?!)"
        if isinstance(exp, RuleReference):
            rule = self._rules.get(exp.rule_name)
            return _ANYTHING if rule is None else self._source(rule.expression, lists, depth + 1, value)
        if isinstance(exp, Alternative):
            branches = {self._source(item, lists, depth + 1, value) for item in exp.items}
            if exp.is_optional or not exp.items:
                branches.add("")
            return "(?:" + "|".join(sorted(branches)) + ")"
        if isinstance(exp, Group):  # a sequence
            return "".join(self._source(item, lists, depth + 1, value) for item in exp.items)
        return _ANYTHING


def _lists_in(exp: Expression, rules: dict[str, Sentence], found: set[str], depth: int) -> None:
    """The names of the lists `exp` reads (through its rules)."""
    if depth > 32:
        return
    if isinstance(exp, ListReference):
        found.add(exp.list_name)
    elif isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        if rule is not None:
            _lists_in(rule.expression, rules, found, depth + 1)
    elif isinstance(exp, Group):
        for item in exp.items:
            _lists_in(item, rules, found, depth + 1)


__all__ = ["Shapes"]
