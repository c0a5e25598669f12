"""Amounts and ranges as people say them, in English and Chinese.

Refusals name values ("72 degrees", "level 7", "百分之40") and allowed
ranges ("from 16 to 30 degrees, in half-degree steps" / "16到30度，步长0.5度").
The words are built here once from the message table (``catalog/messages.yaml``:
units, ranges, changes, ends, lists), speakable as they are (no ``°``, ``%``
or ``km/h``; Chinese without English words or spaces), so a refusal read
aloud and a refusal shown on screen say the same thing. The executor's
success sentences can use the same helpers (:func:`amount`, :func:`adjust_success`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .catalog import Parameter
from .catalog.message_table import messages

Kind = Literal["degrees", "level", "percent", "position"]

#: What a numeric parameter counts (by parameter name, as in the catalog).
KIND_OF: dict[str, Kind] = {
    "celsius": "degrees",
    "delta_celsius": "degrees",
    "level": "level",
    "delta_level": "level",
    "open_percent": "position",
    "delta_percent": "position",
    "brightness": "percent",
}


def _section_pairs(section: str) -> dict[str, tuple[str, str]]:
    table = messages()
    return {key: table.pair(section, key) for key in table.section(section)}


#: How a bool parameter's two values read ("can only be switched on or off").
BOOL_WORDS: dict[str, tuple[str, str]] = _section_pairs("bool_choices")

#: Parameter names as words (for "needs a colour or a brightness").
PARAMETER_WORDS: dict[str, tuple[str, str]] = _section_pairs("parameters")

#: Enum choices as words (ambient light colours).
CHOICE_WORDS: dict[str, tuple[str, str]] = _section_pairs("colors")


@dataclass(frozen=True, slots=True)
class Words:
    """One phrase in both languages (a refusal detail the message picks from)."""

    en: str
    zh: str

    def get(self, language: str) -> str:
        return self.zh if language == "zh" else self.en


def number(value: Any) -> str:
    """22.0 -> "22", 22.5 -> "22.5", 3 -> "3" (no trailing zeros)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def kind_of(parameter: str) -> Kind | None:
    return KIND_OF.get(parameter)


def _words(section: str, key: str, variant: str | None = None, **values: Any) -> Words:
    return Words(*messages().pair(section, key, variant, **values))


def amount(value: Any, parameter: str, screen: bool = False) -> Words:
    """A value with its unit: 22.5 degrees / 22.5度, level 3 / 3档, 40 percent / 百分之40.

    ``screen=True`` gives the short written form for degrees and percent
    (22.5 °C, 40%), for text that is never read aloud.
    """
    n = number(abs(value) if parameter.startswith("delta_") and isinstance(value, (int, float)) else value)
    kind = kind_of(parameter)
    if kind == "degrees":
        return _words("units", "degrees", "screen" if screen else "one" if n == "1" else None, n=n)
    if kind == "level":
        if parameter.startswith("delta_"):
            return _words("units", "levels", "one" if n == "1" else None, n=n)
        return _words("units", "level", n=n)
    if kind in ("percent", "position"):
        return _words("units", "percent", "screen" if screen else None, n=n)
    return Words(n, n)


def level_limit(value: float, parameter: str) -> Words:
    """ "7" / "7档" for a level (after "highest level, "), the amount otherwise."""
    if kind_of(parameter) == "level":
        return _words("units", "level", "bare", n=number(value))
    return amount(value, parameter)


def _step_words(param: Parameter, parameter: str) -> Words | None:
    """ "in half-degree steps" where the step is not the obvious whole unit."""
    step = param.effective_step
    if param.type != "float" or not step:
        return None
    unit = amount(step, parameter)
    half = kind_of(parameter) == "degrees" and step == 0.5
    return Words(
        *(
            messages().text("ranges", "steps", lang, "half_degree" if half else None, step=unit.get(lang))
            for lang in ("en", "zh")
        )
    )


#: How a list joins: (key between the first items, key before the last), from the table's ``lists``.
_LISTS = {
    "and": ("comma", "and"),
    "or": ("comma", "or"),
    "also": ("settings", "also"),
    "settings": ("settings", "settings"),
    "comma": ("comma", "comma"),
}


def join_words(items: Sequence[str], language: str, how: str = "and") -> str:
    """Phrases as one list: "A, B and C" / "甲、乙和丙" (``how``: and, or, also, settings, comma)."""
    lang = "zh" if language == "zh" else "en"
    middle, last = _LISTS[how]
    words = [w for w in items if w]
    listed = words[0] if words else ""
    for i, word in enumerate(words[1:], start=2):
        listed = messages().text("lists", last if i == len(words) else middle, lang, first=listed, last=word)
    return listed


def join_choices(choices: Sequence[tuple[str, str]]) -> Words:
    """ "red, green or blue" / "红色、绿色或蓝色"."""
    return Words(join_words([c[0] for c in choices], "en", "or"), join_words([c[1] for c in choices], "zh", "or"))


def _each(section: str, key: str, variant: str | None = None, **values: Words | str) -> Words:
    """A template filled per language with the matching side of each :class:`Words` value."""
    return Words(
        *(
            messages().text(
                section,
                key,
                lang,
                variant,
                **{k: v.get(lang) if isinstance(v, Words) else v for k, v in values.items()},
            )
            for lang in ("en", "zh")
        )
    )


def range_words(param: Parameter, parameter: str) -> Words:
    """The allowed values of one parameter, as a phrase that follows "can be set"."""
    if param.type == "bool":
        choices = BOOL_WORDS.get(parameter, BOOL_WORDS["on"])
        return _each("ranges", "bool", choices=Words(*choices))
    if param.type == "enum":
        return join_choices([CHOICE_WORDS.get(c, (c, c)) for c in param.choices or ()])
    step = _step_words(param, parameter)
    if parameter.startswith("delta_"):
        top = amount(max(abs(param.min or 0), abs(param.max or 0)), parameter)
        words = _each("ranges", "change", top=top)
    else:
        kind = kind_of(parameter)
        key = {"level": "levels", "degrees": "degrees"}.get(kind or "", "percent")
        words = _words("ranges", key, min=number(param.min), max=number(param.max))
    if step is not None:
        words = _each("ranges", "with_step", range=words, step=step)
    return words


def change_words(delta: float, parameter: str) -> Words:
    """ "raising it by 2 degrees" / "调高2度" ("opening it by 30 percent" / "开大百分之30")."""
    size = amount(delta, parameter)
    if delta == 0:
        key = "none"
    elif kind_of(parameter) == "position":
        key = "open" if delta > 0 else "close"
    else:
        key = "raise" if delta > 0 else "lower"
    return _each("changes", key, amount=size)


def end_words(parameter: str, highest: bool) -> Words:
    """The range end a change runs into: "highest level" / "最高", "fully open" / "全开"."""
    kind = kind_of(parameter)
    if kind == "position":
        return _words("ends", "fully_open" if highest else "fully_closed")
    noun = "level" if kind == "level" else "setting"
    return _words("ends", f"{'highest' if highest else 'lowest'}_{noun}")


def capitalized(text: str) -> str:
    """An English sentence starts with a capital ("Fan speed raised ...")."""
    return text[:1].upper() + text[1:]


def adjust_success(
    what: Words, value_parameter: str, delta_parameter: str, delta: float, results: Sequence[Any]
) -> Words:
    """The sentence for an applied relative change, naming where it ended.

    ``results`` are the absolute values sent, one per member. One common
    value is named ("Fan speed raised to level 5." / "风量已调高到5档。");
    different values per member name the change instead ("Temperature in
    all zones raised by 2 degrees.").
    """
    up = delta > 0
    position = kind_of(value_parameter) == "position"
    verb = ("opened" if up else "closed") if position else ("raised" if up else "lowered")
    if len({number(r) for r in results}) == 1:
        value = results[0]
        if position and value in (0, 100):
            words = _each("adjusted", "opened" if value else "closed", what=what)
        else:
            words = _each("adjusted", f"{verb}_to", what=what, value=amount(value, value_parameter))
    else:
        words = _each("adjusted", f"{verb}_by", what=what, value=amount(delta, delta_parameter))
    return Words(capitalized(words.en), words.zh)


__all__ = [
    "BOOL_WORDS",
    "CHOICE_WORDS",
    "KIND_OF",
    "PARAMETER_WORDS",
    "Words",
    "adjust_success",
    "amount",
    "capitalized",
    "change_words",
    "end_words",
    "join_choices",
    "join_words",
    "kind_of",
    "level_limit",
    "number",
    "range_words",
]
