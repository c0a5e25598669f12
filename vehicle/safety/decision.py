"""The typed answer of :func:`vehicle.safety.decide` (DESIGN section 5, steps 5-9).

One :class:`ActionDecision` per action as parsed or proposed (groups and
modes stay whole), one :class:`MemberDecision` per physical member or mode
step, each with the command it would send and its verdict: ``pending`` (may
be sent), ``rejected`` (with the refusal) or ``already_applied``. The
executor does the I/O around it (record, re-gate, encode, send, confirm).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from vehicle.actions import SEAT_VALUES, Command
from vehicle.refusals import Refusal

Verdict = Literal["pending", "rejected", "already_applied"]
Source = Literal["parser", "model", "both", "catalog", "console"]
#: (physical control, member): the unit of merge, once-per-key and budget.
Key = tuple[str, str]

#: At most this many physical commands per key (token, turn or tap).
MAX_COMMANDS = 16


@dataclass
class MemberDecision:
    target: str
    """The physical member (a mode step's member for a mode)."""
    command: Command | None
    """What would go to the bus; None where it could not be resolved."""
    key: Key | None
    verdict: Verdict = "pending"
    refusal: Refusal | None = None

    @property
    def pending(self) -> bool:
        return self.verdict == "pending" and self.command is not None

    def refuse(self, refusal: Refusal) -> None:
        self.verdict, self.refusal = "rejected", refusal


@dataclass
class ActionDecision:
    capability: str
    target: str | None
    parameters: dict[str, Any]
    source: str
    vague: bool = False
    is_mode: bool = False
    members: list[MemberDecision] = field(default_factory=list)
    refusal: Refusal | None = None
    """A refusal of the whole action (validation, binding, a mode's gate)."""

    @property
    def rejected(self) -> bool:
        return self.refusal is not None

    def refuse(self, refusal: Refusal) -> None:
        """Refuse the whole action: every member still pending goes with it."""
        self.refusal = refusal
        for m in self.members:
            if m.verdict == "pending":
                m.refuse(refusal)

    def pending_members(self) -> list[MemberDecision]:
        return [m for m in self.members if m.pending]

    def keys(self) -> list[Key]:
        """The members it settles; an action refused before it had any stands for itself."""
        if not self.members:
            return [self.identity()]
        return [m.key for m in self.members if m.key is not None]

    def identity(self) -> Key:
        """A key for an action with no members (refused at validation or binding)."""
        return ("action", f"{self.capability}|{self.target}|{sorted(self.parameters.items())!r}")


@dataclass(frozen=True)
class DecisionRequest:
    """Everything decide() needs besides catalog, parse, seat, state and consumed."""

    model_actions: tuple[dict[str, Any], ...] = ()
    """Raw model plan entries (untrusted: any JSON values)."""
    direct: tuple[tuple[dict[str, Any], str], ...] = ()
    """Unbound actions with their source: offline plans ("catalog"), taps ("console")."""
    include_parser: bool = True
    skip_parser_keys: frozenset[Key] = frozenset()
    """Members the turn's execute calls already decided: a parser action on
    them is never decided again (turn-end leftovers)."""
    execution_mode: str = "simulation"
    armed: bool = False


@dataclass(frozen=True)
class Decision:
    actions: tuple[ActionDecision, ...]

    def pending(self) -> list[tuple[ActionDecision, MemberDecision]]:
        return [(a, m) for a in self.actions for m in a.pending_members()]

    def decided_keys(self) -> frozenset[Key]:
        """Every member this decision settled, to be sent or refused."""
        return frozenset(k for a in self.actions for k in a.keys())


def known_seat(seat: str | None) -> str | None:
    """The seat as the rules read it: unknown values are not a seat (fail closed to 'outside')."""
    if seat is None:
        return None
    return seat if seat in SEAT_VALUES else "outside"


__all__ = [
    "ActionDecision",
    "Decision",
    "DecisionRequest",
    "Key",
    "MAX_COMMANDS",
    "MemberDecision",
    "Source",
    "Verdict",
    "known_seat",
]
