"""Step 9: once per key, and at most 16 physical commands per key.

The key is the token (model turns), the turn (local turns) or the tap. Only
members that reached the bus are consumed (``consumed``: applied,
unconfirmed, failed), so a refused action may be corrected in the same turn;
a member already consumed reports ``already_applied`` and sends nothing.
Past the budget (consumed + this call's pending members > 16; group members
and mode steps count) every pending member is refused ``too_many_actions``:
nothing of this call is sent.
"""

from __future__ import annotations

from collections.abc import Set

from vehicle.refusals import Reason, Refusal

from .decision import MAX_COMMANDS, ActionDecision, ActionStatus, Key


def once_per_key(actions: list[ActionDecision], consumed: Set[Key]) -> None:
    for action in actions:
        for m in action.pending_members():
            if m.key in consumed:
                m.status = ActionStatus.ALREADY_APPLIED


def budget(actions: list[ActionDecision], consumed: Set[Key], limit: int = MAX_COMMANDS) -> None:
    to_send = sum(len(a.pending_members()) for a in actions)
    if to_send and len(consumed) + to_send > limit:
        refusal = Refusal(Reason.TOO_MANY_ACTIONS)
        for action in actions:
            for m in action.pending_members():
                m.refuse(refusal)


__all__ = ["budget", "once_per_key"]
