"""The executor's working records and the ActionResult wire shape.

One :class:`Item` per action as parsed or proposed (groups and modes stay
whole); one :class:`Member` per physical member or mode step. Statuses are
decided per member and aggregated: a group or mode is ``applied`` only when
every member is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vehicle.actions import Command
from vehicle.refusals import Refusal
from vehicle.safety import ActionDecision

#: Worst first: the status an item takes from its members.
_WORST = ("failed", "rejected", "unconfirmed", "dry_run", "already_applied", "applied")


@dataclass
class Member:
    target: str
    command: Command | None
    control_key: tuple[str, str] | None
    status: str | None = None
    refusal: Refusal | None = None
    frames: list[dict[str, str]] = field(default_factory=list)
    at_send: bool = False
    """Refused by the gates re-checked on live state at send time."""

    @property
    def pending(self) -> bool:
        return self.status is None

    def refuse(self, refusal: Refusal) -> None:
        self.status, self.refusal = "rejected", refusal


@dataclass
class Item:
    capability: str
    target: str | None
    parameters: dict[str, Any]
    source: str
    members: list[Member] = field(default_factory=list)
    refusal: Refusal | None = None
    """A refusal of the whole item (validation, binding, mode gate)."""
    status: str | None = None
    message: str = ""
    is_mode: bool = False
    vague: bool = False

    def refuse(self, refusal: Refusal) -> None:
        self.refusal = refusal
        self.status = "rejected"
        for m in self.members:
            if m.pending:
                m.refuse(refusal)

    def pending_members(self) -> list[Member]:
        return [m for m in self.members if m.pending and m.command is not None]

    def aggregate(self) -> str:
        if self.refusal is not None:
            return "rejected"
        statuses = {m.status or "rejected" for m in self.members}
        if not statuses:
            return "rejected"
        for status in _WORST:
            if status in statuses:
                if status == "already_applied" and "applied" in statuses:
                    return "applied"
                return status
        return "rejected"

    def first_refusal(self) -> Refusal | None:
        if self.refusal is not None:
            return self.refusal
        return next((m.refusal for m in self.members if m.refusal is not None), None)

    def to_json(self, with_frames: bool = False) -> dict[str, Any]:
        refusal = self.first_refusal() if self.status in ("rejected", "failed") else None
        out: dict[str, Any] = {
            "capability": self.capability,
            "target": self.target,
            "parameters": dict(self.parameters),
            "status": self.status,
            "reason": refusal.reason.value if refusal else None,
            "message": self.message,
            "source": self.source,
            **({"vague": True} if self.vague else {}),
            "members": [
                {
                    "target": m.target,
                    "status": m.status,
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


def from_decision(action: ActionDecision) -> Item:
    """The executor's working record of one decided action."""
    item = Item(
        action.capability,
        action.target,
        dict(action.parameters),
        action.source,
        is_mode=action.is_mode,
        vague=action.vague,
    )
    for m in action.members:
        member = Member(m.target, m.command, m.key)
        if m.verdict == "rejected":
            member.refuse(m.refusal)
        elif m.verdict == "already_applied":
            member.status = "already_applied"
        item.members.append(member)
    if action.refusal is not None:
        item.refusal, item.status = action.refusal, "rejected"
    return item


def overall(items: list[Item]) -> str:
    """applied | partially_applied | rejected | dry_run for a set of results.

    ``already_applied`` counts as neither success nor failure. ``rejected``
    promises that nothing of the counted actions reached the bus; as soon as
    any member was sent (applied or unconfirmed) without everything being
    applied, the answer is ``partially_applied``.
    """
    counted = [i for i in items if i.status != "already_applied"]
    if not counted:
        return "applied" if items else "rejected"
    if all(i.status == "dry_run" for i in counted):
        return "dry_run"
    if all(i.status == "applied" for i in counted):
        return "applied"
    sent = any(m.status in ("applied", "unconfirmed") for i in counted for m in i.members)
    return "partially_applied" if sent else "rejected"
