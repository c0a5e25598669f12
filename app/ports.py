"""The runtime's ports: what the service needs from its replaceable parts.

The assistant (Codex, or none) and the ECU simulator (in-process, or none)
are reached only through these Protocols, so routes and the turn pipeline
never depend on a concrete class; the store through the ports of its users
(``app.executor.ports.AuditStore``, ``app.turn.ports.TurnStorePort``).
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
