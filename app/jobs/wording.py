"""When a job will happen, and what it will do, in words (the table's ``jobs`` section).

"Driver seat heating will turn on in 10 minutes, at 18:42." /
"主驾座椅加热将于10分钟后（18:42）打开。" The sentence is chosen the way an
applied action's is (:func:`vehicle.wording.success_sentence`), in the
future: the same parameter picks the same kind of sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from vehicle.amounts import amount, capitalized
from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.catalog.message_table import messages
from vehicle.names import control_name
from vehicle.wording import join_list, join_sentences

from .clock import local_hhmm


def say(key: str, language: str, variant: str | None = None, **values: Any) -> str:
    lang = "zh" if language == "zh" else "en"
    text = messages().text("jobs", key, lang, variant, **values)
    return text if lang == "zh" else capitalized(text)


def duration(seconds: float, language: str) -> str:
    """ "10 minutes", "1 hour 30 minutes", "45 seconds" / "10分钟", "1小时30分钟", "45秒"."""
    total = max(0, round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    parts = []
    for n, key in ((hours, "hours"), (minutes, "minutes"), (secs, "seconds")):
        if n:
            parts.append(_unit(key, n, language))
    if not parts:
        parts.append(_unit("seconds", 0, language))
    return ("" if language == "zh" else " ").join(parts)


def _unit(key: str, n: int, language: str) -> str:
    lang = "zh" if language == "zh" else "en"
    return messages().text("jobs", key, lang, "one" if n == 1 else None, n=n)


def when(due_at: float, now: float, language: str) -> str:
    """ "in 10 minutes, at 18:42" / "10分钟后（18:42）"."""
    lang = "zh" if language == "zh" else "en"
    ahead = due_at - now
    if ahead >= 600:  # a clock time: "in 8 hours 5 minutes", not to the second
        ahead = round(ahead / 60) * 60
    return messages().text("jobs", "when", lang, delay=duration(ahead, lang), time=local_hhmm(due_at))


def _what(catalog: Catalog, action: dict[str, Any], language: str) -> str:
    en, zh = control_name(catalog, action["capability"], action.get("target"))
    return zh if language == "zh" else en


def future(catalog: Catalog, action: dict[str, Any], moment: str, language: str) -> str:
    """What one action will do, and when ("Driver window will open to 40 percent in 5 seconds, at 18:42.")."""
    lang = "zh" if language == "zh" else "en"
    what = _what(catalog, action, lang)
    params = action.get("parameters") or {}
    cap = catalog.capabilities.get(action["capability"])

    def out(key: str, variant: str | None = None, value: str = "") -> str:
        return say(key, lang, variant, what=what, when=moment, value=value)

    if cap is not None and cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
        return out("will_start" if cap.target_type == MODE_TYPE else "will_press")
    for name in ("delta_celsius", "delta_level", "delta_percent"):
        value = params.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            spoken = amount(value, name).get(lang)
            return out("will_raise" if value > 0 else "will_lower", value=spoken)
    for name in ("celsius", "level", "open_percent"):
        value = params.get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            variant = None
            if name == "open_percent":
                variant = "closed" if value == 0 else "open" if value == 100 else None
            return out(f"will_{name}", variant, amount(value, name).get(lang))
    for name, off in (("folded", "unfolded"), ("open", "closed"), ("on", "off")):
        if name in params:
            return out(f"will_{name}", None if params[name] else off)
    return out("will_change")


def scheduled(catalog: Catalog, actions: Iterable[dict[str, Any]], due_at: float, now: float, language: str) -> str:
    moment = when(due_at, now, language)
    return join_sentences((future(catalog, a, moment, language) for a in actions), language)


def names(catalog: Catalog, actions: Iterable[dict[str, Any]], language: str) -> str:
    """The controls of some actions as one list ("driver seat heating and driver window")."""
    return join_list(dict.fromkeys(_what(catalog, a, language) for a in actions), language)


__all__ = ["duration", "future", "names", "say", "scheduled", "when"]
