"""Amounts and ranges as people say them, in English and Chinese.

Refusals name values ("72 degrees", "level 7", "百分之40") and allowed
ranges ("from 16 to 30 degrees, in half-degree steps" / "16到30度，步长0.5度").
The words are built here once, speakable as they are (no ``°``, ``%`` or
``km/h``; Chinese without English words or spaces), so a refusal read aloud
and a refusal shown on screen say the same thing. The executor's success
sentences can use the same helpers (:func:`amount`, :func:`adjust_success`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .catalog import Parameter

Kind = Literal["degrees", "level", "percent", "position"]

#: What a numeric parameter counts (by parameter name, as in the catalog).
KIND_OF: dict[str, Kind] = {
    "celsius": "degrees", "delta_celsius": "degrees",
    "level": "level", "delta_level": "level",
    "open_percent": "position", "delta_percent": "position",
    "brightness": "percent",
}

#: How a bool parameter's two values read ("can only be switched on or off").
BOOL_WORDS: dict[str, tuple[str, str]] = {
    "on": ("switched on or off", "打开或关闭"),
    "open": ("opened or closed", "打开或关闭"),
    "folded": ("folded or unfolded", "折叠或展开"),
}

#: Parameter names as words (for "needs a colour or a brightness").
PARAMETER_WORDS: dict[str, tuple[str, str]] = {
    "color": ("a colour", "颜色"),
    "brightness": ("a brightness", "亮度"),
}

#: Enum choices as words (ambient light colours).
CHOICE_WORDS: dict[str, tuple[str, str]] = {
    "red": ("red", "红色"), "orange": ("orange", "橙色"), "yellow": ("yellow", "黄色"),
    "green": ("green", "绿色"), "cyan": ("cyan", "青色"), "blue": ("blue", "蓝色"),
    "purple": ("purple", "紫色"), "white": ("white", "白色"),
}


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


def amount(value: Any, parameter: str) -> Words:
    """A value with its unit: 22.5 degrees / 22.5度, level 3 / 3档, 40 percent / 百分之40."""
    n = number(abs(value) if parameter.startswith("delta_") and isinstance(value, (int, float)) else value)
    kind = kind_of(parameter)
    if kind == "degrees":
        return Words(f"{n} degree" if n == "1" else f"{n} degrees", f"{n}度")
    if kind == "level":
        if parameter.startswith("delta_"):
            return Words(f"{n} level" if n == "1" else f"{n} levels", f"{n}档")
        return Words(f"level {n}", f"{n}档")
    if kind in ("percent", "position"):
        return Words(f"{n} percent", f"百分之{n}")
    return Words(n, n)


def _step_words(param: Parameter, parameter: str) -> Words | None:
    """", in half-degree steps" where the step is not the obvious whole unit."""
    step = param.effective_step
    if param.type != "float" or not step:
        return None
    unit = amount(step, parameter)
    if kind_of(parameter) == "degrees" and step == 0.5:
        return Words("in half-degree steps", f"步长{unit.zh}")
    return Words(f"in steps of {unit.en}", f"步长{unit.zh}")


def range_words(param: Parameter, parameter: str) -> Words:
    """The allowed values of one parameter, as a phrase that follows "can be set"."""
    if param.type == "bool":
        en, zh = BOOL_WORDS.get(parameter, ("switched on or off", "打开或关闭"))
        return Words(f"only be {en}", f"只能{zh}")
    if param.type == "enum":
        choices = [CHOICE_WORDS.get(c, (c, c)) for c in param.choices or ()]
        en = ", ".join(c[0] for c in choices[:-1]) + f" or {choices[-1][0]}" if len(choices) > 1 else choices[0][0]
        zh = "、".join(c[1] for c in choices[:-1]) + f"或{choices[-1][1]}" if len(choices) > 1 else choices[0][1]
        return Words(en, zh)
    step = _step_words(param, parameter)
    if parameter.startswith("delta_"):
        top = amount(max(abs(param.min or 0), abs(param.max or 0)), parameter)
        en, zh = f"by up to {top.en} up or down at a time", f"每次最多调高或调低{top.zh}"
    else:
        lo, hi = amount(param.min, parameter), amount(param.max, parameter)
        kind = kind_of(parameter)
        if kind == "level":
            en, zh = f"from level {number(param.min)} to {number(param.max)}", f"{number(param.min)}到{hi.zh}"
        elif kind == "degrees":
            en, zh = f"from {number(param.min)} to {hi.en}", f"{number(param.min)}到{hi.zh}"
        else:
            en, zh = f"from {number(param.min)} to {hi.en}", f"{lo.zh}到{hi.zh}"
    if step is not None:
        en, zh = f"{en}, {step.en}", f"{zh}，{step.zh}"
    return Words(en, zh)


def change_words(delta: float, parameter: str) -> Words:
    """"raising it by 2 degrees" / "调高2度" ("opening it by 30 percent" / "开大百分之30")."""
    size = amount(delta, parameter)
    if delta == 0:
        return Words(f"a change of {size.en}", f"调整{size.zh}")
    if kind_of(parameter) == "position":
        return Words(f"{'opening' if delta > 0 else 'closing'} it by {size.en}", f"{'开大' if delta > 0 else '关小'}{size.zh}")
    return Words(f"{'raising' if delta > 0 else 'lowering'} it by {size.en}", f"{'调高' if delta > 0 else '调低'}{size.zh}")


def end_words(parameter: str, highest: bool) -> Words:
    """The range end a change runs into: "highest level" / "最高", "fully open" / "全开"."""
    kind = kind_of(parameter)
    if kind == "position":
        return Words("fully open", "全开") if highest else Words("fully closed", "全关")
    noun = "level" if kind == "level" else "setting"
    return Words(f"{'highest' if highest else 'lowest'} {noun}", "最高" if highest else "最低")


def adjust_success(what: Words, value_parameter: str, delta_parameter: str, delta: float, results: Sequence[Any]) -> Words:
    """The sentence for an applied relative change, naming where it ended.

    ``results`` are the absolute values sent, one per member. One common
    value is named ("Fan speed raised to level 5." / "风量已调高到5档。");
    different values per member name the change instead ("Temperature in
    all zones raised by 2 degrees.").
    """
    up = delta > 0
    position = kind_of(value_parameter) == "position"
    name_en = what.en[:1].upper() + what.en[1:]
    verb_en = ("opened" if up else "closed") if position else ("raised" if up else "lowered")
    verb_zh = ("开大" if up else "关小") if position else ("调高" if up else "调低")
    if len({number(r) for r in results}) == 1:
        value = results[0]
        if position and value in (0, 100):
            return Words(f"{name_en} {'opened' if value else 'closed'}.", f"{what.zh}已{'打开' if value else '关闭'}。")
        to = amount(value, value_parameter)
        return Words(f"{name_en} {verb_en} to {to.en}.", f"{what.zh}已{verb_zh}到{to.zh}。")
    by = amount(delta, delta_parameter)
    return Words(f"{name_en} {verb_en} by {by.en}.", f"{what.zh}已{verb_zh}{by.zh}。")


__all__ = [
    "BOOL_WORDS", "CHOICE_WORDS", "KIND_OF", "PARAMETER_WORDS", "Words", "adjust_success", "amount",
    "change_words", "end_words", "kind_of", "number", "range_words",
]
