"""The CAN link: the one place this service sends and receives frames.

``CanLink`` owns the bus, the per-message alive counters, the transmit
allowlist, the confirmation table and the receive thread that feeds
:class:`vehicle.state.VehicleState`. Shape (python-can ``BusABC.recv``
pattern): the public methods own the invariants; every frame leaves through
:meth:`CanLink.transmit`, whose allowlist check sits immediately before
``bus.send`` — there is no other send call in production code.

Thread-safe: several threads may call :meth:`execute`; one lock makes
"take the next counter, register the confirmation, send" atomic per frame,
so counters on each message leave in order and never repeat.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import can

from vehicle.actions import Command
from vehicle.catalog import Catalog
from vehicle.state import VehicleState

from .bus import check_bus_config, open_bus
from .canlog import CanLog, check_log_path
from .codec import ButtonStatus, ControlStatus, FrameCodec, VehicleStatus
from .confirm import Confirmations, Pending
from .dbc import PERIPHERAL, VehicleDbc
from .e2e import COUNTER_MODULO, StatusCounterCheck
from .errors import CodecError, E2EError, LinkConfigError, LinkDown, SendFailed, TransmitRefused
from .frame import Frame

log = logging.getLogger(__name__)

_RX_POLL_S = 0.05
_STALE_CHECK_S = 0.1
"""How often the receive thread asks the state whether it just went stale
(no frame says the ECU fell silent: only the clock does)."""
_RX_ERROR_BACKOFF_S = 0.5
_SEND_TIMEOUT_S = 0.1


@dataclass(frozen=True, slots=True)
class LinkConfig:
    """How to reach the bus; checked when built, before anything opens."""

    interface: str = "virtual"
    """``virtual`` (default), ``socketcan`` or ``remote``."""
    channel: str = "n7web"
    """python-can channel: a virtual bus name, ``vcan0``/``can0``, or ``ws://host:port/``."""
    can_log: str | None = None
    """``.log`` or ``.asc`` file recording every frame sent and received."""
    confirm_timeout_ms: int = 300
    """How long a sent command may wait for its status echo."""

    def __post_init__(self) -> None:
        check_bus_config(self.interface, self.channel)
        if (
            isinstance(self.confirm_timeout_ms, bool)
            or not isinstance(self.confirm_timeout_ms, int)
            or not 1 <= self.confirm_timeout_ms <= 60_000
        ):
            raise LinkConfigError(f"confirm timeout must be 1..60000 ms, got {self.confirm_timeout_ms!r}")
        if self.can_log is not None:
            check_log_path(self.can_log)


@dataclass(frozen=True, slots=True)
class CommandOutcome:
    """What became of one physical command on the bus."""

    status: Literal["applied", "unconfirmed", "failed"]
    """``applied``: the ECU echoed it with the commanded value in time;
    ``unconfirmed``: sent, no such echo in time; ``failed``: not sent."""
    frames: list[Frame] = field(default_factory=list)
    """The frames that reached the bus (empty when the send failed)."""
    reason: str | None = None
    """None when applied, else ``confirm_timeout``, ``link_closed``, ``send_failed`` or ``link_down``."""
    detail: str | None = None
    """Human-readable detail for logs and the audit record."""


class CanLink:
    """Send commands, wait for confirmation, feed the vehicle state."""

    def __init__(self, catalog: Catalog, dbc: VehicleDbc, config: LinkConfig, state: VehicleState) -> None:
        self.catalog = catalog
        self.config = config
        self._codec = FrameCodec(dbc)
        self._allowlist = dbc.allowlist
        self._state = state
        self._confirm = Confirmations()
        self._tx_lock = threading.RLock()
        self._rx_lock = threading.Lock()
        self._bus: can.BusABC | None = None
        self._log: CanLog | None = None
        self._rx_thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._bus_state: Literal["up", "down", "error"] = "down"
        self._sent: dict[int, int] = {}
        self._echo_seen: dict[int, int] = {}
        self._presses: dict[int, int] = {}
        self._status_check = StatusCounterCheck()
        self._stats = dict.fromkeys(
            (
                "tx_frames",
                "tx_refused",
                "tx_failed",
                "rx_frames",
                "rx_crc_errors",
                "rx_counter_errors",
                "rx_decode_errors",
                "rx_other",
            ),
            0,
        )

    # -- lifecycle ----------------------------------------------------------------
    def open(self) -> None:
        """Open the bus (and the log) and start receiving. Idempotent."""
        with self._tx_lock:
            if self._bus is not None:
                return
            can_log = CanLog(self.config.can_log, self.config.channel) if self.config.can_log else None
            try:
                bus = open_bus(self.config.interface, self.config.channel)
            except Exception:
                if can_log:
                    can_log.close()
                raise
            self._bus, self._log = bus, can_log
            self._status_check.reset()
            self._stop.clear()
            self._rx_thread = threading.Thread(target=self._receive_loop, args=(bus,), name="n7web-can-rx", daemon=True)
            self._bus_state = "up"
            self._rx_thread.start()

    def close(self) -> None:
        """Stop receiving, wake every waiter (unconfirmed), release the bus."""
        with self._tx_lock:
            bus, thread, can_log = self._bus, self._rx_thread, self._log
            self._bus, self._rx_thread, self._log = None, None, None
            self._bus_state = "down"
        self._stop.set()
        if thread is not None:
            thread.join(timeout=2.0)
        self._confirm.close()
        if bus is not None:
            bus.shutdown()
        if can_log is not None:
            can_log.close()

    def __enter__(self) -> CanLink:
        self.open()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- public API ---------------------------------------------------------------
    def status(self) -> dict[str, str]:
        """Bus state, and the log's (``ok``/``error``) when ``--can-log`` is set."""
        out = {"interface": self.config.interface, "channel": self.config.channel, "state": self._bus_state}
        if self.config.can_log is not None:
            can_log = self._log
            out["log"] = can_log.state if can_log is not None else "ok"
        return out

    def stats(self) -> dict[str, int]:
        """Frame counters, including frames dropped by the E2E checks."""
        with self._rx_lock:
            return dict(self._stats)

    def encode(self, command: Command) -> list[Frame]:
        """The frames `command` would produce (dry run): sends nothing and
        consumes no counter. Raises :class:`CodecError` when it cannot be encoded."""
        spec = self._codec.command_message(command)
        with self._tx_lock:
            counter = self._next_counter(spec.id, self._codec.confirming_message(command).id)
        return [self._codec.encode_command(command, counter)]

    def execute(self, commands: list[Command]) -> list[CommandOutcome]:
        """Send every command (allowlist-checked), then wait for each confirmation.

        All commands are encoded, with the counters they will carry, before
        the first frame is sent, so one that cannot be encoded raises
        :class:`CodecError` and nothing is sent (and no counter is used).
        Outcomes come back in the order of `commands`.
        """
        sent: list[tuple[int, Pending, Frame, float] | CommandOutcome] = []
        timeout_s = self.config.confirm_timeout_ms / 1000.0
        with self._tx_lock:
            encoded = self._encode_batch(commands)  # fail closed before anything reaches the bus
            unsent: set[int] = set()
            for command, (spec_id, status_id, counter, frame) in zip(commands, encoded):
                if spec_id in unsent:  # an earlier frame of this message never left: count from what did
                    counter = self._next_counter(spec_id, status_id)
                    frame = self._codec.encode_command(command, counter)
                item = self._send_command(command, spec_id, status_id, counter, frame)
                if isinstance(item, CommandOutcome):
                    unsent.add(spec_id)
                sent.append(item)
        outcomes = []
        for item in sent:
            if isinstance(item, CommandOutcome):
                outcomes.append(item)
                continue
            _, pending, frame, sent_at = item
            confirmed = self._confirm.wait(pending, sent_at + timeout_s - time.monotonic())
            if confirmed:
                outcomes.append(CommandOutcome("applied", [frame]))
            elif self._bus is None:
                outcomes.append(
                    CommandOutcome("unconfirmed", [frame], "link_closed", "the link closed before the ECU answered")
                )
            else:
                outcomes.append(
                    CommandOutcome(
                        "unconfirmed",
                        [frame],
                        "confirm_timeout",
                        f"no status echo within {self.config.confirm_timeout_ms} ms",
                    )
                )
        return outcomes

    def transmit(self, frame: Frame) -> None:
        """The one send path: allowlist check immediately before ``bus.send``.

        Raises :class:`TransmitRefused` for an id that is not a command
        message of the DBC, :class:`LinkDown` when closed and
        :class:`SendFailed` when the bus refuses the frame.
        """
        with self._tx_lock:
            bus = self._bus
            if bus is None:
                raise LinkDown(f"CAN link {self.config.interface}/{self.config.channel} is not open")
            if frame.id not in self._allowlist:
                self._count("tx_refused")
                raise TransmitRefused(f"id 0x{frame.id:03X} is not on the transmit allowlist; nothing sent")
            msg = can.Message(
                arbitration_id=frame.id,
                data=frame.data,
                is_extended_id=False,
                is_rx=False,
                timestamp=time.time(),
                channel=self.config.channel,
            )
            try:
                bus.send(msg, timeout=_SEND_TIMEOUT_S)
            except (can.CanError, OSError) as exc:
                self._count("tx_failed")
                self._bus_state = "error"
                raise SendFailed(f"CAN send failed on {self.config.interface}/{self.config.channel}: {exc}") from exc
            self._bus_state = "up"
            self._count("tx_frames")
            if self._log is not None:
                self._log.write(msg)

    # -- sending ------------------------------------------------------------------
    def _encode_batch(self, commands: list[Command]) -> list[tuple[int, int, int, Frame]]:
        """(command id, status id, counter, frame) per command, counting as
        if each frame before it on the same message was sent (tx lock held).
        Raises :class:`CodecError`; nothing is recorded until frames leave."""
        planned: dict[int, int] = {}
        out = []
        for command in commands:
            spec_id = self._codec.command_message(command).id
            status_id = self._codec.confirming_message(command).id
            counter = self._next_counter(spec_id, status_id, planned.get(spec_id))
            planned[spec_id] = counter
            out.append((spec_id, status_id, counter, self._codec.encode_command(command, counter)))
        return out

    def _send_command(
        self, command: Command, spec_id: int, status_id: int, counter: int, frame: Frame
    ) -> tuple[int, Pending, Frame, float] | CommandOutcome:
        """Confirmation entry and send of one encoded command (tx lock held)."""
        if self._bus is None:
            return CommandOutcome("failed", [], "link_down", "the CAN link is not open")
        pending = self._confirm.expect(status_id, counter, self._matcher(command))
        try:
            self.transmit(frame)
        except (SendFailed, LinkDown, TransmitRefused) as exc:
            self._confirm.discard(pending)
            return CommandOutcome("failed", [], "send_failed", str(exc))
        self._sent[spec_id] = counter
        return (counter, pending, frame, time.monotonic())

    def _next_counter(self, command_id: int, status_id: int, last: int | None = None) -> int:
        """Next alive counter for a command message (tx lock held); `last`:
        the counter of a frame planned before it in the same batch.

        Starts just after the ECU's last echo (so a restarted service stays
        inside the ECU's +1..+3 window) and never equals the echo currently
        shown, so a dropped command can never be "confirmed" by an old echo.
        """
        with self._rx_lock:
            echo = self._echo_seen.get(status_id)
        if last is None:
            last = self._sent.get(command_id)
        base = last if last is not None else (echo if echo is not None else 0)
        counter = (base + 1) % COUNTER_MODULO
        if counter == echo:
            counter = (counter + 1) % COUNTER_MODULO
        return counter

    def _matcher(self, command: Command):
        if command.capability == PERIPHERAL:
            button = self._codec.dbc.buttons[command.member]
            with self._rx_lock:
                baseline = self._presses.get(button)
            return lambda status: (
                isinstance(status, ButtonStatus) and (baseline is None or status.presses.get(button) != baseline)
            )
        wanted = dict(command.parameters)
        member = command.member

        def matches(status: ControlStatus | ButtonStatus) -> bool:
            if not isinstance(status, ControlStatus):
                return False
            shown = status.values.get(member, {})
            return all(_same(shown.get(name), value) for name, value in wanted.items())

        return matches

    # -- receiving ------------------------------------------------------------------
    def _receive_loop(self, bus: can.BusABC) -> None:
        next_check = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if now >= next_check:
                next_check = now + _STALE_CHECK_S
                self._check_stale()
            try:
                msg = bus.recv(_RX_POLL_S)
            except (can.CanError, OSError) as exc:
                if self._stop.is_set():
                    return
                self._bus_state = "error"
                log.warning("CAN receive failed on %s/%s: %s", self.config.interface, self.config.channel, exc)
                self._stop.wait(_RX_ERROR_BACKOFF_S)
                continue
            if msg is None:
                continue
            if self._bus_state == "error":
                with self._tx_lock:  # a frame arrived: the bus works again (unless closing)
                    if self._bus_state == "error" and not self._stop.is_set():
                        self._bus_state = "up"
            try:
                self._on_message(msg)
            except Exception as exc:  # one bad frame must never end reception for good
                self._count("rx_other")
                log.error("CAN receive: frame dropped (%s)", type(exc).__name__)

    def _check_stale(self) -> None:
        try:
            self._state.check_stale()
        except Exception as exc:  # noqa: BLE001 - the receive path must survive it, like a bad frame
            log.error("vehicle state staleness check failed (%s)", type(exc).__name__)

    def _on_message(self, msg: can.Message) -> None:
        if not msg.timestamp:
            msg.timestamp = time.time()
        if self._log is not None:
            self._log.write(msg)
        self._count("rx_frames")
        if msg.is_error_frame or msg.is_remote_frame or msg.is_extended_id or msg.is_fd:
            self._count("rx_other")
            return
        try:
            status = self._codec.decode_status(Frame(msg.arbitration_id, bytes(msg.data)))
        except E2EError:
            self._count("rx_crc_errors")
            return
        except (CodecError, ValueError):
            self._count("rx_decode_errors")
            return
        if status is None:
            self._count("rx_other")
            return
        if not self._status_check.accept(status.message_id, status.counter):
            self._count("rx_counter_errors")
            return
        self._apply(status)

    def _apply(self, status: ControlStatus | ButtonStatus | VehicleStatus) -> None:
        """State first, then confirmations: an ``applied`` answer implies the
        state already shows the value."""
        if isinstance(status, VehicleStatus):
            self._state.apply_vehicle(status.speed_kph, status.gear, status.child_lock)
            return
        with self._rx_lock:
            self._echo_seen[status.message_id] = status.echo
            if isinstance(status, ButtonStatus):
                self._presses.update(status.presses)
        if isinstance(status, ControlStatus):
            self._state.apply_controls(status.capability, status.values)
        self._confirm.offer(status)

    def _count(self, key: str) -> None:
        with self._rx_lock:
            self._stats[key] += 1


def _same(shown: Any, wanted: Any) -> bool:
    if isinstance(wanted, bool) or isinstance(shown, bool):
        return isinstance(shown, bool) and isinstance(wanted, bool) and shown == wanted
    if isinstance(wanted, (int, float)) and isinstance(shown, (int, float)):
        return abs(float(shown) - float(wanted)) < 1e-6
    return shown == wanted
