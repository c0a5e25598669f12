"""The semantic plan model: one proposed action validated strictly against the
catalog (exact ids, types, ranges and steps), and relative adjustments
resolved against the confirmed set-point.

Nothing here clamps or coerces: a value outside its range is refused with
the allowed range, because silently sending a different value than the one
asked for is worse than refusing.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .actions import Action, Command
from .catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from .refusals import Reason, Refusal

#: The one relative capability and the absolute one it resolves to.
ADJUST = "climate.adjust_temperature"
SET_TEMPERATURE = "climate.set_temperature"


class ConfirmedState(Protocol):
    """What plans and gates read of the vehicle state (see vehicle.state)."""

    def control(self, capability: str, member: str) -> dict[str, Any] | None: ...


#: How a group reads in a sentence ("Temperature in all zones raised by 2 °C").
_GROUP_NAMES: dict[tuple[str, str], tuple[str, str]] = {
    ("zone", "all"): ("{label} in all zones", "全车{label}"),
    ("zone", "rear"): ("{label} in the rear zones", "后排{label}"),
    ("window", "all"): ("all windows", "全部车窗"),
}


def control_name(catalog: Catalog, capability: str, target: str | None) -> tuple[str, str]:
    """Human name of a control on a target, in English and Chinese."""
    cap = catalog.capabilities.get(capability)
    if cap is None:
        return (capability, capability)
    if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE) and target:
        return (catalog.target_label(capability, target, "en"), catalog.target_label(capability, target, "zh"))
    en, zh = cap.label.en, cap.label.zh
    group = _GROUP_NAMES.get((cap.target_type, target or ""))
    if group is not None:
        return (group[0].format(label=en), group[1].format(label=zh))
    if target and target != "cabin" and target in catalog.targets:
        en = f"{catalog.target_label(capability, target, 'en')} {en}"
        zh = f"{catalog.target_label(capability, target, 'zh')}{zh}"
    return (en, zh)


def validate_action(catalog: Catalog, capability: str, target: str | None, parameters: Mapping[str, Any]) -> Action | Refusal:
    """Check one proposed action against the catalog; return it or a refusal.

    A missing target takes the catalog default. Unknown parameter names,
    missing required ones, wrong JSON types, out-of-range and off-step values
    are each refused with a message naming the problem.
    """
    cap = catalog.capabilities.get(capability)
    if cap is None:
        return Refusal(Reason.UNKNOWN_CAPABILITY, (capability, capability), {"capability": capability})
    if target is None:
        target = cap.default_target
    what = control_name(catalog, capability, target)
    if target is None or target not in catalog.valid_targets(capability):
        return Refusal(Reason.UNKNOWN_TARGET, control_name(catalog, capability, None), {"target": target})
    for name in parameters:
        if name not in cap.parameters:
            return Refusal(Reason.INVALID_PARAMETER, what, {"problem": f"unknown parameter {name!r}"})
    for name, param in cap.parameters.items():
        if name not in parameters:
            if not param.optional:
                return Refusal(Reason.INVALID_PARAMETER, what, {"problem": f"missing parameter {name!r}"})
            continue
        problem = param.check(parameters[name])
        if problem is not None:
            reason = Reason(problem[0])
            return Refusal(reason, what, {"problem": f"{name} {problem[1]}", "value": _show(parameters[name]), "allowed": param.describe_range()})
    if cap.at_least_one and not parameters:
        names = " or ".join(cap.parameters)
        return Refusal(Reason.INVALID_PARAMETER, what, {"problem": f"give {names}"})
    return Action(capability, target, dict(parameters))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(value)
    return str(value)


def resolve_adjust(catalog: Catalog, state: ConfirmedState, member: str, delta: float) -> Command | Refusal:
    """Resolve a relative temperature change for one zone member.

    Against the confirmed set-point only: no confirmed value -> state_unknown;
    a result outside the set-point range -> out_of_range naming the current
    value and the limit (never clamped).
    """
    what = control_name(catalog, SET_TEMPERATURE, member)
    current = state.control(SET_TEMPERATURE, member)
    if not current or not isinstance(current.get("celsius"), (int, float)):
        return Refusal(Reason.STATE_UNKNOWN, what)
    param = catalog.capabilities[SET_TEMPERATURE].parameters["celsius"]
    new = round(float(current["celsius"]) + float(delta), 2)
    problem = param.range_problem(new)
    if problem is not None:
        limit = param.max if delta > 0 else param.min
        return Refusal(
            Reason.OUT_OF_RANGE,
            what,
            {"value": f"{current['celsius']} + {delta} = {new}", "allowed": param.describe_range(), "limit": limit},
        )
    return Command(SET_TEMPERATURE, member, {"celsius": new})


def to_commands(catalog: Catalog, state: ConfirmedState, action: Action) -> list[Command | Refusal]:
    """Expand a validated physical action into one command per member.

    Groups become their members in catalog order; a relative adjust becomes
    an absolute set per member. Modes are expanded by the gates (they are
    all-or-nothing), so they are not handled here.
    """
    if action.capability == "mode.activate":
        raise ValueError("modes are expanded by vehicle.gates.expand_mode")
    out: list[Command | Refusal] = []
    for member in catalog.members(action.capability, action.target):
        if action.capability == ADJUST:
            out.append(resolve_adjust(catalog, state, member, float(action.parameters["delta_celsius"])))
        else:
            out.append(Command(action.capability, member, dict(action.parameters)))
    return out
