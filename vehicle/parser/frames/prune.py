"""Template branches a clause cannot match, cut before hassil walks them.

hassil walks every branch of every template on every call (``<dev>`` has
three ways to name a control, ``<tgt>`` three optional "and <target>"
tails, ``[一]点[儿]|一些|些``...), and on a clause seen for the first time
most of the parser's time is spent there. hassil itself drops whole
templates whose required literal fragments are absent from the text
(``Sentence.get_required_clauses`` against its pre-filter haystack, a
sound filter); this module applies the very same test one level down, to
each branch, and also drops a branch that reads a slot list the router
narrowed to no value. A branch that can never match is removed; an
optional whose only possible branch is "nothing" becomes nothing. Branch
order is kept, so the matches left, and their ranking, are the same: only
the walk is shorter. Rule references are inlined with their own pruned
expression, which is what hassil's matcher does with them anyway.

Before that, a template is skipped outright when none of its possible
first steps (a literal chunk, or a value of a list) can begin the text, or
none of its last steps end it: hassil reads a template from the start of
the text to its end, so such a template cannot match either. The texts
compared are the two hassil matches against (with and without skip words),
squashed to letters and digits; a number range or a permutation counts as
"anything"; with a wildcard list loaded the check is off.

Pruned templates are kept per (template, fragments present, lists with a
value): a cache over word combinations, as the router's, not over texts.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeGuard

from hassil.expression import (
    Alternative,
    Expression,
    Group,
    ListReference,
    Permutation,
    RuleReference,
    Sentence,
    Sequence,
    TextChunk,
)
from hassil.intents import Intent, IntentData, Intents, TextSlotList, WildcardSlotList
from hassil.util import (
    CJK_WHITESPACE,
    WHITESPACE_CAPTURE,
    WHITESPACE_SEPARATOR,
    TrackedText,
    fold_case,
    normalize_for_matching,
)

_CACHE_LIMIT = 8192
#: list tables whose facts are kept (each holds two dictionaries of every list: as many as the router keeps)
_TABLES_LIMIT = 1024
_MISSING = object()
_NOTHING = TextChunk("")
_NOT_WORD = re.compile(r"[\W_]+")
#: a first step that may be anything (a number range, a permutation)
_ANY = ("*", "")


@dataclass(frozen=True, slots=True)
class Prepared:
    """One clause as hassil reads it: with and without skip words, and the
    haystack its required-fragment pre-filter searches."""

    text: str
    with_skip: TrackedText
    without_skip: TrackedText
    haystack: str


def prepare(text: str, skip_words: list[str], ignore_whitespace: bool) -> Prepared:
    """The steps at the top of hassil's ``recognize_all``, in its order
    (`skip_words` and `ignore_whitespace`: the templates' own)."""
    with_skip = normalize_for_matching(text)
    if skip_words:
        without = with_skip.copy()
        _remove_skip_words(without, tuple(skip_words), ignore_whitespace)
    else:
        without = with_skip
    haystack = f"{fold_case(with_skip.text)}\n{fold_case(without.text)}"
    if ignore_whitespace:
        haystack += "\n" + CJK_WHITESPACE.sub("", haystack)
    return Prepared(text, with_skip, without, haystack)


def _remove_skip_words(tracked: TrackedText, skip_words: tuple[str, ...], ignore_whitespace: bool) -> None:
    """hassil's ``remove_skip_words_tracked`` (skip words anywhere), with its
    pattern compiled once per word list instead of on every call."""
    pattern = _skip_pattern(skip_words, ignore_whitespace)
    if pattern is None:
        return
    if ignore_whitespace:
        tracked.sub(pattern)
        return
    tracked.sub(pattern, WHITESPACE_SEPARATOR)
    tracked.sub(WHITESPACE_CAPTURE, WHITESPACE_SEPARATOR)
    tracked.strip()


@lru_cache(maxsize=8)
def _skip_pattern(skip_words: tuple[str, ...], ignore_whitespace: bool) -> re.Pattern[str] | None:
    words = sorted({w.strip() for w in skip_words if w.strip()}, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in words)
    if ignore_whitespace:
        return re.compile(rf"(?:{alternatives})", re.IGNORECASE)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _is_text(slot_list: Any) -> TypeGuard[TextSlotList]:
    """isinstance(slot_list, TextSlotList), without the ABC machinery for the usual exact type."""
    return type(slot_list) is TextSlotList or isinstance(slot_list, TextSlotList)


def squash(text: str) -> str:
    """`text` case-folded with everything but letters and digits removed.

    hassil matches a literal chunk ignoring case and whitespace, after taking
    punctuation out of the text and breaking words at "-" and "_": whatever
    it matches at the start of a text, squashed, starts the squashed text.
    """
    return _NOT_WORD.sub("", fold_case(text))


class Pruner:
    """Cuts the branches of one language's templates that a clause rules out."""

    def __init__(self, rules: dict[str, Sentence], skip_words: list[str], ignore_whitespace: bool) -> None:
        self._rules = rules
        self._skip = list(skip_words)
        self._ignore_ws = ignore_whitespace
        self._frags: dict[int | str, tuple[frozenset[str], frozenset[str]]] = {}  # per template id, per rule name
        self._first: dict[int, tuple[_Steps, _Steps]] = {}
        self._values: dict[tuple[int, bool], _Steps] = {}
        self._cache: dict[tuple[int, frozenset[str], frozenset[str]], IntentData | None] = {}
        self._lists: dict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], tuple[Any, ...]]] = {}
        self._chunks: dict[str, Any] = {}
        self._rules_cache: dict[tuple[str, frozenset[str], frozenset[str]], Expression | None] = {}
        self._lock = threading.Lock()

    def clear_cache(self) -> None:
        """Forget the pruned templates (benchmarks)."""
        with self._lock:
            self._cache.clear()
            self._rules_cache.clear()
            self._lists.clear()

    def intents(self, intents: Intents, text: str, lists: dict[str, Any], prepared: Prepared | None = None) -> Intents:
        """`intents` (one sentence per block, as the router builds them) with what `text` rules out cut.

        `lists` are the slot lists hassil is given (narrowed to the words present);
        `prepared`: `text` already normalised for hassil (:func:`prepare`).
        """
        if prepared is None:
            prepared = prepare(text, self._skip, self._ignore_ws)
        hay = prepared.haystack
        starts = (squash(prepared.with_skip.text), squash(prepared.without_skip.text))
        empty, all_lists, anchored = self._facts(intents.slot_lists, lists)
        begins: dict[tuple[str, bool], bool] = {}
        memo: dict[str, Any] = {}
        by_intent: dict[str, Intent] = {}
        for name, intent in intents.intents.items():
            for data in intent.data:
                if anchored and not self._may_start(data, starts, all_lists, begins):
                    continue
                block = self._block(data, hay, empty, memo)
                if block is None:
                    continue
                by_intent.setdefault(name, Intent(name=name)).data.append(block)
        return Intents(
            language=intents.language,
            intents=by_intent,
            slot_lists=intents.slot_lists,
            expansion_rules=intents.expansion_rules,
            skip_words=intents.skip_words,
            settings=intents.settings,
        )

    def _facts(self, own: dict[str, Any], lists: dict[str, Any]) -> tuple[frozenset[str], dict[str, Any], bool]:
        """The lists narrowed to nothing, every list hassil sees, and whether no list
        is a wildcard (one may take any text at either end: then no template is
        skipped by its ends). Kept per pair of list tables: the router shares
        one table per combination of words."""
        key = (id(own), id(lists))
        known = self._lists.get(key)
        if known is None or known[0] is not own or known[1] is not lists:
            empty = frozenset(n for n, sl in lists.items() if _is_text(sl) and not sl.values)
            all_lists = {**own, **lists}
            anchored = not any(
                type(sl) is not TextSlotList and isinstance(sl, WildcardSlotList) for sl in all_lists.values()
            )
            known = (own, lists, (empty, all_lists, anchored))
            with self._lock:
                if len(self._lists) >= _TABLES_LIMIT:
                    self._lists.clear()
                self._lists[key] = known
        return known[2]

    def _may_start(
        self, data: IntentData, starts: tuple[str, ...], lists: dict[str, Any], begins: dict[tuple[str, bool], bool]
    ) -> bool:
        """False when no first step of the template can begin the text, or no last step end it.

        hassil matches a template from the start of the text to its end
        (only whitespace and punctuation may be left); a template whose every
        possible first (last) chunk or list value begins (ends) neither text
        it tries, with and without skip words, cannot match.
        """
        ends = self._first.get(id(data))
        if ends is None:
            expression = data.sentences[0].expression
            ends = (
                _steps(_first(expression, self._rules, {}, 0)),
                _steps(_first(expression, self._rules, {}, 0, True)),
            )
            self._first[id(data)] = ends
        for last, steps in enumerate(ends):
            if not self._fits(steps, starts, lists, begins, bool(last), 0):
                return False
        return True

    def _fits(
        self,
        steps: _Steps,
        starts: tuple[str, ...],
        lists: dict[str, Any],
        begins: dict[tuple[str, bool], bool],
        last: bool,
        depth: int,
    ) -> bool:
        """Whether one of `steps` (a template's or a list value's first or last steps) fits the texts."""
        texts, names, free = steps
        if free:
            return True
        if texts:
            for s in starts:
                if s.endswith(texts) if last else s.startswith(texts):
                    return True
        for name in names:
            if self._list_fits(name, starts, lists, begins, last, depth):
                return True
        return False

    def _list_fits(
        self,
        name: str,
        starts: tuple[str, ...],
        lists: dict[str, Any],
        begins: dict[tuple[str, bool], bool],
        last: bool,
        depth: int,
    ) -> bool:
        """Whether a value of list `name` may begin (`last`: end) the texts."""
        if depth > 8:
            return True
        found = begins.get((name, last))
        if found is not None:
            return found
        slot_list = lists.get(name)
        found = True
        if _is_text(slot_list):
            found = False
            for item in slot_list.values:
                text_in = item.text_in
                key = (id(text_in), last)
                steps = self._values.get(key)
                if steps is None:
                    steps = _steps(
                        _first(text_in, self._rules, {}, 0, last)
                        if isinstance(text_in, Expression)
                        else (frozenset({_ANY}), True)
                    )
                    self._values[key] = steps
                if self._fits(steps, starts, lists, begins, last, depth + 1):
                    found = True
                    break
        begins[name, last] = found
        return found

    def _block(self, data: IntentData, hay: str, empty: frozenset[str], memo: dict[str, Any]) -> IntentData | None:
        """The template of `data` pruned for this text (`memo`: its rules pruned
        so far, shared by the templates of one call, which have the same text)."""
        sentence = data.sentences[0]
        key_id = id(data)
        known = self._frags.get(key_id)
        if known is None:
            frags: set[str] = set()
            names: set[str] = set()
            _parts(sentence.expression, self._rules, frags, names, 0)
            known = (frozenset(frags), frozenset(names))
            self._frags[key_id] = known
        key = (key_id, frozenset(filter(hay.__contains__, known[0])), known[1] & empty)
        found = self._cache.get(key, _MISSING)
        if found is _MISSING:
            expression = self._prune(sentence.expression, hay, empty, memo, 0)
            found = None
            if expression is not None:
                if not isinstance(expression, Group):
                    expression = Sequence(items=[expression])
                found = IntentData(sentence_texts=list(data.sentence_texts), slots=data.slots)
                found.__dict__["sentences"] = [Sentence(expression=expression, text=sentence.text)]
            with self._lock:
                if len(self._cache) >= _CACHE_LIMIT:
                    self._cache.clear()
                self._cache[key] = found
        return found  # type: ignore[return-value]

    def _chunk_clauses(self, chunk: TextChunk) -> Any:
        """hassil's required fragments of a literal chunk (they depend on its text alone)."""
        found = self._chunks.get(chunk.text)
        if found is None:
            found = self._chunks[chunk.text] = _required_clauses(chunk, self._rules)
        return found

    def _rule(
        self, name: str, rule: Sentence, hay: str, empty: frozenset[str], memo: dict[str, Any], depth: int
    ) -> Expression | None:
        """A rule pruned, kept per (rule, its fragments present, its lists empty): rules
        (<dev>, <tgt>, <val>) are shared by many templates, so a new combination of
        words rarely needs them pruned again."""
        known = self._frags.get(name)
        if known is None:
            frags: set[str] = set()
            names: set[str] = set()
            _parts(rule.expression, self._rules, frags, names, 0)
            known = self._frags[name] = (frozenset(frags), frozenset(names))
        key = (name, frozenset(filter(hay.__contains__, known[0])), known[1] & empty)
        if key in self._rules_cache:
            found = self._rules_cache[key]
        else:
            found = self._prune(rule.expression, hay, empty, memo, depth + 1)
            with self._lock:
                if len(self._rules_cache) >= _CACHE_LIMIT:
                    self._rules_cache.clear()
                self._rules_cache[key] = found
        return found

    def _prune(
        self, exp: Expression, hay: str, empty: frozenset[str], memo: dict[str, Any], depth: int
    ) -> Expression | None:
        """`exp` without the branches that cannot match (None: `exp` itself cannot)."""
        if depth > 32 or isinstance(exp, Permutation):
            return exp  # left whole
        if isinstance(exp, ListReference):
            return None if exp.list_name in empty else exp
        if isinstance(exp, TextChunk):
            for clause in self._chunk_clauses(exp):
                if not any(f in hay for f in clause):
                    return None
            return exp
        if isinstance(exp, RuleReference):
            rule = self._rules.get(exp.rule_name)
            if rule is None:
                return exp  # hassil reports the missing rule itself
            if exp.rule_name not in memo:
                memo[exp.rule_name] = self._rule(exp.rule_name, rule, hay, empty, memo, depth)
            return memo[exp.rule_name]
        if isinstance(exp, Alternative):
            items = [p for p in (self._prune(i, hay, empty, memo, depth + 1) for i in exp.items) if p is not None]
            if not items:
                return None
            if all(isinstance(i, TextChunk) and i.is_empty for i in items):
                return _NOTHING
            if len(items) == 1:
                return items[0]
            return Alternative(items=items, is_optional=exp.is_optional)
        if isinstance(exp, Sequence):
            items = []
            for item in exp.items:
                pruned = self._prune(item, hay, empty, memo, depth + 1)
                if pruned is None:
                    return None
                if not (isinstance(pruned, TextChunk) and pruned.is_empty):
                    items.append(pruned)
            if not items:
                return _NOTHING
            if len(items) == 1:
                return items[0]
            return Sequence(items=items)
        return exp


#: (literal first/last chunks, list names, whether anything at all may come first or nothing be said)
_Steps = tuple[tuple[str, ...], tuple[str, ...], bool]


def _steps(first: tuple[frozenset[tuple[str, str]], bool]) -> _Steps:
    """:func:`_first`'s atoms grouped for a quick test (sorted: the same order every run)."""
    atoms, nullable = first
    texts = tuple(sorted(v for k, v in atoms if k == "t"))
    names = tuple(sorted(v for k, v in atoms if k == "l"))
    free = nullable or any(k not in ("t", "l") for k, _ in atoms)
    return texts, names, free


def _first(
    exp: Expression, rules: dict[str, Sentence], memo: dict[str, Any], depth: int, last: bool = False
) -> tuple[frozenset[tuple[str, str]], bool]:
    """What a match of `exp` may begin (`last`: end) with: ("t", squashed chunk)
    or ("l", list name) atoms, and whether it may match nothing at all."""
    if depth > 32 or isinstance(exp, Permutation):
        return frozenset({_ANY}), True
    if isinstance(exp, TextChunk):
        text = squash(exp.text)
        return (frozenset({("t", text)}), False) if text else (frozenset(), True)
    if isinstance(exp, ListReference):
        if exp.prefix or exp.suffix:
            return frozenset({_ANY}), True
        return frozenset({("l", exp.list_name)}), False
    if isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        if rule is None:
            return frozenset({_ANY}), True
        if exp.rule_name not in memo:
            memo[exp.rule_name] = _first(rule.expression, rules, memo, depth + 1, last)
        return memo[exp.rule_name]
    if isinstance(exp, Alternative):
        atoms: set[tuple[str, str]] = set()
        nullable = False
        for item in exp.items:
            more, empty = _first(item, rules, memo, depth + 1, last)
            atoms |= more
            nullable = nullable or empty
        return frozenset(atoms), nullable or not exp.items
    if isinstance(exp, Group):  # a sequence
        atoms = set()
        for item in reversed(exp.items) if last else exp.items:
            more, empty = _first(item, rules, memo, depth + 1, last)
            atoms |= more
            if not empty:
                return frozenset(atoms), False
        return frozenset(atoms), True
    return frozenset({_ANY}), True


def _parts(exp: Expression, rules: dict[str, Sentence], frags: set[str], names: set[str], depth: int) -> None:
    """Every fragment and list name the branches of `exp` may require."""
    if depth > 32:
        return
    if isinstance(exp, TextChunk):
        frags.update(f for clause in _required_clauses(exp, rules) for f in clause)
    elif isinstance(exp, ListReference):
        names.add(exp.list_name)
    elif isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        if rule is not None:
            _parts(rule.expression, rules, frags, names, depth + 1)
    elif isinstance(exp, Group):
        for item in exp.items:
            _parts(item, rules, frags, names, depth + 1)


__all__ = ["Pruner"]


def _required_clauses(chunk: TextChunk, rules: dict[str, Sentence]) -> frozenset[frozenset[str]]:
    """hassil's required literal fragments of one chunk, through its public
    ``Sentence.get_required_clauses`` (a fresh sentence: it caches its answer)."""
    return Sentence(expression=chunk).get_required_clauses(rules)
