"""Relative changes (the ``adjust_*`` capabilities) resolved to absolute commands.

Each ``adjust_*`` capability names its ``set_*`` twin in the catalog
(``control:``); on the bus an adjust is the twin's command with the resolved
absolute value, so no new CAN message exists for it (DESIGN section 3).

Resolution is per member and against the value the car last *confirmed*:
- no confirmed value -> ``state_unknown`` (we never guess a starting point);
- an **explicit** amount whose result leaves the range -> ``out_of_range``
  naming the current value and the limit; never clamped, because "raise it
  by 5 degrees" that silently becomes 2 degrees is a different command;
- a **vague** amount ("a bit warmer", "fan up") moves to the range end when
  it would pass it, and a member already at that end is refused
  ``out_of_range`` ("the fan is already at its highest level, 7").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Command
from .amounts import Words, adjust_success, amount, change_words, end_words, kind_of, level_limit
from .catalog import Catalog
from .names import control_name
from .refusals import Reason, Refusal


class ConfirmedState(Protocol):
    """What plans and gates read of the vehicle state (see vehicle.state)."""

    def control(self, capability: str, member: str) -> dict[str, Any] | None: ...


@dataclass(frozen=True, slots=True)
class Twin:
    """An adjust capability and the absolute control it resolves to."""

    adjust: str
    """``climate.adjust_fan_speed``."""
    control: str
    """The ``set_*`` twin whose command goes on the bus: ``climate.set_fan_speed``."""
    delta: str
    """The adjust's one parameter: ``delta_level``."""
    value: str
    """The twin's one parameter: ``level``."""


#: The amount of a vague relative change by the adjust's parameter (DESIGN
#: section 4: "warmer" = +1.0 degree, "fan up" = one level, "open it a bit
#: more" = 20 percent). The parser reads it; the follow-up "more" repeats it.
VAGUE_STEP: dict[str, float | int] = {"delta_celsius": 1.0, "delta_level": 1, "delta_percent": 20}


def twin_of(catalog: Catalog, capability: str) -> Twin | None:
    """The twin of an adjust capability; None for anything else.

    An adjust is a capability whose ``control`` names another capability;
    the catalog check guarantees both have exactly one numeric parameter.
    """
    cap = catalog.capabilities.get(capability)
    if cap is None or cap.control is None or cap.control == capability:
        return None
    target = catalog.capabilities.get(cap.control)
    if target is None or len(cap.parameters) != 1 or len(target.parameters) != 1:
        return None
    return Twin(capability, cap.control, next(iter(cap.parameters)), next(iter(target.parameters)))


def adjust_capabilities(catalog: Catalog) -> dict[str, str]:
    """Every adjust capability -> its twin (``climate.adjust_temperature`` -> ``climate.set_temperature``)."""
    return {c: t.control for c in catalog.capabilities if (t := twin_of(catalog, c)) is not None}


def resolve(
    catalog: Catalog, state: ConfirmedState, twin: Twin, member: str, delta: float, vague: bool = False
) -> Command | Refusal:
    """One member of a relative change as an absolute command of its twin."""
    what = control_name(catalog, twin.control, member)
    if not (catalog.fitted(twin.adjust, member) and catalog.fitted(twin.control, member)):
        return Refusal(Reason.NOT_FITTED, what)
    param = catalog.capabilities[twin.control].parameters[twin.value]
    confirmed = state.control(twin.control, member) or {}
    current = confirmed.get(twin.value)
    if isinstance(current, bool) or not isinstance(current, (int, float)) or current != current:
        return Refusal(Reason.STATE_UNKNOWN, what)
    assert param.min is not None and param.max is not None
    up = delta > 0
    end = param.max if up else param.min
    new: float = current + delta
    if param.type == "float":
        new = round(new, 6)
    passes = new > param.max if up else new < param.min
    position = kind_of(twin.value) == "position"
    detail: dict[str, Any] = {
        "current": amount(current, twin.value),
        "current_value": current,
        "end": end_words(twin.value, up),
        "limit": level_limit(end, twin.value),
        "limit_value": end,
    }
    if (current >= end) if up else (current <= end):
        return Refusal(Reason.OUT_OF_RANGE, what, {**detail, "variant": "at_end_position" if position else "at_end"})
    if passes:
        if not vague:
            variant = "beyond_position" if position else "beyond"
            return Refusal(
                Reason.OUT_OF_RANGE, what, {**detail, "variant": variant, "change": change_words(delta, twin.delta)}
            )
        new = end
    if param.type == "int":
        if not float(new).is_integer():
            return Refusal(Reason.STATE_UNKNOWN, what)
        new = int(new)
    problem = param.check(new)
    if problem is not None:
        # The confirmed value itself was off the catalog's grid: no safe start.
        return Refusal(Reason.STATE_UNKNOWN, what)
    return Command(twin.control, member, {twin.value: new})


def adjust_sentence(
    catalog: Catalog, capability: str, target: str | None, parameters: dict[str, Any], results: list[Any], language: str
) -> str | None:
    """The success sentence of an applied relative change, or None for anything else.

    ``results`` are the absolute values the members were sent (the resolved
    commands' twin parameter), so the sentence says where the change ended:
    "Fan speed raised to level 5." / "风量已调高到5档。".
    """
    twin = twin_of(catalog, capability)
    delta = parameters.get(twin.delta) if twin is not None else None
    if twin is None or not results or isinstance(delta, bool) or not isinstance(delta, (int, float)):
        return None
    what = Words(*control_name(catalog, capability, target))
    return adjust_success(what, twin.value, twin.delta, delta, results).get(language)


__all__ = ["ConfirmedState", "Twin", "adjust_capabilities", "adjust_sentence", "resolve", "twin_of"]
