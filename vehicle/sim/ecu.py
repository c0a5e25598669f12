"""The simulated cabin ECU on a python-can bus.

Receives command frames, drops those failing the E2E CRC or the counter
window (+1..+3 mod 16 of the last accepted command on that message, any
counter after 1 s without commands on it), applies accepted ones to
:class:`~vehicle.sim.cabin.CabinModel`, and answers with status frames:
at once on every accepted command or change, and every status message at
1 Hz (vehicle status included). Each status echoes the counter of the last
command accepted on its paired command message.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

import can

from vehicle.actions import ParamValue
from vehicle.can.bus import open_bus
from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import VehicleDbc
from vehicle.can.e2e import COUNTER_MODULO, CommandCounterCheck
from vehicle.can.errors import CodecError, E2EError, LinkError
from vehicle.can.frame import Frame
from vehicle.catalog import Catalog

from .cabin import CabinModel
from .errors import SimError, SimInputError

log = logging.getLogger(__name__)

GEARS = ("P", "R", "N", "D")
STATUS_PERIOD_S = 1.0
RESYNC_AFTER_S = 1.0
_RX_POLL_S = 0.05
BUS_LOST_AFTER_S = 2.0
"""Receive or send failing this long without a success means the bus is gone."""


class EcuSimulator:
    """A cabin ECU answering on `interface`/`channel` until :meth:`stop`."""

    def __init__(
        self,
        catalog: Catalog,
        dbc: VehicleDbc,
        interface: str,
        channel: str,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.interface = interface
        self.channel = channel
        self._codec = FrameCodec(dbc)
        self._dbc = dbc
        self._model = CabinModel(catalog)
        self._counters = CommandCounterCheck(RESYNC_AFTER_S, clock)
        self._lock = threading.RLock()
        self._bus: can.BusABC | None = None
        self._threads: list[threading.Thread] = []
        self._stop = threading.Event()
        self._lost = threading.Event()
        self._lost_reason: str | None = None
        self._send_failing_since: float | None = None
        self._status_counter: dict[int, int] = {}
        self._echo: dict[int, int] = {}
        self._max_speed = float(dbc.vehicle_status.message.get_signal_by_name("SpeedKph").maximum)
        self._stats = dict.fromkeys(
            ("accepted", "dropped_crc", "dropped_counter", "dropped_malformed", "status_sent", "send_errors"), 0
        )

    # -- lifecycle --------------------------------------------------------------
    def start(self) -> None:
        """Open the bus, send every status once, then answer and repeat at 1 Hz."""
        with self._lock:
            if self._bus is not None:
                return
            try:
                self._bus = open_bus(self.interface, self.channel)
            except LinkError as exc:
                raise SimError(f"ECU simulator: {exc}") from exc
            self._stop.clear()
            self._send_all()
            self._threads = [
                threading.Thread(target=self._receive_loop, name="n7web-ecu-rx", daemon=True),
                threading.Thread(target=self._periodic_loop, name="n7web-ecu-1hz", daemon=True),
            ]
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        """Stop answering and release the bus. Idempotent."""
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=2.0)
        self._threads = []
        with self._lock:
            bus, self._bus = self._bus, None
        if bus is not None:
            try:
                bus.shutdown()
            except Exception as exc:  # noqa: BLE001 - a bus that went away may fail to close
                log.info("ECU simulator: closing the bus failed: %s", exc)
                can.BusABC.shutdown(bus)  # mark it closed so its finaliser does not try again

    def __enter__(self) -> EcuSimulator:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- vehicle ----------------------------------------------------------------
    def set_vehicle(
        self, speed_kph: float | None = None, gear: str | None = None, child_lock: bool | None = None
    ) -> None:
        """Change speed, gear and/or the child lock; the vehicle status goes out at once on change."""
        if speed_kph is not None:
            if isinstance(speed_kph, bool) or not isinstance(speed_kph, (int, float)) or not math.isfinite(speed_kph):
                raise SimInputError(f"speed must be a number of km/h, got {speed_kph!r}")
            if not 0 <= speed_kph <= self._max_speed:
                raise SimInputError(f"speed must be 0 to {self._max_speed:g} km/h, got {speed_kph:g}")
        if gear is not None and gear not in GEARS:
            raise SimInputError(f"gear must be one of {', '.join(GEARS)}, got {gear!r}")
        if child_lock is not None and not isinstance(child_lock, bool):
            raise SimInputError(f"child lock must be on or off, got {child_lock!r}")
        with self._lock:
            before = self._vehicle_values()
            if speed_kph is not None:
                self._model.speed_kph = round(float(speed_kph), 2)
            if gear is not None:
                self._model.gear = gear
            if child_lock is not None:
                self._model.child_lock = child_lock
            if self._vehicle_values() != before and self._bus is not None:
                self._send_vehicle()

    def vehicle(self) -> tuple[float, str]:
        """Speed and gear."""
        with self._lock:
            return self._model.speed_kph, self._model.gear

    def child_lock(self) -> bool:
        with self._lock:
            return self._model.child_lock

    def _vehicle_values(self) -> tuple[float, str, bool]:
        return self._model.speed_kph, self._model.gear, self._model.child_lock

    def control(self, capability: str, member: str) -> dict[str, ParamValue]:
        """The ECU's own value of a control (for tests and diagnostics)."""
        with self._lock:
            return dict(self._model.controls[capability][member])

    def stats(self) -> dict[str, int]:
        with self._lock:
            return dict(self._stats)

    # -- receiving ----------------------------------------------------------------
    def _receive_loop(self) -> None:
        bus = self._bus
        failing_since: float | None = None
        while bus is not None and not self._stop.is_set():
            try:
                msg = bus.recv(_RX_POLL_S)
            except Exception as exc:  # noqa: BLE001 - backends raise their own (e.g. a closed websocket)
                if self._stop.is_set():
                    return
                failing_since = failing_since or time.monotonic()
                transient = isinstance(exc, (can.CanError, OSError))
                if not transient or time.monotonic() - failing_since >= BUS_LOST_AFTER_S:
                    self._mark_lost(f"receive failed: {type(exc).__name__}: {exc}")
                    return
                log.warning("ECU simulator: receive failed: %s", exc)
                self._stop.wait(0.5)
                continue
            failing_since = None
            if msg is not None and not (msg.is_error_frame or msg.is_remote_frame or msg.is_extended_id or msg.is_fd):
                self._on_frame(Frame(msg.arbitration_id, bytes(msg.data)))

    def _mark_lost(self, reason: str) -> None:
        """The bus is gone: stop answering and tell whoever waits on :meth:`wait_lost`."""
        with self._lock:
            if self._lost_reason is None:
                self._lost_reason = f"the CAN bus went away ({self.interface} {self.channel}): {reason}"
                log.error("ECU simulator: %s", self._lost_reason)
        self._stop.set()
        self._lost.set()

    def wait_lost(self, timeout: float | None = None) -> str | None:
        """Block up to `timeout` s; the reason once the bus is gone, else None."""
        if self._lost.wait(timeout):
            return self._lost_reason
        return None

    def _on_frame(self, frame: Frame) -> None:
        try:
            decoded = self._codec.decode_command(frame)
        except E2EError:
            self._count("dropped_crc")
            return
        except CodecError:
            self._count("dropped_malformed")
            return
        if decoded is None:  # a status or a foreign frame: not for this ECU
            return
        if not self._counters.accept(frame.id, decoded.counter):
            self._count("dropped_counter")
            return
        with self._lock:
            self._stats["accepted"] += 1
            self._echo[frame.id] = decoded.counter
            if decoded.button is not None:
                self._model.press(decoded.button)
                self._send_buttons()
                return
            for capability in self._model.apply(decoded.command):
                self._send_control(capability)

    # -- sending --------------------------------------------------------------------
    def _periodic_loop(self) -> None:
        deadline = time.monotonic() + STATUS_PERIOD_S
        while not self._stop.wait(max(0.0, deadline - time.monotonic())):
            deadline += STATUS_PERIOD_S
            with self._lock:
                if self._bus is None:
                    return
                self._send_all()

    def _send_all(self) -> None:
        for capability in self._model.controls:
            self._send_control(capability)
        self._send_buttons()
        self._send_vehicle()

    def _send_control(self, capability: str) -> None:
        control = self._dbc.controls[capability]
        counter = self._next_status_counter(control.status.id)
        echo = self._echo.get(control.command.id, 0)
        self._send(self._codec.encode_control_status(capability, self._model.controls[capability], counter, echo))

    def _send_buttons(self) -> None:
        spec = self._dbc.button_status
        counter = self._next_status_counter(spec.id)
        echo = self._echo.get(self._dbc.button_command.id, 0)
        self._send(self._codec.encode_button_status(self._model.presses, counter, echo))

    def _send_vehicle(self) -> None:
        counter = self._next_status_counter(self._dbc.vehicle_status.id)
        self._send(
            self._codec.encode_vehicle_status(self._model.speed_kph, self._model.gear, counter, self._model.child_lock)
        )

    def _next_status_counter(self, message_id: int) -> int:
        counter = (self._status_counter.get(message_id, -1) + 1) % COUNTER_MODULO
        self._status_counter[message_id] = counter
        return counter

    def _send(self, frame: Frame) -> None:
        bus = self._bus
        if bus is None:
            return
        msg = can.Message(arbitration_id=frame.id, data=frame.data, is_extended_id=False, timestamp=time.time())
        try:
            bus.send(msg, timeout=0.1)
        except Exception as exc:  # noqa: BLE001 - a backend's own error is a failed send too
            self._stats["send_errors"] += 1
            now = time.monotonic()
            if self._send_failing_since is None:
                self._send_failing_since = now
                log.warning("ECU simulator: send failed: %s", exc)
            elif now - self._send_failing_since >= BUS_LOST_AFTER_S:
                self._mark_lost(f"send failed: {type(exc).__name__}: {exc}")
            return
        self._send_failing_since = None
        self._stats["status_sent"] += 1

    def _count(self, key: str) -> None:
        with self._lock:
            self._stats[key] += 1
