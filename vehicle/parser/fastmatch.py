"""hassil's ``recognize_best`` over the parser's templates, compiled once per language.

hassil walks a template's expression tree with a generator per node and a
new context object per step; a clause of a run-on asks it ~35 times, and
most of that time is the walk itself (and, around it, routing and pruning
to keep the walk short). This module answers the same question from a
form of the templates compiled once, at the parser's warm-up:

* every sentence is one node graph (:mod:`.fastnodes`);
* :mod:`.fastindex` picks the sentences that can read a clause (an index on
  its first and its last characters, then a regular expression per sentence
  accepting a superset of what hassil accepts);
* :mod:`.fastread` reads each of those exactly: hassil's best parse;
  :mod:`.fastgen` (Chinese) and :mod:`.fastspaced` (English) do the same
  reads with Python generated per node, about twice as fast. Those and the
  gates are compiled in the background (1.5–1.9 s in all): until
  they are, every sentence the index picks is read by :mod:`.fastread`,
  with the very same answers.

The text semantics are hassil 3.13's, step by step (``match_expression``):
the clause normalised and its skip words removed as ``recognize_all`` does
(with skip words first when any were removed), literal chunks matched with
``re.IGNORECASE`` at a position, whitespace skipped before a chunk at a
start of word (English), whitespace between CJK characters removed
(Chinese), list values tried in hassil's candidate order with the
start-of-word flag restored after them and their text not counted, digits
read by hassil's number pattern, whitespace allowed at the end, results
ranked by literal characters matched then intent name, ties to the first
produced (intents, blocks, sentences, texts, depth first).

Anything the shipped templates do not use (wildcards, permutations,
context, per-block lists or rules, number words, captures) is not compiled:
:func:`compile_grammar` returns None and the caller asks hassil. A clause
with a hyphen, an underscore or punctuation hassil would strip or keep
(rare in clause bodies), or whose case folding changes its length, is not
read here either (``FALLBACK``).
``tests/parser/test_parser_fastmatch.py`` holds the answer to hassil's.
"""
from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from typing import Any

from hassil.intents import Intents
from hassil.util import CJK_WHITESPACE, PUNCTUATION_STR, WHITESPACE_CAPTURE, fold_case

from .fastgen import compile_reads
from .fastindex import SEQ, compile_gate, gate_source, keys, prefixes, starts
from .fastnodes import NodeCompiler, Unsupported
from .fastread import Entities, Reader, reading, shared
from .fastspaced import best as spaced_best, compile_spaced, memo_for
from .recognize import _skip_pattern as skip_pattern

_SPACE = re.compile(r"\s")
_UNSAFE = frozenset(PUNCTUATION_STR) | {"-", "_"}
#: Characters of the index key (English spells words out; a Chinese character says more).
_KEY_SIZE = {True: 5, False: 2}
#: Clauses read before the gates start compiling unless asked for (a
#: one-shot parse reads a few; the parser's warm-up about twenty).
GATES_AFTER_READS = 64
#: What :meth:`FastMatcher.entities` returns for a clause it leaves to hassil.
FALLBACK = object()
#: slot -> (value, text as said)
Slots = dict[str, tuple[Any, str]]


@dataclass(frozen=True, slots=True, eq=False)
class _Sentence:
    order: int
    intent: str
    node: tuple
    slots: dict[str, Any]


class FastMatcher(NodeCompiler):
    """One language's templates, compiled (see the module docstring)."""

    def __init__(self, intents: Intents, language: str, *, gates: bool = True) -> None:
        self.language = language
        self._spaced = not intents.settings.ignore_whitespace
        self._skip = skip_pattern(tuple(intents.skip_words), not self._spaced)
        self._rules = intents.expansion_rules
        self._slot_lists = intents.slot_lists
        self._lists: dict = {}
        self._rule_nodes: dict[str, tuple] = {}
        self._ids = 0
        sentences: list[_Sentence] = []
        for intent in intents.intents.values():
            for data in intent.data:
                if (data.slot_lists or data.expansion_rules or data.requires_context or data.excludes_context
                        or data.required_keywords or data.wildcard_list_names):
                    raise Unsupported(f"a block of {intent.name} has its own lists, rules, context or keywords")
                for sentence in data.sentences:
                    node = self._node(sentence.expression, ())
                    sentences.append(_Sentence(len(sentences), intent.name, node, dict(data.slots)))
        self._sentences = sentences
        self._key_size = _KEY_SIZE[self._spaced]
        index: dict[str, set[int]] = {}
        ends: dict[str, set[int]] = {}
        gate_parts: dict[int, str] = {}  # (not `gates`: that is the caller's choice)
        sources: list[str] = []
        walked: dict = {}
        for sentence in sentences:
            for prefix in prefixes(sentence.node, self._key_size, memo=walked):
                index.setdefault(prefix, set()).add(sentence.order)
            for suffix in prefixes(sentence.node, self._key_size, backwards=True, memo=walked):
                ends.setdefault(suffix, set()).add(sentence.order)
            sources.append(gate_source(sentence.node, self._spaced, gate_parts))
        #: per sentence its gate, None until compiled (see :meth:`_compile_gates`)
        self._gates: list[re.Pattern[str] | None] = [None] * len(sources)
        self._checks: list[Any] = [None] * len(sources)  # each gate's bound ``fullmatch``
        self._gates_done = threading.Event()
        self._sources: list[str] | None = sources if gates else None
        self._reads_before_gates = GATES_AFTER_READS
        self._gates_lock = threading.Lock()
        if not gates:  # every sentence the index picks is read exactly (tests: the gates change no answer)
            self._gates_done.set()
        self._index = {prefix: sum(1 << order for order in orders) for prefix, orders in index.items()}
        self._ends = {suffix: sum(1 << order for order in orders) for suffix, orders in ends.items()}
        starts_of: dict[int, tuple[frozenset[str] | None, bool]] = {}
        for sentence in sentences:
            starts(sentence.node, starts_of)
        heads = {ident: chars for ident, (chars, empty) in starts_of.items() if chars is not None and not empty}
        self._musts = None if self._spaced else _musts(sentences, starts_of)
        made: dict = {-1: shared([sentence.node for sentence in sentences])}
        self._reads = [reading(sentence.node, self._spaced, heads, made) for sentence in sentences]
        #: the generated reads per sentence (None until built, see :meth:`_build_reads`)
        self._flat: list[Any] | None = None
        self._flat_plan: tuple | None = ([sentence.node for sentence in sentences], heads, made[-1])
        if not gates:
            self._build_reads()
        self._chosen_by_key: dict[tuple[str, str], int] = {}
        self._chosen_by_ends: dict[tuple[str, str], int] = {}

    # -- compiling -------------------------------------------------------------
    def _compile_gates(self, sources: list[str]) -> None:
        """Compile the gates off the caller's thread.

        A gate only drops sentences that cannot match, so a clause read
        before its sentence's gate exists gets the very same answer, only
        from more exact reads. Compiling them all takes about a second (most
        of it the English expressions); done inline it tripled the start-up
        of ``n7web parse`` and of the service.
        """
        try:
            self._build_reads()
            for order, source in enumerate(sources):
                try:
                    gate = self._gates[order] = compile_gate(source)
                    self._checks[order] = gate.fullmatch
                except (re.error, RecursionError, MemoryError):
                    continue  # no gate: that sentence is always read exactly
        finally:
            self._gates_done.set()

    def _build_reads(self) -> None:
        """Generate and compile the sentences' reads (once; about 0.3 s a
        language, so off the caller's thread with the gates). Should that
        fail, :mod:`.fastread` keeps reading: the same answers, slower."""
        plan, self._flat_plan = self._flat_plan, None
        if plan is None:
            return
        try:
            self._flat = (compile_spaced if self._spaced else compile_reads)(*plan)
        except (AssertionError, RecursionError, MemoryError, SyntaxError):
            pass

    def _start_gates(self) -> None:
        """Start compiling the gates (once): on the first :meth:`gates_ready`
        or after a few reads, so a one-shot ``n7web parse`` never pays for them."""
        with self._gates_lock:
            sources, self._sources = self._sources, None
        if sources is not None:
            threading.Thread(target=self._compile_gates, args=(sources,), name="n7web-gates", daemon=True).start()

    @property
    def gates_started(self) -> bool:
        """Whether the gates are compiling or compiled (or not wanted)."""
        return self._sources is None

    def gates_ready(self, timeout: float | None = None) -> bool:
        """Start the gates (and the generated reads) if not yet, and wait
        (bounded) until every one is compiled."""
        self._start_gates()
        return self._gates_done.wait(timeout)


    def entities(self, text: str) -> tuple[str, Slots] | None | object:
        """The best parse of `text`: (intent, slot -> (value, text)) with the
        block's fixed slots added, None when no template reads it, or
        ``FALLBACK`` when this clause is one this matcher leaves to hassil."""
        if self._sources is not None:
            self._reads_before_gates -= 1
            if self._reads_before_gates <= 0:
                self._start_gates()
        candidates = self.candidates(text)
        if candidates is None:
            return FALLBACK
        runs: list[tuple[str, str]] = []
        for candidate in candidates:
            folded = candidate.lower() if candidate.isascii() else fold_case(candidate)  # the same for ASCII
            if len(folded) != len(candidate):
                return FALLBACK
            runs.append((candidate, folded))
        hits: list[tuple[int, int]] = []  # (sentence, text): hassil's order once sorted
        checks = self._checks
        musts = self._musts
        for n, (candidate, folded) in enumerate(runs):
            present = set(folded) if musts is not None else None
            for order in self._chosen(folded):
                if present is not None:
                    for need in musts[order]:
                        if present.isdisjoint(need):
                            break
                    else:
                        need = None
                    if need is not None:
                        continue  # an item it cannot do without starts with no character here
                check = checks[order]
                if check is None or check(candidate) is not None:
                    hits.append((order, n))
        if not hits:
            return None
        if len(runs) > 1:
            hits.sort()
        best: tuple[int, str] | None = None
        best_parse: tuple[_Sentence, Entities] | None = None
        readers: list[Any] = [None] * len(runs)
        flat = self._flat
        for order, n in hits:
            reader = readers[n]
            if reader is None:
                candidate = runs[n][0]
                if flat is None:
                    reader = readers[n] = Reader(candidate, runs[n][1])
                elif self._spaced:
                    reader = readers[n] = memo_for(candidate)
                elif _SPACE.search(candidate) is None:
                    reader = readers[n] = {}  # what the compiled reads keep for this text
                else:
                    reader = readers[n] = Reader(candidate, runs[n][1])
            if type(reader) is dict:
                candidate, folded = runs[n]
                if self._spaced:
                    found = spaced_best(flat[order](candidate, folded, 1, reader), reader[-2])
                else:
                    found = flat[order](candidate, folded, 0, reader).get(len(candidate))
            else:
                found = reader.best(self._reads[order])
            if found is None:
                continue
            sentence = self._sentences[order]
            key = (-found[0], sentence.intent)
            if best is None or key < best:
                best, best_parse = key, (sentence, found[1])
        if best_parse is None:
            return None
        sentence, parse = best_parse
        slots: Slots = {}
        for slot, value, said in parse:
            slots[slot] = (value, said)
        for slot, value in sentence.slots.items():
            if slot not in slots:
                slots[slot] = (value, "")
        return sentence.intent, slots

    def clear_cache(self) -> None:
        """Forget the sentences chosen per first characters (benchmarks)."""
        self._chosen_by_key.clear()
        self._chosen_by_ends.clear()

    def candidates(self, text: str) -> list[str] | None:
        """The texts hassil matches, in its order: with skip words (when any were
        removed), then without; None for a text with punctuation, "-" or "_"."""
        spaced = _SPACE.search(text) is not None
        norm = unicodedata.normalize("NFC", WHITESPACE_CAPTURE.sub(" ", text) if spaced else text).replace("’", "'")
        if not _UNSAFE.isdisjoint(norm):
            return None
        norm = norm.strip()  # no punctuation: hassil's punctuation removal changes nothing
        without = norm
        if self._skip is not None:
            if self._spaced:
                without = WHITESPACE_CAPTURE.sub(" ", self._skip.sub(" ", norm)).strip()
            else:
                without = self._skip.sub("", norm)
        texts = [without] if without == norm else [norm, without]
        if self._spaced:
            return [t + " " for t in texts]  # hassil's artificial word boundary
        return [CJK_WHITESPACE.sub("", t) if _SPACE.search(t) is not None else t for t in texts]

    def _chosen(self, folded: str) -> tuple[int, ...]:
        """The sentences whose first and last characters can be the text's (their orders, ascending)."""
        if not self._spaced and _SPACE.search(folded) is None:  # its keys: a function of its ends alone
            size = self._key_size
            ends = (folded[:size], folded[-size:])
            chosen = self._chosen_by_ends.get(ends)
            if chosen is None:
                chosen = self._chosen_by_keys(folded)
                if len(self._chosen_by_ends) >= 4096:
                    self._chosen_by_ends.clear()
                self._chosen_by_ends[ends] = chosen
            return chosen
        return self._chosen_by_keys(folded)

    def _chosen_by_keys(self, folded: str) -> tuple[int, ...]:
        key = first, last = keys(folded, self._key_size)
        chosen = self._chosen_by_key.get(key)
        if chosen is None:
            bits = _having(self._index, first) & _having(self._ends, last)  # a bit per sentence
            orders = []
            while bits:
                low = bits & -bits
                bits ^= low
                orders.append(low.bit_length() - 1)
            chosen = tuple(orders)
            if len(self._chosen_by_key) >= 4096:
                self._chosen_by_key.clear()
            self._chosen_by_key[key] = chosen
        return chosen


def _musts(sentences: list[_Sentence], memo: dict) -> list[tuple[frozenset[str], ...]]:
    """Per sentence, the first characters (folded) of up to three of the items
    of its sequence that always read one: a clause without any of one set's
    characters cannot be read by it (the cheapest check, before its gate).
    Chinese only: there nearly every character tells. `memo`: :func:`.fastindex.starts`'s."""
    out = []
    for sentence in sentences:
        node = sentence.node
        sets = []
        for item in node[2] if node[0] == SEQ else (node,):
            chars, empty = starts(item, memo)
            if chars and not empty:
                sets.append(chars)
        sets.sort(key=len)
        out.append(tuple(sets[:3]))
    return out


def _having(index: dict[str, int], key: str) -> int:
    """The sentences a key (see :func:`.fastindex.keys`) may belong to: under any of its beginnings."""
    chosen = 0
    for k in range(len(key) + 1):
        chosen |= index.get(key[:k], 0)
    return chosen


def compile_grammar(intents: Intents, language: str) -> FastMatcher | None:
    """The compiled matcher, or None when the templates use what it does not implement."""
    try:
        return FastMatcher(intents, language)
    except Unsupported:
        return None


__all__ = ["FALLBACK", "FastMatcher", "Slots", "compile_grammar"]
