"""The car as a timed command is decided when it is set (DESIGN section 5a).

A job is decided twice: when it is set, by everything but the live
interlocks (validation, binding, seat rights, fitted, the budget), and when
it fires, by everything on the live state. The first decision reads the
car through :func:`ahead_of_time`: parked, the child lock off, its reports
fresh, with the confirmed values as they are (a relative change resolves
from them). Speed, gear, staleness and the child lock at setting time say
nothing about the moment it fires, so they refuse nothing yet; the
decision at fire time reads the live car and refuses what they forbid then.
"""

from __future__ import annotations

from .snapshot import StateSnapshot

#: Speed, gear and child lock under which no interlock refuses anything.
PARKED = {"speed_kph": 0.0, "gear": "P", "child_lock": False}


def ahead_of_time(shown: StateSnapshot) -> StateSnapshot:
    """``shown`` without its live interlock inputs (speed, gear, child lock, staleness)."""
    return StateSnapshot(dict(PARKED), False, shown.controls)


__all__ = ["PARKED", "ahead_of_time"]
