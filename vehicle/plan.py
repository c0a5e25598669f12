"""The semantic plan model: one proposed action validated strictly against the
catalog (exact ids, types, ranges and steps), and relative adjustments
resolved against the confirmed value of their twin control.

Nothing here clamps or coerces: a value outside its range is refused with
the allowed range, because silently sending a different value than the one
asked for is worse than refusing. The step is checked exactly as the encoder
will encode it (:meth:`Parameter.on_step`), so a value validation accepts is
a value the DBC codec carries unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from .actions import Action, Command
from .adjust import ConfirmedState, Twin, adjust_capabilities, resolve, twin_of
from .amounts import PARAMETER_WORDS, amount, change_words, join_choices, range_words
from .catalog import Catalog, Parameter
from .names import control_name
from .refusals import Reason, Refusal

#: The first relative capability (kept for callers that name it); every
#: ``adjust_*`` capability of the catalog resolves the same way, see
#: :func:`adjust_capabilities` / :data:`ADJUSTS`.
ADJUST = "climate.adjust_temperature"
SET_TEMPERATURE = "climate.set_temperature"
#: The shipped adjust capabilities and their twins (DESIGN section 3). The
#: catalog is the source of truth (``control:``); this is for reading code.
ADJUSTS: dict[str, str] = {
    "climate.adjust_temperature": "climate.set_temperature",
    "climate.adjust_fan_speed": "climate.set_fan_speed",
    "seat.adjust_heating": "seat.set_heating",
    "seat.adjust_ventilation": "seat.set_ventilation",
    "window.adjust_position": "window.set_position",
    "sunroof.adjust_position": "sunroof.set_position",
    "sunshade.adjust_position": "sunshade.set_position",
}


def validate_action(
    catalog: Catalog, capability: str, target: str | None, parameters: Mapping[str, Any], vague: Any = False
) -> Action | Refusal:
    """Check one proposed action against the catalog; return it or a refusal.

    A missing target takes the catalog default. Unknown parameter names,
    missing required ones, wrong JSON types, non-finite, out-of-range and
    off-step values are each refused with a message naming the allowed
    values. ``vague`` must be a real bool, and true only on a relative change.
    """
    cap = catalog.capabilities.get(capability) if isinstance(capability, str) else None
    if cap is None:
        return Refusal(Reason.UNKNOWN_CAPABILITY, ("", ""), {"capability": str(capability)})
    if target is None:
        target = cap.default_target
    what = control_name(catalog, capability, target)
    if not isinstance(target, str) or target not in catalog.valid_targets(capability):
        return Refusal(Reason.UNKNOWN_TARGET, control_name(catalog, capability, None), {"target": str(target)})
    if not isinstance(vague, bool) or (vague and twin_of(catalog, capability) is None):
        return Refusal(
            Reason.INVALID_PARAMETER, what, {"problem": "vague is only for a relative change, as true or false"}
        )
    for name in parameters:
        if name not in cap.parameters:
            return Refusal(Reason.INVALID_PARAMETER, what, {"problem": f"unknown parameter {name!r}"})
    for name, param in cap.parameters.items():
        if name not in parameters:
            if not param.optional:
                return Refusal(
                    Reason.INVALID_PARAMETER, what, {"problem": f"missing parameter {name!r}", "variant": "missing"}
                )
            continue
        refusal = check_value(what, name, param, parameters[name])
        if refusal is not None:
            return refusal
    if cap.at_least_one and not parameters:
        words = join_choices([PARAMETER_WORDS.get(n, (n, n)) for n in cap.parameters])
        return Refusal(
            Reason.INVALID_PARAMETER,
            what,
            {"problem": "give " + " or ".join(cap.parameters), "variant": "at_least_one", "needs": words},
        )
    return Action(capability, target, dict(parameters), vague=vague)


def check_value(what: tuple[str, str], name: str, param: Parameter, value: Any) -> Refusal | None:
    """One parameter value, refused with the allowed values in words (or None)."""
    problem = param.check(value)
    if problem is None:
        return None
    detail: dict[str, Any] = {"problem": f"{name} {problem[1]}", "allowed": range_words(param, name)}
    change = name.startswith("delta_")
    if param.type == "bool":
        return Refusal(Reason.INVALID_PARAMETER, what, {**detail, "variant": "bool"})
    if param.type == "enum":
        return Refusal(Reason.INVALID_PARAMETER, what, {**detail, "variant": "choice"})
    if problem[0] == "invalid_parameter":
        return Refusal(Reason.INVALID_PARAMETER, what, {**detail, "variant": "change" if change else "number"})
    if change:
        return Refusal(Reason.OUT_OF_RANGE, what, {**detail, "variant": "change", "value": change_words(value, name)})
    in_range = param.min is not None and param.max is not None and param.min <= value <= param.max
    return Refusal(
        Reason.OUT_OF_RANGE, what, {**detail, "variant": "step" if in_range else None, "value": amount(value, name)}
    )


def resolve_adjust(
    catalog: Catalog, state: ConfirmedState, member: str, delta: float, capability: str = ADJUST, vague: bool = False
) -> Command | Refusal:
    """Resolve a relative change of `capability` for one member (see vehicle.adjust)."""
    twin = twin_of(catalog, capability)
    if twin is None:
        raise ValueError(f"{capability} is not a relative change")
    return resolve(catalog, state, twin, member, delta, vague)


def to_commands(catalog: Catalog, state: ConfirmedState, action: Action) -> list[Command | Refusal]:
    """Expand a validated physical action into one command per member.

    Groups become their members in catalog order; a relative adjust becomes
    its twin's absolute command per member (vague or explicit, see
    :mod:`vehicle.adjust`). Modes are expanded by the gates (they are
    all-or-nothing), so they are not handled here.
    """
    if action.capability == "mode.activate":
        raise ValueError("modes are expanded by vehicle.gates.expand_mode")
    twin = twin_of(catalog, action.capability)
    out: list[Command | Refusal] = []
    for member in catalog.members(action.capability, action.target):
        if twin is not None:
            delta = cast(float, action.parameters[twin.delta])  # validated: a number in the delta's range
            out.append(resolve(catalog, state, twin, member, delta, action.vague))
        else:
            out.append(Command(action.capability, member, dict(action.parameters)))
    return out


__all__ = [
    "ADJUST",
    "ADJUSTS",
    "SET_TEMPERATURE",
    "ConfirmedState",
    "Twin",
    "adjust_capabilities",
    "check_value",
    "control_name",
    "resolve_adjust",
    "to_commands",
    "twin_of",
    "validate_action",
]
