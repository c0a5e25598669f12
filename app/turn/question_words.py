"""The words of a question: what it would do, and how its options read (DESIGN section 4a).

A question names each action as something still to be done ("raise the
driver temperature to 24 degrees" / "把主驾温度调到24度"), from the message
table's ``questions`` section, never from the model's words. Amounts are
words (``screen=False``), so a question is speakable as written; the screen
shows the same text.
"""

from __future__ import annotations

from typing import Any

from vehicle.amounts import amount
from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.catalog.message_table import messages
from vehicle.names import control_name
from vehicle.wording import join_list

SECTION = "questions"


def _say(key: str, language: str, **values: Any) -> str:
    return messages().text(SECTION, key, "zh" if language == "zh" else "en", **values)


def say(key: str, language: str, **values: Any) -> str:
    """A whole sentence of the section, capitalised in English."""
    text = _say(key, language, **values)
    return text if language == "zh" else text[:1].upper() + text[1:]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def action_phrase(catalog: Catalog, action: dict[str, Any], language: str, state: Any = None) -> str:
    """What the action would do, as a phrase to ask about ("open the tailgate").

    ``state`` (the confirmed values, ``control(capability, member)``) words a
    set value the way it goes: raise or lower from what the car shows now.
    """
    cap_id, target = str(action.get("capability")), action.get("target")
    params = dict(action.get("parameters") or {})
    zh = language == "zh"
    what = control_name(catalog, cap_id, target)[zh]
    cap = catalog.capabilities.get(cap_id)
    lang = "zh" if zh else "en"
    if cap is not None and cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
        return _say("act_mode" if cap.target_type == MODE_TYPE else "act_peripheral", lang, what=what)
    for name in ("delta_celsius", "delta_level", "delta_percent"):
        delta = _number(params.get(name))
        if delta is not None:
            by = amount(delta, name).get(lang)
            if name == "delta_percent":
                return _say("act_open_to" if delta > 0 else "act_close", lang, what=what, value=by)
            return _say("act_raise_by" if delta > 0 else "act_lower_by", lang, what=what, value=by)
    for name in ("celsius", "level"):
        value = _number(params.get(name))
        if value is not None:
            spoken = amount(params[name], name).get(lang)
            return _say(_way(catalog, cap_id, target, name, value, state), lang, what=what, value=spoken)
    if "open_percent" in params:
        value = _number(params["open_percent"])
        if value == 100:
            return _say("act_open", lang, what=what)
        if value == 0:
            return _say("act_close", lang, what=what)
        return _say("act_open_to", lang, what=what, value=amount(params["open_percent"], "open_percent").get(lang))
    for name, yes, no in (
        ("open", "act_open", "act_close"),
        ("on", "act_on", "act_off"),
        ("folded", "act_fold", "act_unfold"),
    ):
        if name in params:
            return _say(yes if params[name] else no, lang, what=what)
    settings: list[str] = []
    table = messages()
    if "color" in params:
        color = str(params["color"])
        settings.append(table.text("colors", color, lang) if table.has("colors", color) else color)
    if "brightness" in params:
        settings.append(
            table.text("success", "brightness", lang, value=amount(params["brightness"], "brightness").get(lang))
        )
    return _say("act_set", lang, what=what, value=join_list(settings, lang, "settings"))


def _way(catalog: Catalog, capability: str, target: Any, name: str, value: float, state: Any) -> str:
    """``act_raise_to`` / ``act_lower_to`` when every member's confirmed value says so, else ``act_set``."""
    if state is None or capability not in catalog.capabilities or not isinstance(target, str):
        return "act_set"
    try:
        members = catalog.members(capability, target)
    except KeyError:
        return "act_set"
    control = catalog.control(capability)
    currents = [_number((state.control(control, m) or {}).get(name)) for m in members]
    if not currents or any(c is None for c in currents):
        return "act_set"
    if all(c is not None and c < value for c in currents):
        return "act_raise_to"
    if all(c is not None and c > value for c in currents):
        return "act_lower_to"
    return "act_set"


def confirm_text(catalog: Catalog, actions: list[dict[str, Any]], language: str, state: Any = None) -> str:
    """ "Shall I open the tailgate and turn on the AC?" / "要打开尾门和打开制冷吗？"."""
    lang = "zh" if language == "zh" else "en"
    phrases = [action_phrase(catalog, a, lang, state) for a in actions]
    return say("confirm", lang, action=join_list(phrases, lang))


def option_labels(catalog: Catalog, options: list[list[dict[str, Any]]], language: str, state: Any = None) -> list[str]:
    """A label per option: the control's name where that tells them apart ("reading light"),
    else what the option would do ("set the driver temperature to 21 degrees")."""
    lang = "zh" if language == "zh" else "en"
    zh = lang == "zh"
    names = [
        join_list([control_name(catalog, str(a.get("capability")), a.get("target"))[zh] for a in actions], lang)
        for actions in options
    ]
    if len(set(names)) == len(names):
        return names
    return [join_list([action_phrase(catalog, a, lang, state) for a in actions], lang) for actions in options]


def choose_text(labels: list[str], language: str) -> str:
    """ "Which do you mean: the ambient light or the reading light?"."""
    lang = "zh" if language == "zh" else "en"
    return say("choose", lang, options=join_list(labels, lang, "or"))


__all__ = ["action_phrase", "choose_text", "confirm_text", "option_labels", "say"]
