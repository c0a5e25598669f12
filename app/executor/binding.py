"""Binding a model's proposal to what the person said (DESIGN section 5, step 6).

A model action (C, T) is bound only when
  (i)  the parser's ``mentions`` contain C and T equals the mentioned target
       (or, where the mention has none, C's default); or
  (ii) the utterance states a need N, C is in N's catalog set, and T and the
       parameters meet N's targets and direction.
A model action on a ``negated`` control is ``negated_by_user`` whatever else
binds it. A negated entry without a target covers every member of that
control: "don't touch the windows" forbids all of them (fail closed).
"""
from __future__ import annotations

from typing import Any

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.catalog.models import Direction
from vehicle.refusals import Reason


def _members(catalog: Catalog, capability: str, target: str | None) -> set[str]:
    if target is None:
        return set(catalog.target_type(capability).members)
    try:
        return set(catalog.members(capability, target))
    except KeyError:
        return set()


def is_negated(catalog: Catalog, parse: Any, action: Action) -> bool:
    control = catalog.control(action.capability)
    mine = _members(catalog, action.capability, action.target)
    for neg in parse.negated:
        if neg.capability not in catalog.capabilities or catalog.control(neg.capability) != control:
            continue
        if mine & _members(catalog, neg.capability, neg.target):
            return True
    return False


def _mentioned(catalog: Catalog, parse: Any, action: Action) -> bool:
    default = catalog.capabilities[action.capability].default_target
    for m in parse.mentions:
        if m.capability != action.capability:
            continue
        if action.target == (m.target if m.target is not None else default):
            return True
    return False


def _direction_ok(direction: Direction, action: Action, state: Any, catalog: Catalog) -> bool:
    value = action.parameters.get(direction.parameter)
    if value is None:
        return False
    if direction.equals is not None:
        return value == direction.equals
    if direction.sign is not None:
        return isinstance(value, (int, float)) and (value > 0 if direction.sign == "positive" else value < 0)
    # increase / decrease: against the confirmed value of every member.
    for member in catalog.members(action.capability, action.target):
        current = (state.control(action.capability, member) or {}).get(direction.parameter)
        if not isinstance(current, (int, float)) or isinstance(current, bool):
            return False  # unknown current value: cannot prove the direction
        if direction.increase and value < current:
            return False
        if direction.decrease and value > current:
            return False
    return True


def _need_allows(catalog: Catalog, parse: Any, action: Action, state: Any) -> bool:
    for need_id in parse.needs:
        need = catalog.needs.get(need_id)
        if need is None:
            continue
        for rule in need.allowed:
            if rule.capability == action.capability and action.target in rule.targets:
                if _direction_ok(rule.direction, action, state, catalog):
                    return True
    return False


def bind(catalog: Catalog, parse: Any, action: Action, state: Any) -> Reason | None:
    """None when the model action is bound to the utterance, else the reason."""
    if is_negated(catalog, parse, action):
        return Reason.NEGATED_BY_USER
    if _mentioned(catalog, parse, action) or _need_allows(catalog, parse, action, state):
        return None
    return Reason.NOT_BOUND_TO_REQUEST
