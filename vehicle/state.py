"""Vehicle and cabin state, as the ECU last reported it on the bus.

Fed **only** from status frames that passed the E2E checks: the CAN link's
receive path calls :meth:`VehicleState.apply_controls` and
:meth:`VehicleState.apply_vehicle`; nothing else in production does (the
simulator talks to it only through the bus). So this store never shows a
value the car has not confirmed, and the gates' interlocks read real data.

Thread-safe: one lock around the data; subscriber callbacks run *after* the
lock is released, on the thread that fed the change (the CAN receive
thread). Callbacks must be cheap and must not block (hand the event to a
queue or an event loop with ``call_soon_threadsafe``): while a callback
runs, no further frame is processed. A callback that raises is logged and
does not stop the others.

Staleness is a matter of time, not of frames: no frame arrives to say the
ECU went silent. :meth:`VehicleState.check_stale` notices it (the CAN
link's receive thread calls it about ten times a second), publishes
``vehicle.changed`` with ``stale: true`` once, and logs a warning; the
next vehicle status frame publishes ``stale: false`` and logs that the
state is live again (DESIGN section 6).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from vehicle.actions import ParamValue
from vehicle.catalog import Catalog

log = logging.getLogger(__name__)

GEARS = ("P", "R", "N", "D")
Event = tuple[str, dict[str, Any]]
Subscriber = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True, slots=True)
class VehicleReading:
    """Speed, gear and child lock with their age, as of one instant."""

    speed_kph: float | None
    """None until the first vehicle status frame."""
    gear: str | None
    """``P``, ``R``, ``N`` or ``D``; None until the first vehicle status frame."""
    updated_at: str | None
    """Wall time of the last vehicle status frame (ISO 8601, UTC), for people."""
    age: float | None
    """Seconds since that frame on the monotonic clock (None: never), for gates."""
    child_lock: bool | None = None
    """The rear doors' and windows' child lock; None until the first vehicle status frame."""


class VehicleState:
    """Thread-safe store of the last verified status of the car."""

    def __init__(
        self,
        catalog: Catalog,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self._catalog = catalog
        self._clock = clock
        self._wall_clock = wall_clock
        self._max_age = catalog.gates.vehicle_state_max_age_s
        self._lock = threading.Lock()
        self._controls: dict[str, dict[str, dict[str, ParamValue] | None]] = {
            cap: {member: None for member in catalog.fitted_members(cap)} for cap in catalog.state_capabilities()
        }
        self._speed: float | None = None
        self._gear: str | None = None
        self._child_lock: bool | None = None
        self._at_mono: float | None = None
        self._at_wall: float | None = None
        self._subscribers: list[Subscriber] = []
        self._said_stale = True
        """The staleness subscribers were last told (a new state is stale: no frame yet)."""
        self._stale_since: float | None = None
        """Monotonic time of the last frame before the state went stale (None: never live)."""
        self._born = clock()
        self._said_never = False
        self._flips = threading.Lock()
        """Held while a staleness flip is decided and published, so a ``stale: true``
        from the checker and a ``stale: false`` from the receive path reach
        subscribers in the order they were decided."""

    # -- reading --------------------------------------------------------------
    def vehicle(self) -> VehicleReading:
        with self._lock:
            return self._reading()

    def is_stale(self) -> bool:
        """True when speed/gear are unknown or older than the catalog's limit."""
        return self._stale(self.vehicle())

    def control(self, capability: str, member: str) -> dict[str, ParamValue] | None:
        """Every parameter of a member as last confirmed, or None (unknown)."""
        with self._lock:
            params = self._controls.get(capability, {}).get(member)
            return dict(params) if params is not None else None

    def frozen(self) -> tuple[VehicleReading, bool, dict[str, dict[str, dict[str, ParamValue] | None]]]:
        """Reading, staleness and a copy of every confirmed value, under one
        lock hold: one instant of the car for a decision (taken every run)."""
        with self._lock:
            reading = self._reading()
            controls = self._controls_copy()
        return reading, self._stale(reading), controls

    def controls(self) -> dict[str, dict[str, dict[str, ParamValue] | None]]:
        """A copy of every confirmed value (``snapshot()["controls"]`` alone)."""
        with self._lock:
            return self._controls_copy()

    def _stale(self, reading: VehicleReading) -> bool:
        return reading.age is None or reading.age > self._max_age

    def _controls_copy(self) -> dict[str, dict[str, dict[str, ParamValue] | None]]:
        # two levels of plain dicts of scalars: a comprehension copies them
        # fully, at a fraction of copy.deepcopy's cost (taken on every turn)
        return {
            cap: {m: (dict(p) if p is not None else None) for m, p in members.items()}
            for cap, members in self._controls.items()
        }

    def snapshot(self) -> dict[str, Any]:
        """The ``GET /api/v1/vehicle/state`` body (DESIGN section 6)."""
        reading, stale, controls = self.frozen()
        return {
            "vehicle": {
                "speed_kph": reading.speed_kph,
                "gear": reading.gear,
                "child_lock": reading.child_lock,
                "updated_at": reading.updated_at,
                "stale": stale,
            },
            "controls": controls,
        }

    # -- events -----------------------------------------------------------------
    def subscribe(self, callback: Subscriber) -> None:
        """Call ``callback(event, payload)`` on every change (see module doc).

        Events: ``("state.changed", {"capability", "target", "parameters"})``
        per member whose parameters changed, and ``("vehicle.changed",
        {"speed_kph", "gear", "child_lock", "stale"})`` when any of them
        changed or the state became stale (:meth:`check_stale`) or fresh
        again (the first vehicle status frame after it was stale).
        """
        with self._lock:
            self._subscribers.append(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        with self._lock:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

    # -- feeding (the CAN link's receive path only) -----------------------------
    def apply_controls(self, capability: str, values: Mapping[str, Mapping[str, ParamValue]]) -> None:
        """Record a verified status frame's values for `capability`."""
        events: list[Event] = []
        with self._lock:
            members = self._controls.get(capability)
            if members is None:
                return
            for member, params in values.items():
                if member not in members:
                    continue
                new = dict(params)
                if members[member] != new:
                    members[member] = new
                    events.append(
                        ("state.changed", {"capability": capability, "target": member, "parameters": dict(new)})
                    )
            subscribers = list(self._subscribers)
        self._emit(subscribers, events)

    def apply_vehicle(self, speed_kph: float, gear: str, child_lock: bool = False) -> None:
        """Record a verified vehicle status frame (refreshes the age too)."""
        if gear not in GEARS:
            raise ValueError(f"gear must be one of {', '.join(GEARS)}, got {gear!r}")
        if not isinstance(child_lock, bool):
            raise ValueError(f"child_lock must be a bool, got {child_lock!r}")
        events: list[Event] = []
        with self._flips:
            with self._lock:
                now = self._clock()
                self._at_mono = now
                self._at_wall = self._wall_clock()
                was_stale, self._said_stale = self._said_stale, False
                silent_since, self._stale_since = self._stale_since, None
                if was_stale or (speed_kph, gear, child_lock) != (self._speed, self._gear, self._child_lock):
                    self._speed, self._gear, self._child_lock = speed_kph, gear, child_lock
                    events.append(
                        (
                            "vehicle.changed",
                            {"speed_kph": speed_kph, "gear": gear, "child_lock": child_lock, "stale": False},
                        )
                    )
                subscribers = list(self._subscribers)
            if was_stale:
                if silent_since is None:
                    log.info("vehicle status received: vehicle state is live")
                else:
                    log.info(
                        "vehicle status frames resumed after %.1f s without one: vehicle state is live again",
                        now - silent_since,
                    )
            self._emit(subscribers, events)

    def check_stale(self) -> bool:
        """Publish and log the moment the state becomes stale; True while it is.

        Called periodically (the CAN link's receive thread does it every
        0.1 s, frames or not). The flip is published once: ``vehicle.changed``
        with the last known values and ``stale: true``.
        """
        events: list[Event] = []
        with self._flips:
            with self._lock:
                reading = self._reading()
                stale = self._stale(reading)
                flipped = stale and not self._said_stale
                never = (
                    stale
                    and reading.age is None
                    and not self._said_never
                    and self._clock() - self._born > self._max_age
                )
                if flipped:
                    self._said_stale = True
                    self._stale_since = self._at_mono
                    events.append(
                        (
                            "vehicle.changed",
                            {
                                "speed_kph": reading.speed_kph,
                                "gear": reading.gear,
                                "child_lock": reading.child_lock,
                                "stale": True,
                            },
                        )
                    )
                if never:
                    self._said_never = True
                subscribers = list(self._subscribers)
            if flipped:
                log.warning(
                    "no vehicle status frame for %.1f s (limit %.1f s): vehicle state is stale; "
                    "commands that need speed and gear are refused until the ECU reports again",
                    reading.age,
                    self._max_age,
                )
            elif never:
                log.warning(
                    "no vehicle status frame %.1f s after start: vehicle state is stale; "
                    "commands that need speed and gear are refused until the ECU reports",
                    self._max_age,
                )
            self._emit(subscribers, events)
        return stale

    # -- internals ----------------------------------------------------------------
    def _reading(self) -> VehicleReading:
        if self._at_mono is None or self._at_wall is None:
            return VehicleReading(None, None, None, None)
        updated = datetime.fromtimestamp(self._at_wall, tz=UTC).isoformat(timespec="milliseconds")
        return VehicleReading(
            self._speed, self._gear, updated, max(0.0, self._clock() - self._at_mono), self._child_lock
        )

    @staticmethod
    def _emit(subscribers: list[Subscriber], events: list[Event]) -> None:
        for name, payload in events:
            for callback in subscribers:
                try:
                    callback(name, _copied(payload))
                except Exception:  # a subscriber bug must not stop the receive path
                    log.exception("state subscriber failed on %s", name)


def _copied(payload: dict[str, Any]) -> dict[str, Any]:
    """A subscriber's own copy of an event payload. Payloads are one level of
    scalars plus ``parameters`` (a dict of scalars), so two levels of dict
    copies are a full copy, at a fraction of ``copy.deepcopy``'s cost on the
    receive thread (which the command's confirmation waits behind)."""
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in payload.items()}
