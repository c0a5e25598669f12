"""STAND-IN for :mod:`vehicle.seats` (DESIGN section 3a), used only until the
real module (catalog-driven, ``catalog/seats.yaml``) is merged. Same names and
signatures; the shipped permission table is written out here.

Its refusals carry private reason codes with the wire values
``seat_not_permitted`` and ``child_lock`` because :class:`vehicle.refusals.Reason`
does not have them yet. Delete this file when ``vehicle.seats`` exists.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from vehicle.catalog import Catalog

REAR = ("rear_left", "rear_right")
FRONT = ("driver", "passenger")
#: What a rear seat may operate, on its own member only.
_REAR_OWN = frozenset({
    "window.set_position", "window.adjust_position",
    "seat.set_heating", "seat.adjust_heating", "seat.set_ventilation", "seat.adjust_ventilation",
    "seat.set_massage", "reading_light.set",
    "climate.set_temperature", "climate.adjust_temperature",
})
_SPEAKER_TYPES = ("seat", "window", "zone")


class _SeatReason(str, Enum):
    SEAT_NOT_PERMITTED = "seat_not_permitted"
    CHILD_LOCK = "child_lock"


_MESSAGES = {
    _SeatReason.SEAT_NOT_PERMITTED: ("{what} cannot be operated from your seat.", "您的座位无法操作{what}。"),
    _SeatReason.CHILD_LOCK: ("{what} is locked by the child lock.", "儿童锁已开启，{what}无法操作。"),
}


@dataclass(frozen=True, slots=True)
class _SeatRefusal:
    """Duck-types vehicle.refusals.Refusal (reason, what, detail, message)."""

    reason: _SeatReason
    what: tuple[str, str] = ("", "")
    detail: dict[str, Any] = field(default_factory=dict)

    def message(self, language: str = "en") -> str:
        en, zh = _MESSAGES[self.reason]
        name = self.what[1] if language == "zh" else self.what[0]
        text = (zh if language == "zh" else en).format(what=name or "this")
        return text if language == "zh" else text[:1].upper() + text[1:]


def seat_refusal(catalog: Catalog, seat: str | None, capability: str, member: str,
                 child_lock: bool | None) -> _SeatRefusal | None:
    from vehicle.plan import control_name

    what = control_name(catalog, capability, member)
    if seat is None or seat in FRONT:
        return None
    if seat not in REAR:  # outside (or anything unknown to the table): nothing
        return _SeatRefusal(_SeatReason.SEAT_NOT_PERMITTED, what)
    if capability not in _REAR_OWN or member != seat:
        return _SeatRefusal(_SeatReason.SEAT_NOT_PERMITTED, what)
    if capability.startswith("window.") and child_lock:
        return _SeatRefusal(_SeatReason.CHILD_LOCK, what)
    return None


def speaker_member(catalog: Catalog, seat: str | None, capability: str) -> str:
    cap = catalog.capabilities[capability]
    if seat in FRONT + REAR and cap.target_type in _SPEAKER_TYPES and seat in catalog.target_type(capability).members:
        return seat
    return cap.default_target or ""
