"""Errors of :mod:`vehicle.sim`.

::

    SimError                 anything the simulator refuses
     └── SimInputError (ValueError)   a bad speed/gear (API or stdin line)
"""

from __future__ import annotations


class SimError(Exception):
    """The simulator cannot start or do what was asked."""


class SimInputError(SimError, ValueError):
    """A vehicle value outside what the DBC can carry (speed, gear)."""
