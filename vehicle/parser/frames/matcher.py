"""hassil behind the parser's own interface: clause text -> :class:`Frame`.

Only hassil's public ``recognize_best`` is used (a documented total order,
intent name as the last tiebreak), never plain ``recognize``, whose answer
depends on iteration order. Before it, the router keeps the templates whose
words the clause holds and the pruner drops the sentences that cannot
match (:mod:`vehicle.parser.frames.router`, :mod:`vehicle.parser.frames.prune`): hassil then walks a handful of
sentences instead of all of them. hassil is pinned and Alpha, so nothing
outside this module and the ones it calls (router, prune, lexicon) touches
its types.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hassil import recognize_best

from .frame import TARGET_SLOTS, Frame
from .prune import prepare
from .templates import Grammar

#: Slot -> (value, text as said), as read off the best parse.
Slots = Mapping[str, tuple[Any, str]]


def match(grammar: Grammar, text: str, numbers: tuple[float, ...]) -> Frame | None:
    """The frame of the best template matching the whole of `text`, if any.

    `numbers` are the values behind the text's number placeholders; a
    placeholder that points nowhere makes the match void (fail closed).
    """
    if not text.strip():
        return None
    intents, lists = grammar.router.route(text)
    if not intents.intents:
        return None
    prepared = prepare(text, intents.skip_words, intents.settings.ignore_whitespace)
    intents = grammar.router.pruner.intents(intents, text, lists, prepared)
    if not intents.intents:
        return None
    result = recognize_best(text, intents, slot_lists=lists, language=grammar.language)
    if result is None:
        return None
    return _frame({name: (e.value, e.text) for name, e in result.entities.items()}, grammar, numbers, text)


def _frame(slots: Slots, grammar: Grammar, numbers: tuple[float, ...], text: str = "") -> Frame | None:
    targets: list[str] = []
    texts: list[str] = []
    for name in TARGET_SLOTS:
        entity = slots.get(name)
        if entity is not None and entity[0] not in targets:
            targets.append(str(entity[0]))
            texts.append(str(entity[1]).strip())
    _drop_determiner(targets, texts, grammar, text)
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


def _drop_determiner(targets: list[str], texts: list[str], grammar: Grammar, text: str) -> None:
    """ "open my rear left window": "my" right before a place is the car's, not the speaker's member
    too (it would open the speaker's window as well); "my and the passenger's" stays a list."""
    if len(texts) != 2:
        return  # beside two places ("my back windshield": back and windshield) it decides nothing
    joiner = "" if grammar.language == "zh" else " "
    for k, said in enumerate(texts):
        if said in grammar.possessive and any(
            f"{said}{joiner}{other}" in text for j, other in enumerate(texts) if j != k and other
        ):
            del targets[k], texts[k]
            return


def _plural(word: str, language: str) -> bool:
    """ "windows", "seat heaters", "reading lights": the control said in the plural."""
    return language == "en" and word.endswith("s") and not word.endswith(("ss", "us"))


def _value(slots: Slots, name: str) -> str | None:
    entity = slots.get(name)
    if entity is None or entity[0] is None:
        return None
    return str(entity[0])


__all__ = ["match"]
