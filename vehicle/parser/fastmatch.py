"""hassil's ``recognize_best`` over the parser's templates, compiled once per language.

hassil walks a template's expression tree with a generator per node and a
new context object per step; a clause of a run-on asks it ~35 times, and
most of that time is the walk itself (and, around it, routing and pruning
to keep the walk short). This module answers the same question from a
form of the templates compiled once at parser build time:

* every sentence is one node graph (expansion rules inlined, shared between
  sentences, so "<dev>" at one text position is read once per clause);
* a node read at (position, start-of-word flag) gives every way it can end
  -- (position, flag, literal characters matched, entities) -- in hassil's
  depth-first order, keeping per end state only the parse hassil would rank
  first: the most literal characters, the earliest on a tie. What follows a
  node depends only on where it ended, so that choice is exact;
* sentences are indexed by the characters they can start with, so a clause
  only tries the few that can read its first character.

The text semantics are hassil 3.13's, step by step (``match_expression``):
literal chunks matched with ``re.IGNORECASE`` at a position, a start of word
skipping whitespace before a chunk (English), whitespace between CJK
characters removed (Chinese), list values tried in hassil's candidate order
with the start-of-word flag restored after them and their text not counted,
digits read by hassil's number pattern, the remainder allowed to be
whitespace, results ranked by literal characters matched then intent name,
ties to the first produced (intents, blocks, sentences, text with skip words
first, depth-first). Anything the templates do not use (wildcards,
permutations, context, per-block lists or rules, number words), and a
clause with a hyphen, an underscore or punctuation left after hassil's
normalisation, is not compiled: :func:`compile_grammar` returns None or
:meth:`FastMatcher.entities` returns ``FALLBACK`` and the caller asks hassil.
``tests/parser/test_parser_fastmatch.py`` holds it to hassil's answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hassil.expression import Alternative, ListReference, RuleReference, Sentence, Sequence, TextChunk
from hassil.intents import Intents, RangeSlotList, TextSlotList
from hassil.util import CJK_WHITESPACE, PUNCTUATION_STR, fold_case

from .recognize import _matchable, prepare

_CHUNK, _SEQ, _ALT, _LIST, _NUM = range(5)
_WORD_END = (" ", "'")  # hassil's WORD_END_CHARS
_NUMBER = re.compile(r"(\s*-?[0-9]+)")  # hassil's INTEGER_START, matched at a position
_SPACE = re.compile(r"\s*")
_UNSAFE = frozenset(PUNCTUATION_STR) | {"-", "_"}
#: What :meth:`FastMatcher.entities` returns for a clause it does not read itself.
FALLBACK = object()
#: One parse: (slot, value, text) per entity, in the order hassil adds them.
Entities = tuple[tuple[str, Any, str], ...]
#: One way a node ends: (position, start of word, literal characters, entities).
Outcome = tuple[int, bool, int, Entities]


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
    by_word: dict[str, list[_Value]]
    """Folded left-stripped text -> values (hassil's candidate index, insertion order)."""
    word_lengths: tuple[int, ...]
    unindexed: list[_Value]
    by_raw: dict[str, list[_Value]]
    """Folded text as matched without a start of word -> values (a pre-filter only)."""
    raw_lengths: tuple[int, ...]
    raw_unindexed: list[_Value]


@dataclass(frozen=True, slots=True, eq=False)
class _Sentence:
    order: int
    intent: str
    node: tuple
    slots: dict[str, Any]


class FastMatcher:
    """One language's templates, compiled (see the module docstring)."""

    def __init__(self, intents: Intents, language: str) -> None:
        self.language = language
        self._spaced = not intents.settings.ignore_whitespace
        self._skip_words = list(intents.skip_words)
        self._rules = intents.expansion_rules
        self._lists: dict[str, _List] = {}
        self._range: dict[str, tuple[int, int]] = {}
        self._slot_lists = intents.slot_lists
        self._ids = 0
        self._rule_nodes: dict[str, tuple] = {}
        sentences: list[_Sentence] = []
        for intent in intents.intents.values():
            for data in intent.data:
                if (data.slot_lists or data.expansion_rules or data.requires_context or data.excludes_context
                        or data.required_keywords or data.wildcard_list_names):
                    raise Unsupported(f"block of {intent.name} has its own lists, rules, context or keywords")
                for sentence in data.sentences:
                    node = self._node(sentence.expression, ())
                    sentences.append(_Sentence(len(sentences), intent.name, node, dict(data.slots)))
        self._sentences = sentences
        # index: first character a sentence can read -> its sentences, in order
        index: dict[str, list[_Sentence]] = {}
        anywhere: list[_Sentence] = []
        for sentence in sentences:
            first = self._first(sentence.node, {})
            if first is None:
                anywhere.append(sentence)
            else:
                for char in first:
                    index.setdefault(char, []).append(sentence)
        self._anywhere = tuple(anywhere)
        self._index = {
            char: tuple(sorted({*found, *anywhere}, key=lambda s: s.order)) for char, found in index.items()
        }

    # -- compiling -------------------------------------------------------------

    def _new(self, kind: int, *fields: Any) -> tuple:
        self._ids += 1
        return (kind, self._ids, *fields)

    def _node(self, expr: Any, rules: tuple[str, ...]) -> tuple:
        if isinstance(expr, TextChunk):
            return self._chunk(expr.text)
        if isinstance(expr, RuleReference):
            name = expr.rule_name
            if name in rules or name not in self._rules:
                raise Unsupported(f"rule <{name}> is missing or recursive")
            node = self._rule_nodes.get(name)
            if node is None:
                node = self._rule_nodes[name] = self._node(self._rules[name].expression, (*rules, name))
            return node
        if isinstance(expr, ListReference):
            return self._list_ref(expr)
        if type(expr) is Sequence:
            return self._new(_SEQ, tuple(self._node(i, rules) for i in expr.items))
        if type(expr) is Alternative:
            return self._new(_ALT, tuple(self._node(i, rules) for i in expr.items))
        raise Unsupported(f"{type(expr).__name__} is not compiled")

    def _chunk(self, text: str) -> tuple:
        if self._spaced:
            lead = text.lstrip()
            return self._new(
                _CHUNK, text, text.endswith(_WORD_END), len(text.strip()),
                lead, _prefix(lead), _prefix(text),
            )
        zh = CJK_WHITESPACE.sub("", text)
        return self._new(_CHUNK, text, text.endswith(_WORD_END), len(zh.strip()), zh, _prefix(zh), None)

    def _list_ref(self, ref: ListReference) -> tuple:
        if ref.is_capture:
            raise Unsupported("list captures are not compiled")
        name = ref.list_name
        slot_list = self._slot_lists.get(name)
        if isinstance(slot_list, RangeSlotList):
            if (not slot_list.digits or slot_list.words or slot_list.step != 1 or slot_list.fraction_type is not None
                    or slot_list.multiplier is not None):
                raise Unsupported(f"range list {name} needs more than digits")
            self._range[name] = (slot_list.start, slot_list.stop)
            return self._new(_NUM, ref.slot_name, slot_list.start, slot_list.stop)
        if type(slot_list) is not TextSlotList:
            raise Unsupported(f"list {name} is missing or not a text list")
        if name not in self._lists:
            self._lists[name] = self._compile_list(slot_list)
        return self._new(_LIST, ref.slot_name, self._lists[name])

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
            node = self._node(text_in, ())
            if _has_refs(node):
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
            raw = (text_in.text if self._spaced else CJK_WHITESPACE.sub("", text_in.text)) if plain else ""
            if plain and raw and len(fold_case(raw)) == len(raw):
                by_raw.setdefault(fold_case(raw), []).append(item)
            else:
                raw_unindexed.append(item)
        return _List(
            values, by_word, tuple(sorted({len(k) for k in by_word})), unindexed,
            by_raw, tuple(sorted({len(k) for k in by_raw})), raw_unindexed,
        )

    def _first(self, node: tuple, memo: dict) -> frozenset[str] | None:
        """Every folded character a match of `node` can start with ("" when it
        can read nothing), or None when that is not known (read it always)."""
        found = memo.get(node[1], _MISSING)
        if found is not _MISSING:
            return found
        memo[node[1]] = None  # cycles (none expected) read always
        kind = node[0]
        result: frozenset[str] | None
        if kind == _CHUNK:
            heads = set()
            for text in (node[2], node[5]):
                text = text.lstrip() if self._spaced else text
                heads.add(fold_case(text[:1]) if text else "")
            result = None if any(not _simple(h) for h in heads if h) else frozenset(heads)
        elif kind == _NUM:
            result = frozenset("0123456789-")
        elif kind == _LIST:
            result = frozenset()
            for value in node[3].values:
                sub = self._first(value.node, memo)
                if sub is None:
                    result = None
                    break
                result |= sub
        elif kind == _ALT:
            result = frozenset()
            for item in node[2]:
                sub = self._first(item, memo)
                if sub is None:
                    result = None
                    break
                result |= sub
        else:  # a sequence: its first item, and the next while the items so far can read nothing
            result = frozenset({""})
            for item in node[2]:
                sub = self._first(item, memo)
                if sub is None:
                    result = None
                    break
                result = (result - {""}) | sub
                if "" not in sub:
                    break
        memo[node[1]] = result
        return result

    # -- matching --------------------------------------------------------------

    def entities(self, text: str) -> tuple[str, dict[str, tuple[Any, str]]] | None | object:
        """The best parse of `text`: (intent, slot -> (value, text)) with the
        block's fixed slots added, None when no template reads it, or
        ``FALLBACK`` when this clause is not one this matcher reads."""
        prepared = prepare(text, self._skip_words, not self._spaced)
        without = _matchable(prepared.without_skip, not self._spaced).text
        candidates = [without]
        if prepared.without_skip.text != prepared.with_skip.text:
            candidates.insert(0, _matchable(prepared.with_skip, not self._spaced).text)
        runs: list[tuple[_Run, frozenset[int] | None]] = []
        for candidate in candidates:
            if _UNSAFE.intersection(candidate):
                return FALLBACK
            folded = fold_case(candidate)
            if len(folded) != len(candidate):
                return FALLBACK
            head = fold_case(candidate[:1]) if candidate else ""
            if head and not head.isspace() and _simple(head):
                chosen = self._index.get(head, self._anywhere)
                runs.append((_Run(candidate, folded, self._spaced), frozenset(s.order for s in chosen)))
            else:
                runs.append((_Run(candidate, folded, self._spaced), None))
        wanted = set()
        for _, orders in runs:
            if orders is None:
                wanted = None
                break
            wanted |= orders
        best: tuple[int, str] | None = None
        best_parse: tuple[_Sentence, Entities] | None = None
        for sentence in self._sentences:
            if wanted is not None and sentence.order not in wanted:
                continue
            for run, orders in runs:
                if orders is not None and sentence.order not in orders:
                    continue
                found = run.best(sentence.node)
                if found is None:
                    continue
                key = (-found[0], sentence.intent)
                if best is None or key < best:
                    best, best_parse = key, (sentence, found[1])
        if best_parse is None:
            return None
        sentence, parse = best_parse
        slots: dict[str, tuple[Any, str]] = {}
        for slot, value, said in parse:
            slots[slot] = (value, said)
        for slot, value in sentence.slots.items():
            if slot not in slots:
                slots[slot] = (value, "")
        return sentence.intent, slots


class _Run:
    """One candidate text being read: every node's outcomes per (position, flag), kept."""

    __slots__ = ("text", "folded", "spaced", "size", "end", "memo")

    def __init__(self, text: str, folded: str, spaced: bool) -> None:
        self.text = text
        self.folded = folded
        self.spaced = spaced
        self.size = len(text)
        self.end = len(text.rstrip())  # from here on only whitespace is left
        self.memo: dict[tuple[int, int, bool], list[Outcome]] = {}

    def best(self, node: tuple) -> tuple[int, Entities] | None:
        """Most literal characters of a whole-text parse of `node`, and the first such parse."""
        found: tuple[int, Entities] | None = None
        end = self.end
        for position, _, chunks, ents in self.read(node, 0, True):
            if position >= end and (found is None or chunks > found[0]):
                found = (chunks, ents)
        return found

    def read(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        key = (node[1], position, start)
        found = self.memo.get(key)
        if found is None:
            kind = node[0]
            if kind == _CHUNK:
                found = self._chunk(node, position, start)
            elif kind == _SEQ:
                found = self._sequence(node[2], position, start)
            elif kind == _ALT:
                found = _keep_best([o for item in node[2] for o in self.read(item, position, start)])
            elif kind == _LIST:
                found = self._list(node, position, start)
            else:
                found = self._number(node, position, start)
            self.memo[key] = found
        return found

    def _chunk(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        _, _, text, word_end, count, lead, lead_rx, raw_rx = node
        if text == "":
            return [(position, start, 0, ())]
        at = position
        if self.spaced and start:
            at = _SPACE.match(self.text, position).end()
            chunk, pattern = lead, lead_rx
        elif self.spaced:
            chunk, pattern = text, raw_rx
        else:
            chunk, pattern = lead, lead_rx  # Chinese: the chunk without CJK whitespace, nothing skipped
        if not chunk:
            return [(at, word_end, 0, ())]
        found = pattern.match(self.text, at)
        if found is not None:
            return [(found.end(), word_end, count, ())]
        if at >= self.end and chunk.isspace():
            return [(position, start, 0, ())]
        return []

    def _sequence(self, items: tuple, position: int, start: bool) -> list[Outcome]:
        if not items:
            return []  # hassil's empty sequence yields nothing
        current: list[Outcome] = [(position, start, 0, ())]
        for item in items:
            produced: list[Outcome] = []
            for pos, flag, chunks, ents in current:
                for pos2, flag2, chunks2, ents2 in self.read(item, pos, flag):
                    produced.append((pos2, flag2, chunks + chunks2, ents + ents2 if ents2 else ents))
            if not produced:
                return []
            current = _keep_best(produced) if len(produced) > 1 else produced
        return current

    def _list(self, node: tuple, position: int, start: bool) -> list[Outcome]:
        _, _, slot, compiled = node
        text, size = self.text, self.size
        if position >= size:
            return []
        if self.spaced and start:
            at = _SPACE.match(text, position).end()
            if at < size:  # hassil's get_candidates: indexed values by key length, then the others
                values = []
                folded = self.folded
                for length in compiled.word_lengths:
                    if at + length > size:
                        break
                    hit = compiled.by_word.get(folded[at : at + length])
                    if hit:
                        values.extend(hit)
                values.extend(compiled.unindexed)
            else:
                values = compiled.values
        else:  # every value in list order (only those that may match at this position are tried)
            folded = self.folded
            values = list(compiled.raw_unindexed)
            for length in compiled.raw_lengths:
                if position + length > size:
                    break
                hit = compiled.by_raw.get(folded[position : position + length])
                if hit:
                    values.extend(hit)
            values.sort(key=lambda v: v.index)
        out: list[Outcome] = []
        seen: set[int] = set()
        left = size - position
        for value in values:
            if value.chunk_len is not None and (left < value.chunk_len or not value.node[2].strip()):
                continue
            for end, _, _, _ in self.read(value.node, position, start):
                if end in seen:
                    continue  # an earlier value ends here too, and the rest reads the same
                seen.add(end)
                said = text[position:end]
                out.append((end, start, 0, ((slot, said if value.out is None else value.out, said),)))
        return out

    def _number(self, node: tuple, position: int, start: bool) -> list[Outcome]:
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


def _keep_best(outcomes: list[Outcome]) -> list[Outcome]:
    """Per end state, the parse hassil would rank first (most literal characters,
    then earliest), in the order of the parses kept."""
    kept: dict[tuple[int, bool], tuple[int, Outcome]] = {}
    for order, outcome in enumerate(outcomes):
        state = (outcome[0], outcome[1])
        old = kept.get(state)
        if old is None or outcome[2] > old[1][2]:
            kept[state] = (order, outcome)
    if len(kept) == len(outcomes):
        return outcomes
    return [outcome for _, outcome in sorted(kept.values(), key=lambda kv: kv[0])]


def _prefix(text: str) -> re.Pattern[str]:
    """hassil's ``match_start`` pattern, matched at a position instead of on a slice."""
    return re.compile(re.escape(text), re.IGNORECASE)


def _simple(char: str) -> bool:
    """A character whose case matching the first-character index can key on exactly."""
    return ("a" <= char <= "z") or ("0" <= char <= "9") or char in " '%&" or bool(_CJK_CHAR.match(char))


_CJK_CHAR = re.compile(r"[一-鿿㐀-䶿぀-ヿ가-힯]")
_MISSING = object()


def _has_refs(node: tuple) -> bool:
    if node[0] in (_LIST, _NUM):
        return True
    if node[0] in (_SEQ, _ALT):
        return any(_has_refs(item) for item in node[2])
    return False


def compile_grammar(intents: Intents, language: str) -> FastMatcher | None:
    """The compiled matcher, or None when the templates use what it does not implement."""
    try:
        return FastMatcher(intents, language)
    except Unsupported:
        return None


__all__ = ["FALLBACK", "FastMatcher", "compile_grammar"]
