"""AUTOSAR E2E profile 2 protection: CRC8 over the payload and a data id,
plus the alive-counter rules of both ends of the bus.

Layout (every command and status message): byte 0 is the CRC, the low
nibble of byte 1 is the alive counter (0..15). The CRC is
``cantools.autosar``'s profile 2 CRC (``Crc8Autosar``: polynomial 0x2F,
init and final XOR 0xFF, over bytes 1..n-1 followed by the message's data
id), computed here from a 256-entry table: every frame sent and received is
checked, and the table is several times faster than cantools' generic
routine (a test holds the two equal for every data id). cantools'
``encode`` does not fill it and ``decode`` does not check it, so this
module does both.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

COUNTER_MODULO = 16
MAX_COUNTER_STEP = 3
"""A receiver accepts a counter 1..3 ahead of its reference (mod 16)."""


_POLY = 0x2F


def _table() -> tuple[int, ...]:
    out = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ _POLY) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        out.append(crc)
    return tuple(out)


_TABLE = _table()


def profile2_crc(payload: bytes, data_id: int) -> int:
    """The profile 2 CRC of bytes 1..n-1 of `payload` followed by `data_id`."""
    crc = 0xFF
    for byte in payload[1:]:
        crc = _TABLE[crc ^ byte]
    return _TABLE[crc ^ (data_id & 0xFF)] ^ 0xFF


def protect(payload: bytes, data_id: int) -> bytes:
    """Return `payload` with its E2E profile 2 CRC written into byte 0."""
    if len(payload) < 2:  # not protectable
        raise ValueError("an E2E profile 2 payload needs at least 2 bytes")
    return bytes((profile2_crc(payload, data_id),)) + bytes(payload[1:])


def crc_ok(payload: bytes, data_id: int) -> bool:
    """True when byte 0 is the profile 2 CRC of the rest and `data_id`."""
    return len(payload) >= 2 and payload[0] == profile2_crc(payload, data_id)


def counter_of(payload: bytes) -> int:
    """The alive counter (low nibble of byte 1)."""
    return payload[1] & 0x0F


def counter_step(new: int, reference: int) -> int:
    """How far `new` is ahead of `reference`, modulo 16 (0 = repeated)."""
    return (new - reference) % COUNTER_MODULO


class CommandCounterCheck:
    """The ECU's rule for command counters (DESIGN section 9).

    A command is accepted when its counter is 1..3 ahead (mod 16) of the last
    *accepted* one on the same message. With no command received on that
    message for ``resync_after_s`` (or none yet), any counter is accepted,
    so a restarted sender recovers without a handshake. Thread-safe.
    """

    def __init__(self, resync_after_s: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._resync_after_s = resync_after_s
        self._clock = clock
        self._accepted: dict[int, int] = {}
        self._last_seen: dict[int, float] = {}
        self._lock = threading.Lock()

    def accept(self, message_id: int, counter: int) -> bool:
        """Record a CRC-valid command on `message_id`; True when it is accepted."""
        with self._lock:
            now = self._clock()
            last_seen = self._last_seen.get(message_id)
            self._last_seen[message_id] = now
            reference = self._accepted.get(message_id)
            quiet = last_seen is None or now - last_seen >= self._resync_after_s
            if reference is None or quiet or 1 <= counter_step(counter, reference) <= MAX_COUNTER_STEP:
                self._accepted[message_id] = counter
                return True
            return False


class StatusCounterCheck:
    """The head unit's rule for status counters.

    The first frame of a message is accepted. After that a frame is accepted
    when its counter is 1..3 ahead of the previous CRC-valid frame of the
    same message: a repeated frame (step 0) or a jump (lost frames beyond
    the window, a restarted ECU) is dropped, and the dropped frame becomes
    the new reference, so the next in-sequence frame re-synchronises. Only
    the receive thread calls it.
    """

    def __init__(self) -> None:
        self._previous: dict[int, int] = {}

    def accept(self, message_id: int, counter: int) -> bool:
        previous = self._previous.get(message_id)
        self._previous[message_id] = counter
        return previous is None or 1 <= counter_step(counter, previous) <= MAX_COUNTER_STEP

    def reset(self) -> None:
        self._previous.clear()
