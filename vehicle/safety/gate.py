"""Step 8: the speaker's seat and the hardware gates, per member.

Seat first (DESIGN section 3a: per member, so "close all the windows" from
rear_left closes its own window and refuses the others), then presence,
learned-peripheral activity, interlocks on the live speed and gear, and the
execution mode (:mod:`vehicle.gates`). Console taps are never
seat-restricted. A step of an offline comfort plan that the speaker's seat
may not operate is left out of the plan (not reported). A mode is
all-or-nothing: one refused step refuses the mode.

The same functions run again at send time on the live state (the executor's
re-check), so a gate that passed before a slow audit write still holds when
the frame leaves.
"""

from __future__ import annotations

from typing import Any

from vehicle.actions import Command
from vehicle.adjust import twin_of
from vehicle.amounts import kind_of
from vehicle.gates import GateContext, check_command, check_mode
from vehicle.names import control_name
from vehicle.refusals import Reason, Refusal

from .decision import ActionDecision, ActionStatus, MemberDecision
from .seat_gate import child_lock, seat_refusal

UNRESTRICTED = ("console",)


def gate_member(ctx: GateContext, seat: str | None, source: str, capability: str, command: Command) -> Refusal | None:
    """Every gate for one member's command, the seat's first, a relative change's freshness last."""
    if source not in UNRESTRICTED:
        refusal = seat_refusal(ctx.catalog, seat, capability, command.member, child_lock(ctx.state))
        if refusal is not None:
            return refusal
    return check_command(ctx, command) or stale_relative(ctx, capability, command)


def stale_relative(ctx: GateContext, capability: str, command: Command) -> Refusal | None:
    """A relative change needs a confirmed value that is not stale (DESIGN section 3a).

    ``command`` is what the change resolved to from the last confirmed value;
    while the car's reports are stale that value may be out of date, so the
    change is refused ``interlock_unknown``, except one that only closes (an
    opening to a smaller one than confirmed, or fully closed), which no
    interlock ever refuses. An absolute command is not this gate's.
    """
    twin = twin_of(ctx.catalog, capability)
    if twin is None or not ctx.state.is_stale():
        return None
    if kind_of(twin.value) == "position":
        value = command.parameters.get(twin.value)
        current = (ctx.state.control(command.capability, command.member) or {}).get(twin.value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if value <= 0:
                return None
            if isinstance(current, (int, float)) and not isinstance(current, bool) and value < current:
                return None
    return Refusal(
        Reason.INTERLOCK_UNKNOWN,
        control_name(ctx.catalog, command.capability, command.member),
        {"variant": "stale_value"},
    )


def _mode_seat(ctx: GateContext, seat: str | None, action: Any) -> Refusal | None:
    """May the speaker's seat start this mode at all (modes are one permission)?"""
    if action.source in UNRESTRICTED:
        return None
    return seat_refusal(ctx.catalog, seat, action.capability, str(action.target), child_lock(ctx.state))


def gate_mode(ctx: GateContext, seat: str | None, action: ActionDecision) -> Refusal | None:
    """Seat and gates of a whole mode; marks each step with its own verdict."""
    refusal = _mode_seat(ctx, seat, action)
    if refusal is not None:
        return refusal
    conflict = next((m.refusal for m in action.members if m.status == ActionStatus.REJECTED), None)
    if conflict is not None:
        return conflict
    refusal, verdicts = check_mode(ctx, str(action.target), [m.command for m in action.members if m.command])
    for member, step in zip(action.members, verdicts):
        if step is not None and member.undecided:
            member.refuse(step)
    return refusal


def gate(ctx: GateContext, seat: str | None, actions: list[ActionDecision]) -> list[ActionDecision]:
    """Gate every action in place; returns the actions still reported."""
    out = []
    for action in actions:
        if action.rejected:
            out.append(action)
            continue
        if action.is_mode:
            refusal = gate_mode(ctx, seat, action)
            if refusal is not None:
                action.refuse(refusal)
            out.append(action)
            continue
        lock = child_lock(ctx.state)
        if action.source == "catalog":
            action.members = [
                m for m in action.members if seat_refusal(ctx.catalog, seat, action.capability, m.target, lock) is None
            ]
            if not action.members:
                continue  # the speaker's seat may not operate this step: left out
        elif action.source not in UNRESTRICTED:
            # seat rights come first: a member the seat may not operate hears so,
            # not why it could not be resolved (at a range end, state unknown)
            for m in action.members:
                if m.status == ActionStatus.REJECTED and m.command is None:
                    refusal = seat_refusal(ctx.catalog, seat, action.capability, m.target, lock)
                    if refusal is not None:
                        m.refuse(refusal)
        for m in action.pending_members():
            assert m.command is not None  # pending: it has a command
            refusal = gate_member(ctx, seat, action.source, action.capability, m.command)
            if refusal is not None:
                m.refuse(refusal)
        out.append(action)
    return out


def recheck(
    ctx: GateContext, seat: str | None, action: ActionDecision, pending: list[MemberDecision]
) -> list[tuple[MemberDecision, Refusal]]:
    """Send time: the gates again on live state for the members about to go.

    Returns (member, refusal) for each member that may no longer be sent; a
    mode that fails refuses every one of its pending members.
    """
    if action.is_mode:
        what = gate_mode_live(ctx, seat, action)
        return [(m, what) for m in pending] if what is not None else []
    out = []
    for m in pending:
        assert m.command is not None  # pending: it has a command
        refusal = gate_member(ctx, seat, action.source, action.capability, m.command)
        if refusal is not None:
            out.append((m, refusal))
    return out


def gate_mode_live(ctx: GateContext, seat: str | None, action: ActionDecision) -> Refusal | None:
    """A mode's gates on live state, marking nothing (the decision is already made)."""
    refusal = _mode_seat(ctx, seat, action)
    if refusal is not None:
        return refusal
    refusal, _ = check_mode(ctx, str(action.target), [m.command for m in action.members if m.command])
    return refusal


__all__ = ["gate", "gate_member", "gate_mode", "recheck"]
