"""The typed action result, from :func:`vehicle.safety.decide` to the wire (DESIGN section 5, steps 5-11).

One :class:`ActionDecision` per action as parsed or proposed (groups and
modes stay whole), one :class:`MemberDecision` per physical member or mode
step, each with the command it would send and its :class:`ActionStatus`:
``None`` while it is pending (may be sent), ``rejected`` (with the refusal)
or ``already_applied`` as decided; the executor does the I/O around it
(record, re-gate, encode, send, confirm) on the same objects, sets the
outcome (``applied``, ``unconfirmed``, ``dry_run``, ``failed``), the words,
and :meth:`ActionDecision.to_json` is the ActionResult on the wire.
:func:`overall_status` is the status of a set of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from vehicle.actions import SEAT_VALUES, Command
from vehicle.refusals import Refusal


class ActionStatus(StrEnum):
    """Every status on the wire: of a member, an action (an ActionResult) and a set of them (a Reply)."""

    APPLIED = "applied"
    UNCONFIRMED = "unconfirmed"
    DRY_RUN = "dry_run"
    ALREADY_APPLIED = "already_applied"
    REJECTED = "rejected"
    FAILED = "failed"
    PARTIALLY_APPLIED = "partially_applied"
    """Of a set: something reached the bus, not everything was applied."""
    NO_ACTION = "no_action"
    """Of a Reply: the turn had no action."""


#: Statuses of a member that reached the bus.
SENT = frozenset({ActionStatus.APPLIED, ActionStatus.UNCONFIRMED})
#: Worst first: the status an action takes from its members.
_WORST = (
    ActionStatus.FAILED,
    ActionStatus.REJECTED,
    ActionStatus.UNCONFIRMED,
    ActionStatus.DRY_RUN,
    ActionStatus.ALREADY_APPLIED,
    ActionStatus.APPLIED,
)

Source = Literal["parser", "model", "both", "catalog", "console"]
#: (physical control, member): the unit of merge, once-per-key and budget.
Key = tuple[str, str]

#: At most this many physical commands per key (token, turn or tap).
MAX_COMMANDS = 16


def _wire(status: ActionStatus | None) -> str | None:
    return None if status is None else status.value


@dataclass
class MemberDecision:
    target: str
    """The physical member (a mode step's member for a mode)."""
    command: Command | None
    """What would go to the bus; None where it could not be resolved."""
    key: Key | None
    status: ActionStatus | None = None
    """None while pending; decide() sets rejected or already_applied, the executor the outcome."""
    refusal: Refusal | None = None
    frames: list[dict[str, str]] = field(default_factory=list)
    at_send: bool = False
    """Refused by the gates re-checked on live state at send time."""

    @property
    def undecided(self) -> bool:
        return self.status is None

    @property
    def pending(self) -> bool:
        """Still to be sent: undecided, with a command."""
        return self.status is None and self.command is not None

    def refuse(self, refusal: Refusal) -> None:
        self.status, self.refusal = ActionStatus.REJECTED, refusal


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
    status: ActionStatus | None = None
    """The action's status once decided (rejected) or finished (:meth:`aggregate`)."""
    message: str = ""
    """The words for it, set by the executor."""
    awaits_answer: bool = False
    """A model action on a control the person never mentioned: it goes through every
    gate, and what passes is held ``needs_confirmation`` for their answer (DESIGN section 4a)."""

    @property
    def rejected(self) -> bool:
        return self.refusal is not None

    def refuse(self, refusal: Refusal) -> None:
        """Refuse the whole action: every member still pending goes with it."""
        self.refusal, self.status = refusal, ActionStatus.REJECTED
        for m in self.members:
            if m.undecided:
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

    def aggregate(self) -> ActionStatus:
        """The action's status from its members': a group or mode is applied only when every member is."""
        if self.refusal is not None:
            return ActionStatus.REJECTED
        statuses = {m.status or ActionStatus.REJECTED for m in self.members}
        if not statuses:
            return ActionStatus.REJECTED
        for status in _WORST:
            if status in statuses:
                if status == ActionStatus.ALREADY_APPLIED and ActionStatus.APPLIED in statuses:
                    return ActionStatus.APPLIED
                return status
        return ActionStatus.REJECTED

    def first_refusal(self) -> Refusal | None:
        if self.refusal is not None:
            return self.refusal
        return next((m.refusal for m in self.members if m.refusal is not None), None)

    def to_json(self, with_frames: bool = False) -> dict[str, Any]:
        """The ActionResult (DESIGN section 6); ``with_frames`` adds the frames and send-time refusals."""
        refusal = self.first_refusal() if self.status in (ActionStatus.REJECTED, ActionStatus.FAILED) else None
        out: dict[str, Any] = {
            "capability": self.capability,
            "target": self.target,
            "parameters": dict(self.parameters),
            "status": _wire(self.status),
            "reason": refusal.reason.value if refusal else None,
            "message": self.message,
            "source": self.source,
            **({"vague": True} if self.vague else {}),
            "members": [
                {
                    "target": m.target,
                    "status": _wire(m.status),
                    "reason": m.refusal.reason.value if m.refusal else None,
                    **({"parameters": dict(m.command.parameters)} if m.command is not None and self.is_mode else {}),
                    **({"capability": m.command.capability} if m.command is not None and self.is_mode else {}),
                    **({"at_send": True} if m.at_send and with_frames else {}),
                }
                for m in self.members
            ],
        }
        if with_frames:
            out["frames"] = [f for m in self.members for f in m.frames]
        return out


#: An action's status and its members' statuses, as :func:`overall_status` reads them
#: (from an :class:`ActionDecision` or from an ActionResult on the wire).
Statuses = tuple[str | None, Sequence[str | None]]


def statuses_of(action: ActionDecision) -> Statuses:
    return action.status, [m.status for m in action.members]


def overall_status(actions: Sequence[Statuses], *, reply: bool = False) -> ActionStatus:
    """The status of a set of action results: ``applied``, ``partially_applied`` or ``rejected``;
    of an execute call or a tap (``reply=False``) also ``dry_run``, of a Reply (``reply=True``)
    also ``no_action``.

    ``already_applied`` counts as neither success nor failure. ``rejected``
    promises that nothing of the counted actions reached the bus; as soon as
    any member was sent (applied or unconfirmed) without everything being
    applied, the answer is ``partially_applied``. A Reply says ``applied``
    for a dry run (its actions say ``dry_run``) and ``no_action`` for none.
    """
    if not actions:
        return ActionStatus.NO_ACTION if reply else ActionStatus.REJECTED
    counted = [a for a in actions if a[0] != ActionStatus.ALREADY_APPLIED]
    if not counted:
        return ActionStatus.APPLIED
    if reply:
        if all(a[0] in (ActionStatus.APPLIED, ActionStatus.DRY_RUN) for a in counted):
            return ActionStatus.APPLIED
    else:
        if all(a[0] == ActionStatus.DRY_RUN for a in counted):
            return ActionStatus.DRY_RUN
        if all(a[0] == ActionStatus.APPLIED for a in counted):
            return ActionStatus.APPLIED
    sent = any(m in SENT for a in counted for m in a[1])
    if sent or (reply and any(a[0] == ActionStatus.APPLIED for a in counted)):
        return ActionStatus.PARTIALLY_APPLIED
    return ActionStatus.REJECTED


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
    confirmed: bool = False
    """The direct actions are the person's answer to a question (DESIGN section 4a): a
    ``model`` one among them is bound by that answer, not by the utterance."""


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
    "SENT",
    "ActionDecision",
    "ActionStatus",
    "Decision",
    "DecisionRequest",
    "Key",
    "MAX_COMMANDS",
    "MemberDecision",
    "Source",
    "Statuses",
    "known_seat",
    "overall_status",
    "statuses_of",
]
