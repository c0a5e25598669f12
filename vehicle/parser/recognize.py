"""hassil's ``recognize_best``, with the text prepared once per clause.

On a clause seen for the first time, part of the time goes around the
template walk rather than into it: the text is normalised and its skip
words removed (once by :mod:`.prune` for its haystack, again by hassil,
which compiles its skip-word pattern anew on every call), and for every
template block the slot lists and expansion rules are merged into new
dictionaries. This module runs the very same steps as hassil 3.13's
``recognize_all`` + ``recognize_ranked`` (same order, same candidate texts,
same pre-filter, same ranking), but normalises once (:class:`Prepared`,
shared with the pruner, its skip-word pattern compiled once) and merges
the dictionaries once per clause.

It reaches into hassil's matcher (``match_expression``,
``_process_match_contexts``, ``_get_ranked_score``), which is why hassil is
pinned; ``tests/parser/test_parser_recognize.py`` checks that it answers
exactly as ``recognize_best`` over every clause of the utterance table.
Anything outside what the project's templates use (wildcard lists, intent
context, per-block lists or rules) goes to hassil itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hassil import recognize_best
from hassil.intents import Intents, TextSlotList, WildcardSlotList
from hassil.recognize import RecognizeResult, _get_ranked_score, _has_required_fragments, _process_match_contexts
from hassil.string_matcher import MatchContext, MatchSettings, match_expression
from hassil.util import (
    CJK_WHITESPACE, WHITESPACE_CAPTURE, WHITESPACE_SEPARATOR, TrackedText, fold_case, normalize_for_matching,
)


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


def best(prepared: Prepared, intents: Intents, lists: dict[str, Any], language: str) -> RecognizeResult | None:
    """What ``recognize_best(text, intents, slot_lists=lists, language=language)`` returns."""
    text = prepared.text
    slot_lists = {**intents.slot_lists, **lists}
    if any(type(sl) is not TextSlotList and isinstance(sl, WildcardSlotList) for sl in slot_lists.values()) or any(
        data.slot_lists or data.expansion_rules or data.requires_context or data.excludes_context
        for intent in intents.intents.values() for data in intent.data
    ):
        return recognize_best(text, intents, slot_lists=lists, language=language)
    ignore_ws = intents.settings.ignore_whitespace
    with_skip, without = prepared.with_skip, prepared.without_skip
    had_skip_words_removed = without.text != with_skip.text
    keywords = fold_case(without.text).split()
    settings = MatchSettings(
        slot_lists=slot_lists,
        expansion_rules=intents.expansion_rules,
        ignore_whitespace=ignore_ws,
        allow_unmatched_entities=False,
        language=language or intents.language,
    )
    without_matchable = _matchable(without, ignore_ws)
    with_matchable = _matchable(with_skip, ignore_ws)
    results: list[RecognizeResult] = []
    for intent in intents.intents.values():
        for data in intent.data:
            if data.required_keywords and data.required_keywords.isdisjoint(keywords):
                continue
            sentences = [
                s for s in data.sentences
                if _has_required_fragments(s.get_required_clauses(settings.expansion_rules), prepared.haystack)
            ]
            for sentence in sentences:
                candidates = [without_matchable]
                if had_skip_words_removed:
                    candidates.insert(0, with_matchable)
                for candidate in candidates:
                    context = MatchContext(
                        text=candidate.text,
                        intent_context={},
                        intent_sentence=sentence,
                        intent_data=data,
                        original_text=text,
                    )
                    results.extend(_process_match_contexts(
                        match_expression(settings, context, sentence.expression),
                        intent,
                        data,
                        text_offsets=candidate.offsets,
                        default_response="default",
                        allow_unmatched_entities=False,
                    ))
    if not results:
        return None
    results.sort(key=lambda result: _get_ranked_score(result, None, None))
    return results[0]


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


def _matchable(tracked: TrackedText, ignore_whitespace: bool) -> TrackedText:
    """hassil's final tweak of a text before matching (offsets kept aligned)."""
    matchable = tracked.copy()
    if ignore_whitespace:
        matchable.sub(CJK_WHITESPACE)
    else:
        matchable.append(" ")  # an artificial word boundary
    return matchable


__all__ = ["Prepared", "best", "prepare"]
