"""The one door from the safety core to the seat rules (DESIGN section 3a).

``seat_refusal`` (may this seat operate this capability on this member, with
the child lock as the car reports it) comes from :mod:`vehicle.seats`, built
on ``catalog/seats.yaml``. ``speaker_member`` here always names a target: the
speaker's member for a seat, window or zone control, else the capability's
catalog default (None only for modes and learned buttons, which have none).
"""

from __future__ import annotations

from typing import Any

from vehicle import seats
from vehicle.catalog import Catalog
from vehicle.seats import seat_refusal


def speaker_member(catalog: Catalog, seat: str | None, capability: str) -> str | None:
    member = seats.speaker_member(catalog, seat, capability)
    if member is not None:
        return member
    cap = catalog.capabilities.get(capability)
    return cap.default_target if cap is not None else None


def child_lock(state: Any) -> bool | None:
    """The child lock as the ECU last reported it (None: not known).

    A stale reading (the ECU fell silent: no vehicle status frame within the
    catalog's age limit) is not known either: the lock may have been turned
    on since, so a rear seat's window stays refused (fail closed, DESIGN
    section 3a). A state that cannot say whether it is stale is not known.
    """
    stale = getattr(state, "is_stale", None)
    if not callable(stale) or stale():
        return None
    reading = state.vehicle()
    value = reading.get("child_lock") if isinstance(reading, dict) else getattr(reading, "child_lock", None)
    return value if isinstance(value, bool) else None


__all__ = ["child_lock", "seat_refusal", "speaker_member"]
