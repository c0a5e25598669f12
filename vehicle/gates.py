"""Hardware gates (DESIGN section 3), checked on every command and mode step.

Presence/trim, learned-peripheral activity, interlocks from live vehicle
state, and the execution mode. Vehicle state that is unknown or older than
the catalog's limit refuses every gated command (``interlock_unknown``):
we do not open a tailgate on a guess. Closing moves (a position to a
smaller opening, fully closed, the tailgate closed) never trigger an
interlock, so they are never refused for unknown or stale state.

Order of checks for one command: execution mode, presence, peripheral,
interlocks; within an interlock, staleness, then speed, then gear (speed is
the more dangerous condition, so it is the reason a person hears first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Command
from .catalog import Catalog
from .catalog.models import Requirements
from .plan import control_name
from .refusals import Reason, Refusal

EXECUTION_MODES = ("simulation", "dry_run", "hardware")


class GateState(Protocol):
    """What the gates read of vehicle state (implemented by vehicle.state)."""

    def is_stale(self) -> bool: ...

    def vehicle(self) -> Any: ...

    def control(self, capability: str, member: str) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class GateContext:
    catalog: Catalog
    state: GateState
    execution_mode: str = "simulation"
    armed: bool = False
    """``--arm-hardware`` was given; hardware mode sends nothing without it."""


def _reading(state: GateState) -> tuple[float | None, str | None]:
    v = state.vehicle()
    if isinstance(v, dict):
        return v.get("speed_kph"), v.get("gear")
    return getattr(v, "speed_kph", None), getattr(v, "gear", None)


def check_requirements(ctx: GateContext, req: Requirements, what: tuple[str, str]) -> Refusal | None:
    """Vehicle-state requirements (gear, maximum speed) of an interlock or mode."""
    if req.gear is None and req.speed_kph_max is None:
        return None
    speed, gear = _reading(ctx.state)
    if ctx.state.is_stale() or speed is None or gear is None:
        return Refusal(Reason.INTERLOCK_UNKNOWN, what)
    if req.speed_kph_max is not None and speed > req.speed_kph_max:
        return Refusal(Reason.INTERLOCK_SPEED, what, {"speed": f"{speed:g}", "limit": f"{req.speed_kph_max:g}"})
    if req.gear is not None and gear != req.gear:
        return Refusal(Reason.INTERLOCK_GEAR, what, {"gear": req.gear, "current_gear": gear})
    return None


def check_command(ctx: GateContext, cmd: Command) -> Refusal | None:
    """All gates for one physical command; None when it may be sent."""
    cat = ctx.catalog
    what = control_name(cat, cmd.capability, cmd.member)
    if ctx.execution_mode == "hardware" and not ctx.armed:
        return Refusal(Reason.EXECUTION_MODE, what, {"mode": "unarmed hardware"})
    if ctx.execution_mode not in EXECUTION_MODES:
        return Refusal(Reason.EXECUTION_MODE, what, {"mode": ctx.execution_mode})
    if not cat.fitted(cmd.capability, cmd.member):
        return Refusal(Reason.NOT_FITTED, what)
    if cmd.capability == "peripheral.trigger":
        peripheral = cat.peripherals.get(cmd.member)
        if peripheral is None:
            return Refusal(Reason.UNKNOWN_TARGET, what, {"target": cmd.member})
        if not peripheral.active:
            return Refusal(Reason.INACTIVE_PERIPHERAL, what)
    for lock in cat.gates.interlocks:
        if lock.capability != cmd.capability or not _triggers(ctx, lock.when, cmd):
            continue
        refusal = check_requirements(ctx, lock.requires, what)
        if refusal is not None:
            return refusal
    return None


def _triggers(ctx: GateContext, when: Any, cmd: Command) -> bool:
    value = cmd.parameters.get(when.parameter)
    if when.equals is not None:
        return value == when.equals
    if when.increase:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return True  # not a position we can reason about: gated (fail closed)
        if value <= 0:
            return False  # fully closed is never an increase, whatever the state
        current = ctx.state.control(cmd.capability, cmd.member) or {}
        before = current.get(when.parameter)
        # Unknown current position counts as an increase: fail closed.
        return not isinstance(before, (int, float)) or value > before
    return False


def mode_commands(catalog: Catalog, mode_id: str) -> list[Command]:
    """A saved mode's physical commands, step by step, groups expanded."""
    return [
        Command(step.capability, member, dict(step.parameters))
        for step in catalog.modes[mode_id].steps
        for member in catalog.members(step.capability, step.target)
    ]


def check_mode(ctx: GateContext, mode_id: str, commands: list[Command]) -> tuple[Refusal | None, list[Refusal | None]]:
    """All-or-nothing gates of a mode: (the mode's refusal, each step's own verdict).

    When the mode's own requirements or any step fails a gate, the mode's
    refusal says why (worded about the mode) and nothing may be sent.
    """
    what = control_name(ctx.catalog, "mode.activate", mode_id)
    verdicts = [check_command(ctx, c) for c in commands]
    refusal = check_requirements(ctx, ctx.catalog.modes[mode_id].requires, what)
    if refusal is not None:
        return refusal, verdicts
    for step in verdicts:
        if step is not None:
            # The mode takes that step's reason, worded about the mode.
            return Refusal(step.reason, what, dict(step.detail)), verdicts
    return None, verdicts


def expand_mode(
    ctx: GateContext, mode_id: str
) -> tuple[list[Command], Refusal | None, list[tuple[Command, Refusal | None]]]:
    """A saved mode's commands, all-or-nothing: (commands, refusal, per-step results)."""
    commands = mode_commands(ctx.catalog, mode_id)
    refusal, verdicts = check_mode(ctx, mode_id, commands)
    return commands, refusal, list(zip(commands, verdicts))
