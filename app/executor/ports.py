"""What the executor needs from the bus and the audit store (the runtime's
:class:`~vehicle.can.link.CanLink` and :class:`~app.store.Store`; tests pass
in-memory ones)."""

from __future__ import annotations

from typing import Any, Protocol

from vehicle.actions import Command
from vehicle.can.frame import Frame
from vehicle.can.link import CommandOutcome


class BusLink(Protocol):
    def encode(self, command: Command) -> list[Frame]: ...
    def execute(self, commands: list[Command]) -> list[CommandOutcome]: ...


class AuditStore(Protocol):
    def record_decision(
        self,
        session_id: str | None,
        turn_id: str | None,
        utterance: str | None,
        handled_by: str,
        planned: list[dict[str, Any]],
    ) -> int: ...
    def record_outcome(self, decision_id: int, actions: list[dict[str, Any]]) -> None: ...


__all__ = ["AuditStore", "BusLink"]
