"""Who is speaking: per-seat permissions, the child lock, the speaker's member.

Pure lookups over ``catalog.seats`` (``catalog/seats.yaml``, DESIGN section
3a), used by ``decide()`` for every path that carries a seat (parser, model
plan, offline plan, follow-up) and by the parser/binder for "my window" and
target-less commands. Console taps carry no seat and never come here.

Fail closed: a seat string that is not one of the known seats is refused
``seat_not_permitted`` for everything; a rear seat's window command while
the child lock state is not known yet is refused ``child_lock``.
"""

from __future__ import annotations

from .amounts import Words
from .catalog import Catalog
from .catalog.message_table import messages
from .names import control_name
from .refusals import Reason, Refusal

#: The seat a message without one is treated as.
UNKNOWN = "unknown"

#: A seat as it reads in "from the rear-left seat" / "左后座位" (the message table's ``seats``).
SEAT_WORDS: dict[str, Words] = {key: Words(*messages().pair("seats", key)) for key in messages().section("seats")}


def seat_key(seat: str | None) -> str:
    """The seats.yaml entry for a message's seat (None -> ``unknown``)."""
    return UNKNOWN if seat is None else seat


def _members(catalog: Catalog, capability: str, member: str) -> tuple[str, ...]:
    """A group stands for its members; anything else stands for itself."""
    try:
        return catalog.members(capability, member)
    except KeyError:
        return (member,)


def permits(catalog: Catalog, seat: str | None, capability: str, member: str) -> bool:
    """True when `seat` may operate `capability` on `member` (every member of a group)."""
    rights = catalog.seats.rights(seat_key(seat))
    if rights is None or capability not in catalog.capabilities:
        return False
    return all(rights.permits(capability, m) for m in _members(catalog, capability, member))


def permitted_members(catalog: Catalog, seat: str | None, capability: str) -> tuple[str, ...]:
    """The physical members of `capability` that `seat` may operate, in catalog order."""
    if capability not in catalog.capabilities:
        return ()
    return tuple(m for m in catalog.target_type(capability).members if permits(catalog, seat, capability, m))


def seat_refusal(
    catalog: Catalog, seat: str | None, capability: str, member: str, child_lock: bool | None
) -> Refusal | None:
    """Why `seat` may not command `capability` on `member` now, or None.

    Permissions first (``seat_not_permitted``), then the child lock: while it
    is on (or not known yet), the child-lock seats' commands of the
    child-lock capabilities are refused ``child_lock``. The driver commanding
    a rear window is not affected by the child lock.
    """
    key = seat_key(seat)
    what = control_name(catalog, capability, member)
    if not permits(catalog, seat, capability, member):
        variant = UNKNOWN if key not in SEAT_WORDS else key if key in ("outside", UNKNOWN) else None
        return Refusal(
            Reason.SEAT_NOT_PERMITTED, what, {"seat": SEAT_WORDS.get(key, SEAT_WORDS[UNKNOWN]), "variant": variant}
        )
    lock = catalog.seats.child_lock
    if key in lock.seats and capability in lock.capabilities and child_lock is not False:
        return Refusal(Reason.CHILD_LOCK, what, {"variant": None if child_lock else UNKNOWN})
    return None


def speaker_member(catalog: Catalog, seat: str | None, capability: str) -> str | None:
    """The speaker's own member for a seat-, window- or zone-type capability.

    ``rear_left`` -> the rear-left window, seat or zone; an unknown or
    outside seat -> the capability's catalog default (the driver's window
    and seat, ``all`` zones for temperature). None for capabilities whose
    target type is not a speaker type (cabin, defrost, modes, peripherals).
    """
    cap = catalog.capabilities.get(capability)
    if cap is None or cap.target_type not in catalog.seats.speaker_target_types:
        return None
    key = seat_key(seat)
    if key in catalog.target_type(capability).members:
        return key
    return cap.default_target


__all__ = ["SEAT_WORDS", "UNKNOWN", "permits", "permitted_members", "seat_key", "seat_refusal", "speaker_member"]
