"""The scheduler's clock, injected so the rules are tested without sleeping.

Wall-clock seconds (epoch): a job's due time must mean the same instant
after a restart, which a monotonic clock cannot promise.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


def local_hhmm(ts: float) -> str:
    """The local clock time of an instant, as the car's screen shows it ("18:42")."""
    return datetime.fromtimestamp(ts).strftime("%H:%M")


def next_local(hhmm: str, now: float) -> float:
    """The next instant after ``now`` whose local clock reads ``hhmm`` (within 24 h).

    Raises ValueError for anything but a valid ``HH:MM``.
    """
    hours, _, minutes = hhmm.partition(":")
    h, m = int(hours), int(minutes)
    if not (0 <= h < 24 and 0 <= m < 60) or len(minutes) != 2:
        raise ValueError(f"not a clock time: {hhmm!r}")
    base = datetime.fromtimestamp(now)
    at = base.replace(hour=h, minute=m, second=0, microsecond=0)
    due = at.timestamp()
    if due <= now:
        # the same clock time tomorrow (through the calendar: a DST day is not 24 h)
        day = base.toordinal() + 1
        nxt = datetime.fromordinal(day).replace(hour=h, minute=m)
        due = nxt.timestamp()
    return due
