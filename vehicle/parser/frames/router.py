"""Routing a clause to the few templates that can match it, in our own code.

hassil tries every template block on every call: it merges the slot lists
for each block and walks each template's expression tree, and most of a
miss is spent there. Its own pre-filter only looks at literal words, which
in these templates ("set", "to", "打开") are everywhere. This router adds
the missing half: for each template it computes, once at load, which slot
lists every match must read from (in conjunctive normal form: "a device or
a defrost word, and a number"), and at parse time it keeps only templates
whose required lists have a word present in the clause. A list with no word
present can never match, so the answer is the same; only the time changes.

The set of templates for one combination of lists is built once and kept
(there are few combinations: the lists present in real clauses), and so
are the narrowed lists for one combination of words said.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Any

from hassil import Intents
from hassil.expression import Alternative, Group, ListReference, RuleReference, Sentence, TextChunk
from hassil.intents import Intent, IntentData

from .lexicon import Lexicon
from .prune import Pruner
from .vocabulary import Vocabulary

Clauses = frozenset[frozenset[str]]
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d+")
_NO_CONTROL = "-control"
_CACHE_LIMIT = 1024


class Router:
    """Picks, per clause, the template blocks whose required words and lists are present."""

    def __init__(self, intents: Intents, vocabulary: Vocabulary) -> None:
        self._base = intents
        self._spaced = not intents.settings.ignore_whitespace
        rules = intents.expansion_rules
        #: (intent name, one-sentence block, required atoms in CNF) in file order
        self._blocks: list[tuple[str, IntentData, Clauses]] = []
        for name, intent in intents.intents.items():
            for data in intent.data:
                for sentence in data.sentences:
                    block = IntentData(sentence_texts=[sentence.text or ""], slots=dict(data.slots))
                    block.__dict__["sentences"] = [sentence]  # share the parsed template
                    cnf = frozenset(_required(sentence.expression, rules, self._spaced))
                    self._blocks.append((name, block, cnf))
        self._words = frozenset(
            atom[1:] for _, _, cnf in self._blocks for clause in cnf for atom in clause if atom[0] == "w"
        )
        self.lexicon = Lexicon(vocabulary, intents, extra_words=self._words)
        self._lexicon = self.lexicon
        controls = {"device", "mode", "peripheral"} | {n for n in intents.slot_lists if n.startswith("dev_")}
        self._controls = frozenset(controls)
        sentences = [block.sentences[0].expression for _, block, _ in self._blocks]
        #: the most numbers / controls any one template reads: a clause with more is no clause
        self.most_numbers = max((_most(e, rules, {"number"}) for e in sentences), default=0)
        self.most_controls = max((_most(e, rules, controls) for e in sentences), default=0)
        # A template that reads no control and has no control word in its own
        # text cannot match a clause that names a control ("左后温度调低2度"
        # is no "<target> 调低 N 度"): it additionally needs "no control said".
        aliases = [a for table in (vocabulary.devices, vocabulary.modes, vocabulary.peripherals) for a in table]
        for n, (name, block, cnf) in enumerate(self._blocks):
            lists, texts = _parts(block.sentences[0].expression, rules)
            texts |= {w for ln in lists for w in self.lexicon.spellings(ln)}
            if not (lists & controls) and not any(a in t for t in texts for a in aliases):
                self._blocks[n] = (name, block, cnf | {frozenset({_NO_CONTROL})})
        #: every distinct CNF clause, and per block the indexes of those it needs (for :meth:`_build`)
        self._clauses = sorted({c for _, _, cnf in self._blocks for c in cnf}, key=lambda c: sorted(c))
        index = {c: n for n, c in enumerate(self._clauses)}
        self._needs = [frozenset(index[c] for c in cnf) for _, _, cnf in self._blocks]
        self._atoms = frozenset(atom for clause in self._clauses for atom in clause)
        #: cuts, per clause, the branches of the routed templates that cannot match
        self.pruner = Pruner(dict(rules), list(intents.skip_words), intents.settings.ignore_whitespace)
        self._cache: dict[frozenset[str], Intents] = {}
        self._said: dict[tuple[frozenset[str], bool], tuple[frozenset[str], dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def route(self, text: str) -> tuple[Intents, dict[str, Any]]:
        """The templates that may match `text`, and the slot lists narrowed to it.

        Both are kept per combination of words said (and whether a number
        is), so the lists are shared between calls: read them, never change them.
        """
        said = self._lexicon.present(text)
        digit = bool(_DIGIT.search(text))
        known = self._said.get((said, digit))
        if known is None:
            lists: dict[str, Any] = dict(self._lexicon.narrowed_lists(said))
            present = {"l" + name for name, sl in lists.items() if sl.values}
            if digit:
                present.add("lnumber")
            present.update("w" + w for w in self._words & said)
            if not any(lists[n].values for n in self._controls):
                present.add(_NO_CONTROL)
            known = (frozenset(present) & self._atoms, lists)  # atoms no template needs change nothing
            with self._lock:
                if len(self._said) >= _CACHE_LIMIT:
                    self._said.clear()
                self._said[said, digit] = known
        key, lists = known
        intents = self._cache.get(key)
        if intents is None:
            intents = self._build(key)
            with self._lock:
                if len(self._cache) >= _CACHE_LIMIT:
                    self._cache.clear()
                self._cache[key] = intents
        return intents, lists

    def clear_cache(self) -> None:
        """Forget the routed and pruned templates kept per combination of words (benchmarks)."""
        with self._lock:
            self._cache.clear()
            self._said.clear()
        self.pruner.clear_cache()

    def too_many_numbers(self, text: str) -> bool:
        """`text` holds more numbers than any template reads."""
        return len(_NUMBER.findall(text)) > self.most_numbers

    def may_be_one_clause(self, text: str) -> bool:
        """False when `text` says more numbers or controls than any template reads."""
        if self.too_many_numbers(text):
            return False
        controls = sum(1 for hit in self.lexicon.hits(text) if hit.kind in ("device", "mode", "peripheral"))
        return controls <= self.most_controls

    def _build(self, present: frozenset[str]) -> Intents:
        by_intent: dict[str, Intent] = {}
        # each distinct clause tested once; a block stays when none of its clauses failed
        failed = frozenset(n for n, clause in enumerate(self._clauses) if clause.isdisjoint(present))
        for (name, block, _), needs in zip(self._blocks, self._needs):
            if needs.isdisjoint(failed):
                by_intent.setdefault(name, Intent(name=name)).data.append(block)
        base = self._base
        return Intents(
            language=base.language,
            intents=by_intent,
            slot_lists=base.slot_lists,
            expansion_rules=base.expansion_rules,
            skip_words=base.skip_words,
            settings=base.settings,
        )

    def sentences(self) -> Iterable[tuple[str, Sentence, dict[str, Any]]]:
        """Every template as (intent, sentence, fixed slots), for tests and sampling."""
        for name, block, _ in self._blocks:
            yield name, block.sentences[0], block.slots


def _required(expr, rules: dict[str, Sentence], spaced: bool, depth: int = 0) -> set[frozenset[str]]:
    """What every match of `expr` needs, in CNF over atoms.

    An atom is "l<list>" (a word of that list is present) or "w<word>" (the
    literal word is present: a whole token in English, a substring in
    Chinese). Each clause needs at least one of its atoms.
    """
    if depth > 32:
        return set()
    if isinstance(expr, ListReference):
        return {frozenset({"l" + expr.list_name})}
    if isinstance(expr, TextChunk):
        text = expr.text.strip()
        if not text:
            return set()
        if spaced:
            return {frozenset({"w" + w}) for w in text.split() if w.isalnum()}
        return {frozenset({"w" + text.replace(" ", "")})}
    if isinstance(expr, RuleReference):
        rule = rules.get(expr.rule_name)
        return _required(rule.expression, rules, spaced, depth + 1) if rule else set()
    if isinstance(expr, Alternative):
        if expr.is_optional or not expr.items:
            return set()
        branches = [_required(item, rules, spaced, depth + 1) for item in expr.items]
        if any(not b for b in branches):
            return set()
        common = set.intersection(*branches)
        if common:
            return common  # needed whichever branch matches
        # One clause per branch, OR-ed: prefer atoms several branches share
        # (a smaller union), then the most selective.
        shared = Counter(a for branch in branches for c in branch if len(c) == 1 for a in c)
        merged: set[str] = set()
        for branch in branches:
            merged |= max(branch, key=lambda c: (sum(shared[a] for a in c) / len(c), _selectivity(c)))
        return {frozenset(merged)}
    if isinstance(expr, Group):
        out: set[frozenset[str]] = set()
        for item in expr.items:
            out |= _required(item, rules, spaced, depth + 1)
        return out
    return set()


def _parts(expr, rules: dict[str, Sentence], depth: int = 0) -> tuple[set[str], set[str]]:
    """Every list name and every literal text a template can read."""
    lists: set[str] = set()
    texts: set[str] = set()
    if depth > 32:
        return lists, texts
    if isinstance(expr, ListReference):
        lists.add(expr.list_name)
    elif isinstance(expr, TextChunk):
        if expr.text.strip():
            texts.add(expr.text.strip())
    elif isinstance(expr, RuleReference):
        rule = rules.get(expr.rule_name)
        if rule:
            return _parts(rule.expression, rules, depth + 1)
    elif isinstance(expr, Group):
        for item in expr.items:
            more_lists, more_texts = _parts(item, rules, depth + 1)
            lists |= more_lists
            texts |= more_texts
    return lists, texts


def _most(expr, rules: dict[str, Sentence], names: set[str], depth: int = 0) -> int:
    """The most references to lists in `names` one match of `expr` can read."""
    if depth > 32:
        return 0
    if isinstance(expr, ListReference):
        return 1 if expr.list_name in names else 0
    if isinstance(expr, RuleReference):
        rule = rules.get(expr.rule_name)
        return _most(rule.expression, rules, names, depth + 1) if rule else 0
    if isinstance(expr, Alternative):
        return max((_most(i, rules, names, depth + 1) for i in expr.items), default=0)
    if isinstance(expr, Group):
        return sum(_most(i, rules, names, depth + 1) for i in expr.items)
    return 0


def _selectivity(clause: AbstractSet[str]) -> tuple[int, int, str]:
    """Rank a branch's clauses: the one least often present prunes most.

    Lists (narrowed to words present) first, then the clause whose shortest
    word is longest ("crack" over "a"); fewer atoms, then text, as tiebreaks.
    """
    lists = sum(1 for a in clause if a[0] == "l")
    shortest = min(len(a) for a in clause)
    return (lists == len(clause), shortest - len(clause), "".join(sorted(clause)))


__all__ = ["Router"]
