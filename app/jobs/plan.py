"""A turn's ``schedule`` entries, decided now (DESIGN section 5a).

Each scheduled action goes through :func:`vehicle.safety.decide` as if it
ran now, except the live interlocks (the car read through
:func:`vehicle.safety.ahead.ahead_of_time`): validation, seat rights,
fitted and the 16-command budget refuse now, with their reason; what passes
becomes a job's action, resolved (a target-less "my seat heating" is the
speaker's member). A group some of whose members the seat may not operate
keeps the members that passed, one action each, and the rest are refused
now, so the reply never promises a member that will be refused later.

Pure: no I/O, no clock of its own (``now`` is given).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vehicle.catalog import Catalog
from vehicle.names import control_name
from vehicle.safety import ActionDecision, DecisionRequest, StateSnapshot, decide
from vehicle.safety.ahead import ahead_of_time

from . import wording
from .clock import next_local
from .model import MAX_DELAY_S, MIN_DELAY_S

SOURCE = "schedule"


@dataclass
class Entry:
    """One schedule entry after its decision."""

    actions: list[dict[str, Any]]
    """What passed, resolved (capability, target, parameters, and ``vague`` where it is)."""
    due_at: float | None
    """None: act now (an entry with only ``for_s``)."""
    for_s: float | None
    refused: list[dict[str, Any]] = field(default_factory=list)
    """ActionResults of what was refused now."""


def due_of(entry: dict[str, Any], now: float) -> tuple[float | None, bool]:
    """(due time or None for "now", valid): ``after_s`` 5 s..24 h, or ``at`` "HH:MM" (the next within 24 h)."""
    after, at, for_s = entry.get("after_s"), entry.get("at"), entry.get("for_s")
    if for_s is not None and not _seconds(for_s):
        return None, False
    if after is not None and at is not None:
        return None, False
    if after is not None:
        return (now + float(after), True) if _seconds(after) else (None, False)
    if at is not None:
        try:
            return next_local(str(at), now), True
        except ValueError:
            return None, False
    return None, for_s is not None  # a duration alone: act now, the change back is the job


def _seconds(value: Any) -> bool:
    return (
        isinstance(value, (int, float)) and not isinstance(value, bool) and MIN_DELAY_S <= float(value) <= MAX_DELAY_S
    )


def refused_result(catalog: Catalog, raw: Any, reason: str, message: str) -> dict[str, Any]:
    """An ActionResult refused before any decision could be taken (a bad time, the bound)."""
    raw = raw if isinstance(raw, dict) else {}
    return {
        "capability": raw.get("capability"),
        "target": raw.get("target"),
        "parameters": dict(raw.get("parameters") or {}),
        "status": "rejected",
        "reason": reason,
        "message": message,
        "source": SOURCE,
        "members": [],
    }


def plan(
    catalog: Catalog,
    parse: Any,
    seat: str | None,
    shown: StateSnapshot,
    now: float,
    language: str,
    execution_mode: str = "simulation",
    armed: bool = False,
) -> list[Entry]:
    out: list[Entry] = []
    for entry in getattr(parse, "schedule", ()) or ():
        raws = entry.get("actions") if isinstance(entry, dict) else None
        if not isinstance(raws, list) or not raws:
            continue
        due, valid = due_of(entry, now)
        if not valid:
            out.append(Entry([], None, None, [_bad_time(catalog, raw, language) for raw in raws]))
            continue
        request = DecisionRequest(
            direct=tuple((raw, SOURCE) for raw in raws),
            include_parser=False,
            execution_mode=execution_mode,
            armed=armed,
        )
        decision = decide(catalog, parse, seat, ahead_of_time(shown), frozenset(), request)
        passed: list[dict[str, Any]] = []
        refused: list[dict[str, Any]] = []
        for item in decision.actions:
            ok, no = _split(catalog, item, language)
            passed += ok
            refused += no
        for_s = entry.get("for_s")
        out.append(Entry(passed, due, float(for_s) if for_s is not None else None, refused))
    return out


def _bad_time(catalog: Catalog, raw: Any, language: str) -> dict[str, Any]:
    what = _name(catalog, raw, language)
    return refused_result(catalog, raw, "invalid_time", wording.say("invalid_time", language, what=what))


def _name(catalog: Catalog, raw: Any, language: str) -> str:
    capability = raw.get("capability") if isinstance(raw, dict) else None
    if not isinstance(capability, str) or capability not in catalog.capabilities:
        return ""
    en, zh = control_name(catalog, capability, raw.get("target"))
    return zh if language == "zh" else en


def _split(catalog: Catalog, item: ActionDecision, language: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the job's actions, the ActionResults refused now) of one decided action."""
    refusal = item.first_refusal()
    base = {
        "capability": item.capability,
        "parameters": dict(item.parameters),
        **({"vague": True} if item.vague else {}),
    }
    pending = item.pending_members()
    if item.rejected or not pending:
        if refusal is None:
            return [], []  # nothing to do (already so): nothing promised, nothing refused
        return [], [_refused(item, [m for m in item.members if m.refusal], refusal.message(language))]
    refused_members = [m for m in item.members if m.refusal is not None]
    if item.is_mode or not refused_members:
        return [{**base, "target": item.target}], []
    ok = [{**base, "target": m.target} for m in pending]
    message = " ".join(m.refusal.message(language) for m in refused_members if m.refusal is not None)
    return ok, [_refused(item, refused_members, message)]


def _refused(item: ActionDecision, members: list[Any], message: str) -> dict[str, Any]:
    first = next((m.refusal for m in members if m.refusal is not None), item.refusal)
    return {
        "capability": item.capability,
        "target": item.target,
        "parameters": dict(item.parameters),
        "status": "rejected",
        "reason": first.reason.value if first is not None else None,
        "message": message,
        "source": SOURCE,
        "members": [
            {"target": m.target, "status": "rejected", "reason": m.refusal.reason.value if m.refusal else None}
            for m in members
        ],
    }
