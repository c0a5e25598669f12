"""The one door from the safety core to the seat rules (DESIGN section 3a).

``seat_refusal`` (may this seat operate this capability on this member, with
the child lock as the car reports it) and ``speaker_member`` (the speaker's
member for a seat, window or zone control; the catalog default when the seat
is unknown or outside) live in :mod:`vehicle.seats`, built from
``catalog/seats.yaml``. Until that module exists this adapter falls back to
a private stand-in with the shipped table of section 3a, so the rest of the
package imports exactly one name from here and nothing changes when the real
module lands.
"""
from __future__ import annotations

from typing import Any

try:  # the real seat rules (catalog data)
    from vehicle.seats import seat_refusal, speaker_member
    STANDIN = False
except ImportError:  # pragma: no cover - exercised only before vehicle.seats exists
    from ._seats_standin import seat_refusal, speaker_member  # STAND-IN: remove once vehicle.seats is merged
    STANDIN = True


def child_lock(state: Any) -> bool | None:
    """The child lock as the ECU last reported it (None: not known)."""
    reading = state.vehicle()
    value = reading.get("child_lock") if isinstance(reading, dict) else getattr(reading, "child_lock", None)
    return value if isinstance(value, bool) else None


__all__ = ["STANDIN", "child_lock", "seat_refusal", "speaker_member"]
