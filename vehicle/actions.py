"""Small value objects shared by the parser, plans, gates and the executor.

Parameters are plain JSON values (bool, int, float, str): `celsius` is a
float, levels and percents are ints (DESIGN section 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ParamValue = bool | int | float | str

#: What the person said about a mentioned control (DESIGN section 4).
#: Only ``command`` may bind an actuating model action (section 5 step 6).
Said = Literal["command", "question", "statement", "wish", "negated", "held"]
SAID_VALUES: tuple[str, ...] = ("command", "question", "statement", "wish", "negated", "held")
#: The way a commanded mention goes; None where the text says no direction
#: (binding then binds nothing that actuates: fail closed).
Direction = Literal["increase", "decrease", "set", "on", "off", "open", "close", "activate"]
DIRECTION_VALUES: tuple[str, ...] = ("increase", "decrease", "set", "on", "off", "open", "close", "activate")
#: Follow-up kinds of DESIGN section 3a.
FollowUp = Literal["me_too", "more", "undo"]
#: Speaker seats of a message (section 3a); None = unknown.
Seat = Literal["driver", "passenger", "rear_left", "rear_right", "outside"]
SEAT_VALUES: tuple[str, ...] = ("driver", "passenger", "rear_left", "rear_right", "outside")


@dataclass(frozen=True, slots=True)
class Action:
    """One control as parsed or proposed: capability, target, parameters."""

    capability: str
    """Catalog capability id, e.g. ``climate.set_temperature``."""
    target: str
    """A member, a group, a mode id, a peripheral id or ``cabin``."""
    parameters: dict[str, ParamValue] = field(default_factory=dict)
    """Parameter name -> value, exactly as spoken or proposed (never clamped)."""
    vague: bool = False
    """A relative change with no amount ("a bit warmer", "fan up"): it moves
    to the range end instead of being refused there (DESIGN section 3)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "capability": self.capability,
            "target": self.target,
            "parameters": dict(self.parameters),
        }
        if self.vague:
            out["vague"] = True
        return out

    def key(self) -> tuple[str, str, tuple[tuple[str, ParamValue], ...], bool]:
        """Identity for collapsing repeats (parameter order does not matter)."""
        return (self.capability, self.target, tuple(sorted(self.parameters.items())), self.vague)


@dataclass(frozen=True, slots=True)
class Mention:
    """A control the text refers to, resolved or not (target None: none said),
    with what the person said about it and, for a command, its direction."""

    capability: str
    target: str | None = None
    said: Said = "command"
    direction: Direction | None = None

    def to_json(self) -> dict[str, Any]:
        return {"capability": self.capability, "target": self.target, "said": self.said, "direction": self.direction}


@dataclass(frozen=True, slots=True)
class Query:
    """A state question the service answers from confirmed state ("is the AC on")."""

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
