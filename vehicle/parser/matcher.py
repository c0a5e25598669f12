"""hassil behind the parser's own interface: clause text -> :class:`Frame`.

Only ``recognize_best``'s answer is used (a documented total order, intent
name as the last tiebreak), never plain ``recognize``, whose answer depends
on iteration order; :mod:`.recognize` computes it with the clause normalised
once. hassil is pinned and Alpha, so nothing outside this module and the
ones it calls (router, prune, recognize, lexicon) touches its types.
"""
from __future__ import annotations

from .frame import TARGET_SLOTS, Frame
from .recognize import best, prepare
from .templates import Grammar


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
    result = best(prepared, intents, lists, grammar.language)
    if result is None:
        return None
    slots = result.entities
    targets: list[str] = []
    texts: list[str] = []
    for name in TARGET_SLOTS:
        entity = slots.get(name)
        if entity is not None and entity.value not in targets:
            targets.append(str(entity.value))
            texts.append(str(entity.text).strip())
    device = _value(slots, "device")
    said_as = str(slots["device"].text).strip() if "device" in slots and slots["device"].text else ""
    for special in ("mode", "peripheral"):
        ident = _value(slots, special)
        if ident is not None:
            device = "mode.activate" if special == "mode" else "peripheral.trigger"
            targets = [ident]
            texts = []
    number = None
    if "n" in slots:
        index = slots["n"].value
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


def _value(slots, name: str) -> str | None:
    entity = slots.get(name)
    if entity is None or entity.value is None:
        return None
    return str(entity.value)


__all__ = ["match"]
