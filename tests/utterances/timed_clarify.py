"""Checks for the ``schedule`` (DESIGN section 5a) and ``clarify`` (section 4a)
expectations of the utterance table, used by ``table.py``.

They live apart from ``table.py`` so that the revision-1/2 checks stay as they
were; each function returns one line per problem (empty when well formed).
Nothing here imports the parser: an expectation is judged against the spec's
shape and the catalog alone, so a wrong row is found before any parser runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: Keys of one schedule entry (section 4): the actions, one of after_s/at, and
#: an optional for_s. An entry with for_s and neither after_s nor at is "act
#: now, then go back" (the tables' reading of "for 20 minutes").
SCHEDULE_KEYS = frozenset({"actions", "after_s", "at", "for_s"})
#: Section 5a: a delay from 5 s to 24 h. The tables hold a duration to the same
#: bounds (the spec gives none for for_s; a 2-second opening is held).
MIN_DELAY_S = 5
MAX_DELAY_S = 24 * 3600
_HHMM = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d")

CLARIFY_KEYS = frozenset({"missing", "capability", "options"})
MISSING = ("control", "target", "amount", "consent")
#: How many options a question may offer. Section 4's JSON says 2-4, section
#: 4a gives one option for consent ("the one action") and for an amount no
#: unit fits ("fan to 95 percent" -> "level 7 or cancel"): the no is the other.
OPTION_COUNTS = {"control": (2, 4), "target": (2, 4), "amount": (1, 4), "consent": (1, 4)}

ActionCheck = Callable[[Any, str], list[str]]


def _seconds(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and MIN_DELAY_S <= value <= MAX_DELAY_S


def schedule_problems(value: Any, action_problems: ActionCheck) -> list[str]:
    """``expect.schedule``: a list of ``{actions, after_s | at, for_s?}``."""
    if not isinstance(value, list):
        return ["expect.schedule must be a list"]
    out = []
    for i, entry in enumerate(value):
        where = f"expect.schedule[{i}]"
        if not isinstance(entry, dict) or "actions" not in entry or set(entry) - SCHEDULE_KEYS:
            out.append(f"{where} must have the key actions and only the keys {sorted(SCHEDULE_KEYS)}")
            continue
        if not isinstance(entry["actions"], list) or not entry["actions"]:
            out.append(f"{where}.actions must be a non-empty list")
        else:
            out.extend(action_problems(entry["actions"], f"{where}.actions"))
        when = [k for k in ("after_s", "at") if k in entry]
        if len(when) > 1:
            out.append(f"{where}: give after_s or at, not both")
        if not when and "for_s" not in entry:
            out.append(f"{where}: needs after_s, at or for_s")
        for key in ("after_s", "for_s"):
            if key in entry and not _seconds(entry[key]):
                out.append(f"{where}.{key} must be an int of seconds from {MIN_DELAY_S} to {MAX_DELAY_S}")
        if "at" in entry and not (isinstance(entry["at"], str) and _HHMM.fullmatch(entry["at"])):
            out.append(f'{where}.at must be a 24-hour "HH:MM" string')
    return out


def clarify_problems(value: Any, action_problems: ActionCheck) -> list[str]:
    """``expect.clarify``: null or ``{missing, capability, options}``."""
    if value is None:
        return []
    if not isinstance(value, dict) or set(value) != CLARIFY_KEYS:
        return [f"expect.clarify must be null or a mapping with exactly the keys {sorted(CLARIFY_KEYS)}"]
    out = []
    missing, capability, options = value["missing"], value["capability"], value["options"]
    if missing not in MISSING:
        out.append(f"expect.clarify.missing must be one of {MISSING}")
    if capability is not None and not (isinstance(capability, str) and capability):
        out.append("expect.clarify.capability must be a non-empty string or null")
    if missing in ("amount", "consent") and capability is None:
        out.append(f"expect.clarify.capability names the control for missing {missing}")
    if not isinstance(options, list):
        return out + ["expect.clarify.options must be a list"]
    low, high = OPTION_COUNTS.get(missing, (2, 4))
    if not low <= len(options) <= high:
        out.append(f"expect.clarify.options: {low}-{high} options for missing {missing}, not {len(options)}")
    out.extend(action_problems(options, "expect.clarify.options"))
    keys = [repr(sorted(o.items())) if isinstance(o, dict) else repr(o) for o in options]
    if len(set(keys)) != len(keys):
        out.append("expect.clarify.options must not repeat an option")
    return out


def schedule_actions(expect: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for entry in expect.get("schedule") or () for a in entry["actions"]]


def clarify_options(expect: dict[str, Any]) -> list[dict[str, Any]]:
    return list((expect.get("clarify") or {}).get("options", ()))


def consistency_problems(tags: tuple[str, ...], expect: dict[str, Any]) -> list[str]:
    """What contradicts sections 4, 4a and 5a inside one well-formed expectation."""
    out = []
    clarify = expect.get("clarify")
    if clarify is not None and expect.get("complete"):
        out.append("complete is true only while clarify is null")
    if "timed" in tags and "schedule" not in expect:
        out.append("a timed entry asserts its schedule")
    now = [_key(a) for a in expect["actions"]]
    for a in schedule_actions(expect):
        if _key(a) in now:
            out.append(f"{a['capability']}/{a['target']} is scheduled and in actions as well (never both)")
    for a in schedule_actions(expect) + clarify_options(expect):
        if a.get("vague") and ".adjust_" not in a["capability"]:
            out.append(f"only an adjust_* action can be vague, not {a['capability']}")
    if clarify is not None and clarify["missing"] == "consent":
        if any(o["capability"] != clarify["capability"] for o in clarify["options"]):
            out.append("a consent option is the action of clarify.capability")
    return out


def _key(a: dict[str, Any]) -> tuple[Any, ...]:
    return (a["capability"], a["target"], tuple(sorted(a["parameters"].items())), bool(a.get("vague")))


def catalog_problems(seat: str | None, expect: dict[str, Any], catalog: Any, action_check: ActionCheck) -> list[str]:
    """Scheduled actions and options against the catalog. An option must also
    be one the service could run: in range, on a fitted member, and one the
    speaker's seat may operate (section 4a: "the controls ... the speaker's
    seat may operate"); the same control as clarify.capability for an amount."""
    out = []
    for i, entry in enumerate(expect.get("schedule") or ()):
        out.extend(action_check(entry["actions"], f"schedule[{i}].actions"))
    clarify = expect.get("clarify")
    if clarify is None:
        return out
    cap = clarify["capability"]
    if cap is not None and cap not in catalog.capabilities:
        return out + [f"clarify.capability: unknown capability {cap!r}"]
    out.extend(action_check(clarify["options"], "clarify.options"))
    rights = catalog.seats.rights(seat or "unknown")
    for i, o in enumerate(clarify["options"]):
        where = f"clarify.options[{i}]"
        spec = catalog.capabilities.get(o["capability"])
        if spec is None or o["target"] not in catalog.valid_targets(o["capability"]):
            continue
        for name, value in o["parameters"].items():
            problem = spec.parameters[name].check(value) if name in spec.parameters else None
            if problem:
                out.append(f"{where}: parameter {name}={value!r}: {problem[1]}")
        for member in catalog.members(o["capability"], o["target"]):
            if not catalog.fitted(o["capability"], member):
                out.append(f"{where}: {o['capability']} is not fitted on {member}")
            if rights is not None and not rights.permits(o["capability"], member):
                out.append(f"{where}: seat {seat or 'unknown'} may not operate {o['capability']} on {member}")
        if (
            cap is not None
            and clarify["missing"] == "amount"
            and catalog.control(o["capability"]) != catalog.control(cap)
        ):
            out.append(f"{where}: an amount option acts on the control of {cap}")
    return out
