"""The one value object that crosses the bus boundary: an 11-bit CAN frame."""

from __future__ import annotations

from dataclasses import dataclass

MAX_STANDARD_ID = 0x7FF
"""Highest 11-bit (standard) identifier; the project never uses extended ids."""


@dataclass(frozen=True, slots=True)
class Frame:
    """A classic CAN frame with a standard id, as encoded or received.

    Kept apart from ``can.Message`` so that the codec, the audit record and
    dry runs never depend on python-can, and so frames compare by value.
    """

    id: int
    """Standard 11-bit arbitration id (0..0x7FF)."""
    data: bytes
    """Payload, 0..8 bytes (classic CAN)."""

    def __post_init__(self) -> None:
        if not isinstance(self.id, int) or isinstance(self.id, bool) or not 0 <= self.id <= MAX_STANDARD_ID:
            raise ValueError(f"a frame id must be an 11-bit standard id (0..0x7FF), got {self.id!r}")
        if not isinstance(self.data, (bytes, bytearray)) or len(self.data) > 8:
            raise ValueError("frame data must be at most 8 bytes")
        object.__setattr__(self, "data", bytes(self.data))

    def to_json(self) -> dict[str, str]:
        """The audit/dry-run shape: ``{"id": "0x3A0", "data": "hex"}``."""
        return {"id": f"0x{self.id:03X}", "data": self.data.hex()}
