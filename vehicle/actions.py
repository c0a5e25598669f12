"""Small value objects shared by the parser, plans, gates and the executor.

Parameters are plain JSON values (bool, int, float, str): `celsius` is a
float, levels and percents are ints (DESIGN section 4).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ParamValue = bool | int | float | str


@dataclass(frozen=True, slots=True)
class Action:
    """One control as parsed or proposed: capability, target, parameters."""

    capability: str
    """Catalog capability id, e.g. ``climate.set_temperature``."""
    target: str
    """A member, a group, a mode id, a peripheral id or ``cabin``."""
    parameters: dict[str, ParamValue] = field(default_factory=dict)
    """Parameter name -> value, exactly as spoken or proposed (never clamped)."""

    def to_json(self) -> dict[str, Any]:
        return {"capability": self.capability, "target": self.target, "parameters": dict(self.parameters)}

    def key(self) -> tuple[str, str, tuple[tuple[str, ParamValue], ...]]:
        """Identity for collapsing repeats (parameter order does not matter)."""
        return (self.capability, self.target, tuple(sorted(self.parameters.items())))


@dataclass(frozen=True, slots=True)
class Mention:
    """A control the text refers to, resolved or not (target None: none said)."""

    capability: str
    target: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"capability": self.capability, "target": self.target}


@dataclass(frozen=True, slots=True)
class Command:
    """One physical command for the bus: a single member, absolute values.

    Groups, modes and relative adjustments are resolved to commands by the
    executor before anything reaches :mod:`vehicle.can`.
    """

    capability: str
    """A state-holding capability or ``peripheral.trigger``."""
    member: str
    """A physical member (``cabin`` where the capability has no target)."""
    parameters: dict[str, ParamValue] = field(default_factory=dict)
