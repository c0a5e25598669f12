"""hassil behind the parser's own interface: clause text -> :class:`Frame`.

Only ``recognize_best``'s answer is used (a documented total order, intent
name as the last tiebreak), never plain ``recognize``, whose answer depends
on iteration order. :func:`match` reads it from the templates compiled once
per language (:mod:`.fastmatch`, about ten times faster per clause);
:func:`match_reference` computes it with hassil's own walk (:mod:`.recognize`,
after routing and pruning) and stays the answer for any grammar or clause
the compiled form does not cover, and the oracle the tests hold it to.
hassil is pinned and Alpha, so nothing outside this module and the ones it
calls (router, prune, recognize, fastmatch, lexicon) touches its types.
"""
from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping
from typing import Any

from .fastmatch import FALLBACK, FastMatcher, compile_grammar
from .frame import TARGET_SLOTS, Frame
from .recognize import best, prepare
from .templates import Grammar

#: Slot -> (value, text as said), as read off the best parse.
Slots = Mapping[str, tuple[Any, str]]

_compiled: dict[int, FastMatcher | None] = {}
_lock = threading.Lock()


def match(grammar: Grammar, text: str, numbers: tuple[float, ...]) -> Frame | None:
    """The frame of the best template matching the whole of `text`, if any.

    `numbers` are the values behind the text's number placeholders; a
    placeholder that points nowhere makes the match void (fail closed).
    """
    if not text.strip():
        return None
    fast = compiled(grammar)
    if fast is None:
        return match_reference(grammar, text, numbers)
    found = fast.entities(text)
    if found is FALLBACK:
        return match_reference(grammar, text, numbers)
    if found is None:
        return None
    return _frame(found[1], grammar, numbers)


def match_reference(grammar: Grammar, text: str, numbers: tuple[float, ...]) -> Frame | None:
    """:func:`match` by hassil's own walk over the routed and pruned templates."""
    if not text.strip():
        return None
    intents, lists = grammar.router.route(text)
    if not intents.intents:
        return None
    prepared = prepare(text, intents.skip_words, intents.settings.ignore_whitespace)
    intents = grammar.router.pruner.intents(intents, text, lists, prepared)
    if not intents.intents:
        return None
    result = best(prepared, intents, lists, grammar.language)
    if result is None:
        return None
    return _frame({name: (e.value, e.text) for name, e in result.entities.items()}, grammar, numbers)


def compiled(grammar: Grammar) -> FastMatcher | None:
    """The grammar's compiled matcher, built on first use (the parser's warm-up)
    and kept while the grammar lives; None when its templates use something
    the compiled form does not implement."""
    key = id(grammar)
    try:
        return _compiled[key]
    except KeyError:
        pass
    with _lock:
        if key not in _compiled:
            _compiled[key] = compile_grammar(grammar.intents, grammar.language)
            weakref.finalize(grammar, _compiled.pop, key, None)
        return _compiled[key]


def _frame(slots: Slots, grammar: Grammar, numbers: tuple[float, ...]) -> Frame | None:
    targets: list[str] = []
    texts: list[str] = []
    for name in TARGET_SLOTS:
        entity = slots.get(name)
        if entity is not None and entity[0] not in targets:
            targets.append(str(entity[0]))
            texts.append(str(entity[1]).strip())
    device = _value(slots, "device")
    entity = slots.get("device")
    said_as = str(entity[1]).strip() if entity is not None and entity[1] else ""
    for special in ("mode", "peripheral"):
        ident = _value(slots, special)
        if ident is not None:
            device = "mode.activate" if special == "mode" else "peripheral.trigger"
            targets = [ident]
            texts = []
    number = None
    if "n" in slots:
        index = slots["n"][0]
        if not isinstance(index, (int, float)) or int(index) != index or not 0 <= int(index) < len(numbers):
            return None
        number = numbers[int(index)]
    return Frame(
        device=device,
        targets=tuple(targets),
        possessive=bool(texts) and all(t in grammar.possessive for t in texts),
        op=_value(slots, "op"),
        number=number,
        unit=_value(slots, "unit"),
        color=_value(slots, "color"),
        plural=_plural(said_as, grammar.language),
    )


def _plural(word: str, language: str) -> bool:
    """"windows", "seat heaters", "reading lights": the control said in the plural."""
    return language == "en" and word.endswith("s") and not word.endswith(("ss", "us"))


def _value(slots: Slots, name: str) -> str | None:
    entity = slots.get(name)
    if entity is None or entity[0] is None:
        return None
    return str(entity[0])


__all__ = ["compiled", "match", "match_reference"]
