"""The runtime's ports: what the service needs from its replaceable parts.

The assistant (Codex, or none), the ECU simulator (in-process, or none) and
the store are reached only through these Protocols, so routes and the turn
pipeline never depend on a concrete class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class AssistantPort(Protocol):
    def status(self) -> dict[str, Any]: ...
    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def run_turn(
        self,
        session_id: str,
        text: str,
        context: dict[str, Any],
        *,
        on_delta: Callable[[str], None],
        on_tool_call: Any,
        deadline_s: float,
    ) -> Any: ...
    async def interrupt(self, session_id: str) -> Any: ...


class SimulatorPort(Protocol):
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def set_vehicle(
        self, speed_kph: float | None = None, gear: str | None = None, child_lock: bool | None = None
    ) -> None: ...


class StorePort(Protocol):
    """The synchronous store the executor writes its audit rows to (in its own thread)."""

    def record_decision(
        self,
        session_id: str | None,
        turn_id: str | None,
        utterance: str | None,
        handled_by: str,
        planned: list[dict[str, Any]],
    ) -> int: ...
    def record_outcome(self, decision_id: int, actions: list[dict[str, Any]]) -> None: ...
    def close(self) -> None: ...
