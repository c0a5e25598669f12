"""Step 7, first half: an action becomes one command per physical member.

Groups expand to their members in catalog order; a relative ``adjust_*``
resolves per member against its confirmed value (in
:func:`vehicle.plan.to_commands`; a member with no confirmed value, or one
whose result would leave the range, is refused there); a saved mode becomes
its steps (all-or-nothing; gated in step 8).
"""

from __future__ import annotations

from typing import Any

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.gates import mode_commands
from vehicle.plan import to_commands
from vehicle.refusals import Refusal

from .decision import ActionDecision, MemberDecision


def expand(catalog: Catalog, state: Any, action: Action, source: str) -> ActionDecision:
    out = ActionDecision(action.capability, action.target, dict(action.parameters), source, vague=action.vague)
    if action.capability == "mode.activate":
        out.is_mode = True
        out.members = [
            MemberDecision(c.member, c, (catalog.control(c.capability), c.member))
            for c in mode_commands(catalog, action.target)
        ]
        return out
    control = catalog.control(action.capability)
    for member, resolved in zip(catalog.members(action.capability, action.target), to_commands(catalog, state, action)):
        if isinstance(resolved, Refusal):
            m = MemberDecision(member, None, (control, member))
            m.refuse(resolved)
        else:
            m = MemberDecision(member, resolved, (control, member))
        out.members.append(m)
    return out


def refused(
    capability: Any, target: Any, parameters: Any, source: str, refusal: Refusal, vague: bool = False
) -> ActionDecision:
    """An action refused before it had members (validation, binding)."""
    params = dict(parameters) if isinstance(parameters, dict) else {}
    out = ActionDecision(
        capability if isinstance(capability, str) else str(capability),
        target if isinstance(target, str) or target is None else str(target),
        params,
        source,
        vague=vague is True,
    )
    out.refuse(refusal)
    return out


__all__ = ["expand", "refused"]
