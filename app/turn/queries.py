"""QUERY: state questions answered locally from the confirmed state (DESIGN section 6).

"Is the AC on?" never needs the model and never guesses: the answer is what
the ECU's status frames last confirmed, in the utterance's language, and
"not known yet" before the first frame. A question about a twin
(``window.adjust_position``) is answered from its physical control.
"""
from __future__ import annotations

from typing import Any

from vehicle.catalog import Catalog

_BOOL = {  # parameter -> (en true, en false, zh true, zh false)
    "on": ("on", "off", "是开着的", "是关着的"),
    "open": ("open", "closed", "是开着的", "是关着的"),
    "folded": ("folded", "unfolded", "是折叠的", "是展开的"),
}
_UNKNOWN = {"en": "I don't know the {what} yet: the car has not reported it.", "zh": "还不知道{what}的状态：车辆尚未报告。"}


def _phrase(params: dict[str, Any], lang: str) -> str:
    parts = []
    for name, value in params.items():
        if name in _BOOL:
            en_t, en_f, zh_t, zh_f = _BOOL[name]
            parts.append((en_t if value else en_f) if lang == "en" else (zh_t if value else zh_f))
        elif name == "open_percent":
            if lang == "en":
                parts.append("closed" if value == 0 else "fully open" if value == 100 else f"{value} percent open")
            else:
                parts.append("是关着的" if value == 0 else "是全开的" if value == 100 else f"开了百分之{value}")
        elif name == "celsius":
            parts.append(f"set to {value:g} degrees" if lang == "en" else f"设定为{value:g}度")
        elif name == "level":
            parts.append(("off" if value == 0 else f"at level {value}") if lang == "en"
                         else ("是关着的" if value == 0 else f"在{value}档"))
        elif name == "brightness":
            parts.append(f"at {value} percent brightness" if lang == "en" else f"亮度为百分之{value}")
        else:
            parts.append(f"{name.replace('_', ' ')} {value}" if lang == "en" else f"{name}为{value}")
    return (" and " if lang == "en" else "，").join(parts)


def _sentence(what: str, phrase: str, lang: str) -> str:
    if lang == "en":
        return f"The {what} is {phrase}."
    return f"{what}{phrase}。"


def answer(queries: tuple[Any, ...] | list[Any], catalog: Catalog, snapshot: dict[str, Any], lang: str) -> str:
    """One sentence per queried member, from confirmed state only."""
    sentences: list[str] = []
    for query in queries:
        if query.capability not in catalog.capabilities:
            continue
        control = catalog.control(query.capability)
        shown = snapshot.get("controls", {}).get(control)
        if shown is None:
            continue
        target = query.target or catalog.capabilities[control].default_target
        try:
            members = [m for m in catalog.members(control, target) if m in shown]
        except KeyError:
            members = list(shown)
        label = catalog.capability_label(control, lang)
        for member in members:
            who = catalog.target_label(control, member, lang)
            what = label if len(shown) == 1 or member == "cabin" else (
                f"{who} {label}" if lang == "en" else f"{who}{label}")
            params = shown[member]
            if params is None:
                sentences.append(_UNKNOWN[lang if lang in _UNKNOWN else "en"].format(what=what))
            else:
                sentences.append(_sentence(what, _phrase(params, lang), lang))
    if lang == "en" and sentences:
        sentences = [s[0].upper() + s[1:] for s in sentences]
    return " ".join(sentences)


def only_questions(parse: Any) -> bool:
    """The utterance asks and does nothing else the model would need to handle."""
    return bool(parse.queries) and not parse.actions and not parse.needs and \
        all(m.said == "question" for m in parse.mentions)
