"""One instant of the car, taken once per decision.

decide() must be a pure function of its inputs: it reads speed, gear,
staleness, the child lock and confirmed values from this frozen copy, never
from the live, locked, clock-reading store. The executor takes it just
before deciding and checks the gates again on the live state at send time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StateSnapshot:
    reading: Any
    """Speed, gear (and child lock) as of the snapshot."""
    stale: bool
    controls: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def of(cls, state: Any) -> StateSnapshot:
        """Freeze a vehicle state: its ``frozen()`` instant (reading,
        staleness and confirmed values, taken in one lock hold)."""
        return cls(*state.frozen())

    def vehicle(self) -> Any:
        return self.reading

    def is_stale(self) -> bool:
        return self.stale

    def control(self, capability: str, member: str) -> dict[str, Any] | None:
        params = self.controls.get(capability, {}).get(member)
        return dict(params) if params is not None else None


__all__ = ["StateSnapshot"]
