"""Replies put together from the message table, in the utterance's language.

A reply is several sentences (one per action, a comfort plan's intro, an
"assistant offline" note). Chinese writes them one after another with no
space between them; English puts one space. Joining with ``" "`` in both
languages is what made Chinese replies read "已打开。 已关闭。", so every
reply is joined here.

The result sentences are written from the real result only (never from what
the model claimed): :func:`success_sentence` for an applied action,
:func:`status_sentence` for the other statuses, :func:`turn_sentence` for
the turn's own replies. ``voice=True`` keeps units as words; on screen
degrees and percent are written short (22 °C, 40%).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .adjust import adjust_sentence
from .amounts import Words, amount, capitalized, join_words
from .catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from .catalog.message_table import messages
from .names import control_name


def join_sentences(parts: Iterable[str | None], language: str) -> str:
    """Sentences as one reply: "A. B." in English, "甲。乙。" in Chinese.

    Empty parts are skipped and each part's own outer spaces are dropped, so
    the joiner never leaves a double space or a space before punctuation.
    """
    texts = [p.strip() for p in parts if p and p.strip()]
    return ("" if language == "zh" else " ").join(texts)


def _lang(language: str) -> str:
    return "zh" if language == "zh" else "en"


def _name(catalog: Catalog, capability: str, target: str | None, language: str) -> str:
    en, zh = control_name(catalog, capability, target)
    return zh if language == "zh" else en


def _finish(text: str, language: str) -> str:
    return text if language == "zh" else capitalized(text)


def success_sentence(
    catalog: Catalog,
    capability: str,
    target: str | None,
    params: dict[str, Any],
    language: str,
    voice: bool = False,
    results: Sequence[Any] = (),
    before: Sequence[Any] = (),
) -> str:
    """The sentence for an applied action ("Driver temperature set to 22 degrees.").

    ``results`` are the absolute values a relative change sent, one per
    member: with them the sentence says where it ended ("Fan speed raised
    to level 5."), without them by how much ("Fan speed raised by 1 level.").
    ``before`` are the members' values confirmed before the action, one per
    member where known: an opening set to a smaller one than every member
    showed is worded as closing ("Driver window closed to 30%."), never
    "opened".
    """
    lang = _lang(language)
    table = messages()
    if results:
        ended = adjust_sentence(catalog, capability, target, params, list(results), lang)
        if ended is not None:
            return ended
    what = _name(catalog, capability, target, lang)
    cap = catalog.capabilities.get(capability)
    screen = not voice

    def say(key: str, variant: str | None = None, **values: Any) -> str:
        return _finish(table.text("success", key, lang, variant, what=what, **values), lang)

    if cap is not None and cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
        return say("mode" if cap.target_type == MODE_TYPE else "peripheral")
    for name in ("celsius", "delta_celsius", "level", "delta_level", "delta_percent"):
        if name in params and not isinstance(params[name], bool):
            value = params[name]
            if name.startswith("delta_"):
                up = value > 0
                verb = ("opened" if up else "closed") if name == "delta_percent" else ("raised" if up else "lowered")
                by = amount(value, name, screen=screen).get(lang)
                return _finish(table.text("adjusted", f"{verb}_by", lang, what=what, value=by), lang)
            return say(name, value=amount(value, name, screen=screen).get(lang))
    if "open_percent" in params:
        value = params["open_percent"]
        variant = "closed" if value == 0 else "open" if value == 100 else None
        spoken = amount(value, "open_percent", screen=screen).get(lang)
        if variant is None and _closes(value, before):
            return _finish(table.text("adjusted", "closed_to", lang, what=what, value=spoken), lang)
        return say("open_percent", variant, value=spoken)
    for name, off in (("folded", "unfolded"), ("open", "closed"), ("on", "off")):
        if name in params:
            return say(name, None if params[name] else off)
    settings: list[str] = []
    if "color" in params:
        color = str(params["color"])
        settings.append(table.text("colors", color, lang) if table.has("colors", color) else color)
    if "brightness" in params:
        value = amount(params["brightness"], "brightness", screen=screen).get(lang)
        settings.append(table.text("success", "brightness", lang, value=value))
    return say("settings", value=join_list(settings, lang, "settings"))


def _closes(value: Any, before: Sequence[Any]) -> bool:
    """True when an opening set to ``value`` is smaller than every member's known value before."""
    known = [b for b in before if isinstance(b, (int, float)) and not isinstance(b, bool)]
    return (
        bool(known)
        and len(known) == len(before)
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
        and all(b > value for b in known)
    )


def status_sentence(status: str, catalog: Catalog, capability: str, target: str | None, language: str) -> str:
    """The sentence of an unconfirmed, failed, already applied or dry-run action."""
    lang = _lang(language)
    return _finish(messages().text("statuses", status, lang, what=_name(catalog, capability, target, lang)), lang)


def turn_sentence(key: str, language: str, variant: str | None = None, **values: Any) -> str:
    """One of the turn's own replies (``offline``, ``interrupted``, ``comfort_plan`` ...)."""
    return messages().text("turns", key, _lang(language), variant, **values)


def join_list(items: Iterable[str], language: str, how: str = "and") -> str:
    """Phrases as one list: "A, B and C" / "甲、乙和丙" (``how``: and, or, also, settings, comma)."""
    return join_words(list(items), _lang(language), how)


def state_phrase(params: dict[str, Any], language: str) -> str:
    """What a control's confirmed parameters read as: "on", "set to 22 degrees", "40 percent open"."""
    lang = _lang(language)
    table = messages()
    parts: list[str] = []
    for name, value in params.items():
        if name in ("on", "open", "folded"):
            key = name if value else {"on": "off", "open": "closed", "folded": "unfolded"}[name]
            parts.append(table.text("queries", key, lang))
        elif name == "open_percent":
            spoken = amount(value, name).get(lang)
            key = "closed" if value == 0 else "fully_open" if value == 100 else "open_by"
            parts.append(table.text("queries", key, lang, value=spoken))
        elif name == "level" and value == 0:
            parts.append(table.text("queries", "off", lang))
        elif name in ("celsius", "level", "brightness"):
            parts.append(table.text("queries", name, lang, value=amount(value, name).get(lang)))
        elif name == "color" and table.has("colors", str(value)):
            parts.append(table.text("colors", str(value), lang))
    return join_list(parts, lang, "also")


def state_sentence(what: str, params: dict[str, Any] | None, language: str) -> str:
    """The answer to "is the AC on?" from the confirmed state; "not known yet" before the first report."""
    lang = _lang(language)
    if params is None:
        return _finish(messages().text("queries", "unknown", lang, what=what), lang)
    return _finish(messages().text("queries", "sentence", lang, what=what, state=state_phrase(params, lang)), lang)


def model_rules() -> str:
    """The model's base instructions (written once, in the table's ``model`` section)."""
    return messages().text("model", "rules", "en")


def words(section: str, key: str, variant: str | None = None, **values: Any) -> Words:
    """Any table entry in both languages."""
    return Words(*messages().pair(section, key, variant, **values))


__all__ = [
    "join_list",
    "join_sentences",
    "model_rules",
    "state_phrase",
    "state_sentence",
    "status_sentence",
    "success_sentence",
    "turn_sentence",
    "words",
]
