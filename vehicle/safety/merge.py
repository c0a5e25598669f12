"""Step 7, second half: merge by physical control, so no member gets two commands.

Where the parser has an action on a member, the parser's wins: the model's
command for that member is dropped and the parser's result is reported once
with ``source: "both"``. Two actions of the same side on one member: the
later one is refused ``conflicting_actions`` for that member (a mode with a
step refused that way is refused whole in step 8, being all-or-nothing).
Order: the parser's actions in spoken order, then direct ones (offline plan,
tap), then model-only actions in the model's order.
"""

from __future__ import annotations

from vehicle.catalog import Catalog
from vehicle.plan import control_name
from vehicle.refusals import Reason, Refusal

from .decision import ActionDecision, Key


def merge(catalog: Catalog, first: list[ActionDecision], model: list[ActionDecision]) -> list[ActionDecision]:
    claimed: dict[Key, ActionDecision] = {}
    out: list[ActionDecision] = []
    for action in first:
        _claim(catalog, action, claimed, parser_wins=False)
        out.append(action)
    for action in model:
        if _claim(catalog, action, claimed, parser_wins=True):
            out.append(action)
    return out


def _claim(catalog: Catalog, action: ActionDecision, claimed: dict[Key, ActionDecision], parser_wins: bool) -> bool:
    """Claim the action's members; False when it folds away entirely into parser actions."""
    if action.rejected and not action.members:
        return True
    keep = []
    folded = False
    for m in action.members:
        owner = claimed.get(m.key) if m.key is not None else None
        if owner is None:
            if m.key is not None:
                claimed[m.key] = action
            keep.append(m)
        elif parser_wins and owner.source in ("parser", "both"):
            owner.source = "both"
            folded = True
        else:
            m.refuse(Refusal(Reason.CONFLICTING_ACTIONS, control_name(catalog, action.capability, m.target)))
            keep.append(m)
    action.members = keep
    return bool(keep) or not folded


__all__ = ["merge"]
