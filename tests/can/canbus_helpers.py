"""Helpers shared by the CAN tests (a module, not conftest, so tests can import them)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import can

from vehicle.can.frame import Frame
from vehicle.state import VehicleState


class FakeClock:
    """A monotonic clock the test moves by hand (no sleeping for timeouts)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


class Events:
    """Records VehicleState events and lets a test await one (no polling)."""

    def __init__(self, state: VehicleState) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []
        self._cond = threading.Condition()
        state.subscribe(self._on_event)

    def _on_event(self, name: str, payload: dict[str, Any]) -> None:
        with self._cond:
            self.items.append((name, payload))
            self._cond.notify_all()

    def wait_for(self, predicate: Callable[[str, dict[str, Any]], bool], timeout: float = 2.0) -> dict[str, Any]:
        """Wait for an event (already seen or future) matching `predicate`."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for name, payload in self.items:
                    if predicate(name, payload):
                        return payload
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"no matching event within {timeout} s; saw {self.items[-5:]}")
                self._cond.wait(remaining)

    def clear(self) -> None:
        with self._cond:
            self.items.clear()


def send_frame(bus: can.BusABC, frame: Frame) -> None:
    bus.send(can.Message(arbitration_id=frame.id, data=frame.data, is_extended_id=False))


def corrupt_crc(frame: Frame) -> Frame:
    """The same payload with a wrong CRC byte."""
    return Frame(frame.id, bytes([frame.data[0] ^ 0xFF]) + frame.data[1:])
