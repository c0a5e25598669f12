"""Commands and status reports <-> E2E-protected frames, through the DBC.

Pure: no bus, no clock, no shared state (the counters are the caller's).
Encoding is strict twice over: the catalog's own type/range/step check,
then cantools ``strict=True``, then a decode of the result that must give
back exactly the commanded values (cantools would otherwise round an off-step
value silently). Every failure is a :class:`CodecError`; cantools' own
``EncodeError``, ``DecodeError``, ``KeyError`` (unknown choice) and
``OverflowError`` never escape.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cantools.database.errors import DecodeError, EncodeError

from vehicle.actions import Command, ParamValue
from vehicle.catalog import Parameter

from .dbc import NOT_REQUESTED, PERIPHERAL, ControlSpec, MessageSpec, VehicleDbc
from .e2e import counter_of, crc_ok, protect
from .errors import CodecError, E2EError
from .frame import Frame

_CANTOOLS_ERRORS = (EncodeError, DecodeError, KeyError, OverflowError, ValueError, TypeError)


@dataclass(frozen=True, slots=True)
class DecodedCommand:
    """A verified command frame as the ECU sees it."""

    message_id: int
    counter: int
    command: Command
    """Parameters left ``not_requested`` are absent (a partial command)."""
    button: int | None = None
    """The pressed button number for ``peripheral.trigger``."""


@dataclass(frozen=True, slots=True)
class ControlStatus:
    """A verified status frame of one state-holding capability."""

    message_id: int
    counter: int
    echo: int
    """Alive counter of the last command the ECU accepted on the paired message."""
    capability: str
    values: dict[str, dict[str, ParamValue]] = field(default_factory=dict)
    """Fitted member -> every parameter as the ECU reports it."""


@dataclass(frozen=True, slots=True)
class ButtonStatus:
    """A verified status frame of the learned buttons."""

    message_id: int
    counter: int
    echo: int
    presses: dict[int, int] = field(default_factory=dict)
    """Button number -> press counter (mod 256)."""


@dataclass(frozen=True, slots=True)
class VehicleStatus:
    """A verified vehicle status frame."""

    message_id: int
    counter: int
    speed_kph: float
    gear: str
    child_lock: bool = False
    """The rear doors' and windows' child lock (``ChildLock``)."""


Status = ControlStatus | ButtonStatus | VehicleStatus


class FrameCodec:
    """Encode commands and statuses, verify and decode frames, for one DBC."""

    def __init__(self, dbc: VehicleDbc) -> None:
        self.dbc = dbc
        self._button_to_peripheral = {b: pid for pid, b in dbc.buttons.items()}

    # -- commands -----------------------------------------------------------
    def command_message(self, command: Command) -> MessageSpec:
        """The DBC message a command travels in (CodecError when there is none)."""
        if command.capability == PERIPHERAL:
            return self.dbc.button_command
        control = self.dbc.controls.get(command.capability)
        if control is None:
            raise CodecError(f"{command.capability!r} has no command message (not a state-holding capability)")
        return control.command

    def confirming_message(self, command: Command) -> MessageSpec:
        """The status message whose echo confirms `command`."""
        if command.capability == PERIPHERAL:
            return self.dbc.button_status
        return self._control(command).status

    def encode_command(self, command: Command, counter: int) -> Frame:
        """One E2E-protected frame for `command` with alive counter `counter`."""
        if not isinstance(counter, int) or not 0 <= counter <= 15:
            raise CodecError(f"alive counter must be 0..15, got {counter!r}")
        if command.capability == PERIPHERAL:
            return self._encode_button(command, counter)
        control = self._control(command)
        signals: dict[str, Any] = {"Crc": 0, "Counter": counter}
        if control.has_selector:
            signals["Target"] = command.member
        signals.update(self._command_values(control, command))
        frame = self._encode(control.command, signals)
        self._check_round_trip(control, command, frame)
        return frame

    def decode_command(self, frame: Frame) -> DecodedCommand | None:
        """Verify and decode a command frame; None when `frame` is not a command."""
        spec = self.dbc.by_id.get(frame.id)
        if spec is None or frame.id not in self.dbc.allowlist:
            return None
        raw = self._verified(spec, frame)
        counter = counter_of(frame.data)
        if spec.subject == PERIPHERAL:
            button = int(raw["Button"])
            member = self._button_to_peripheral.get(button, f"button_{button}")
            return DecodedCommand(frame.id, counter, Command(PERIPHERAL, member, {}), button=button)
        control = self.dbc.controls[spec.subject]
        member = str(raw["Target"]) if control.has_selector else "cabin"
        if member not in control.members:
            raise CodecError(f"{spec.name}: member {member!r} is not fitted")
        params: dict[str, ParamValue] = {}
        for pname, param in control.parameters.items():
            value = raw[control.command_signal(pname)]
            if str(value) != NOT_REQUESTED:
                params[pname] = _from_signal(param, value, spec.name)
        if not params:
            raise CodecError(f"{spec.name}: a command must request at least one value")
        return DecodedCommand(frame.id, counter, Command(spec.subject, member, params))

    # -- statuses -------------------------------------------------------------
    def encode_control_status(
        self, capability: str, values: Mapping[str, Mapping[str, ParamValue]], counter: int, echo: int
    ) -> Frame:
        """A status frame: every fitted member's parameters, counter and echo."""
        control = self.dbc.controls.get(capability)
        if control is None:
            raise CodecError(f"{capability!r} has no status message")
        signals: dict[str, Any] = {"Crc": 0, "Counter": counter, "Echo": echo}
        for member in control.members:
            for pname, param in control.parameters.items():
                value = values.get(member, {}).get(pname)
                signals[control.status_signal(pname, member)] = _to_signal(capability, pname, param, value)
        return self._encode(control.status, signals)

    def encode_button_status(self, presses: Mapping[int, int], counter: int, echo: int) -> Frame:
        spec = self.dbc.button_status
        signals: dict[str, Any] = {"Crc": 0, "Counter": counter, "Echo": echo}
        for sig in spec.message.signals:
            if sig.name.startswith("PressCount_"):
                signals[sig.name] = presses.get(int(sig.name.split("_", 1)[1]), 0) % 256
        return self._encode(spec, signals)

    def encode_vehicle_status(self, speed_kph: float, gear: str, counter: int, child_lock: bool = False) -> Frame:
        signals = {
            "Crc": 0,
            "Counter": counter,
            "SpeedKph": speed_kph,
            "Gear": gear,
            "ChildLock": int(bool(child_lock)),
        }
        return self._encode(self.dbc.vehicle_status, signals)

    def decode_status(self, frame: Frame) -> Status | None:
        """Verify (CRC) and decode a status frame; None when it is not a status.

        Raises :class:`E2EError` on a bad CRC and :class:`CodecError` on a
        payload that does not decode or carries a value outside the catalog.
        """
        spec = self.dbc.by_id.get(frame.id)
        if spec is None or frame.id in self.dbc.allowlist:
            return None
        raw = self._verified(spec, frame)
        counter = counter_of(frame.data)
        if spec is self.dbc.vehicle_status:
            gear = str(raw["Gear"])
            return VehicleStatus(frame.id, counter, round(float(raw["SpeedKph"]), 2), gear, bool(int(raw["ChildLock"])))
        echo = int(raw["Echo"])
        if spec is self.dbc.button_status:
            presses = {b: int(raw[f"PressCount_{b}"]) for b in self.dbc.buttons.values()}
            return ButtonStatus(frame.id, counter, echo, presses)
        control = self.dbc.controls[spec.subject]
        values = {
            member: {
                p: _from_signal(param, raw[control.status_signal(p, member)], spec.name)
                for p, param in control.parameters.items()
            }
            for member in control.members
        }
        return ControlStatus(frame.id, counter, echo, spec.subject, values)

    # -- internals --------------------------------------------------------------
    def _control(self, command: Command) -> ControlSpec:
        control = self.dbc.controls.get(command.capability)
        if control is None:
            raise CodecError(f"{command.capability!r} has no command message (not a state-holding capability)")
        if command.member not in control.members:
            raise CodecError(
                f"{command.capability}: {command.member!r} is not a fitted member ({', '.join(control.members)})"
            )
        return control

    def _command_values(self, control: ControlSpec, command: Command) -> dict[str, Any]:
        unknown = sorted(set(command.parameters) - set(control.parameters))
        if unknown:
            raise CodecError(f"{command.capability}: unknown parameter(s) {', '.join(unknown)}")
        if not command.parameters:
            raise CodecError(f"{command.capability}: a command needs at least one parameter")
        out: dict[str, Any] = {}
        for pname, param in control.parameters.items():
            if pname in command.parameters:
                out[control.command_signal(pname)] = _to_signal(
                    command.capability, pname, param, command.parameters[pname]
                )
            elif param.optional:
                out[control.command_signal(pname)] = NOT_REQUESTED
            else:
                raise CodecError(f"{command.capability}: missing parameter {pname}")
        return out

    def _encode_button(self, command: Command, counter: int) -> Frame:
        if command.parameters:
            raise CodecError("peripheral.trigger takes no parameters")
        button = self.dbc.buttons.get(command.member)
        if button is None:
            raise CodecError(f"unknown learned peripheral {command.member!r}")
        return self._encode(self.dbc.button_command, {"Crc": 0, "Counter": counter, "Button": button})

    def _encode(self, spec: MessageSpec, signals: dict[str, Any]) -> Frame:
        try:
            data = spec.message.encode(signals, strict=True)
        except _CANTOOLS_ERRORS as exc:
            raise CodecError(f"{spec.name}: cannot encode: {exc}") from exc
        return Frame(spec.id, protect(data, spec.data_id))

    def _check_round_trip(self, control: ControlSpec, command: Command, frame: Frame) -> None:
        decoded = self.decode_command(frame)
        if decoded is None or decoded.command.member != command.member:
            raise CodecError(f"{control.command.name}: member does not survive encoding")
        for pname, value in command.parameters.items():
            if decoded.command.parameters.get(pname) != value:
                raise CodecError(f"{control.command.name}: {pname}={value!r} is not representable exactly")

    def _verified(self, spec: MessageSpec, frame: Frame) -> dict[str, Any]:
        if len(frame.data) != spec.message.length:
            raise CodecError(f"{spec.name}: expected {spec.message.length} bytes, got {len(frame.data)}")
        if not crc_ok(frame.data, spec.data_id):
            raise E2EError(f"{spec.name}: E2E CRC mismatch")
        try:
            return spec.message.decode(frame.data, decode_choices=True, scaling=True)
        except _CANTOOLS_ERRORS as exc:
            raise CodecError(f"{spec.name}: cannot decode: {exc}") from exc


def _to_signal(capability: str, pname: str, param: Parameter, value: Any) -> Any:
    """A catalog value as the signal value cantools expects (checked first)."""
    problem = param.check(value)
    if problem:
        raise CodecError(f"{capability}: {pname}={value!r} {problem[1]}")
    if param.type == "bool":
        return int(value)
    return value


def _from_signal(param: Parameter, value: Any, where: str) -> ParamValue:
    """A decoded signal value as a catalog value; out-of-catalog values refuse."""
    if param.type == "bool":
        out: ParamValue = bool(int(value))
    elif param.type == "enum":
        out = str(value)
    elif param.type == "int":
        out = int(value) if float(value).is_integer() else float(value)
    else:
        out = round(float(value), 6)
    problem = param.check(out)
    if problem:
        raise CodecError(f"{where}: decoded value {out!r} {problem[1]}")
    return out
