"""The DBC-against-catalog checks behind :func:`vehicle.can.dbc.load_vehicle_dbc`.

Every refusal is ``CatalogError(file, "<Message>.<Signal>", problem)`` with
one plain sentence, so ``n7web catalog check`` points at the exact signal.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from vehicle.catalog import Catalog, CatalogError, Parameter

NOT_REQUESTED = "not_requested"
_E2E_SIGNALS = {"Crc": (0, 8), "Counter": (8, 4)}
_ECHO = ("Echo", (12, 4))
_TOLERANCE = 1e-9


@functools.lru_cache(maxsize=1024)
def camel(name: str) -> str:
    """``open_percent`` -> ``OpenPercent``, ``rear_left`` -> ``RearLeft``.

    Cached: every encode and decode names its signals through it, and the
    names are the catalog's few parameters and members."""
    return "".join(part.capitalize() for part in name.split("_"))


def _same(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(float(a) - float(b)) <= _TOLERANCE


def _num(value: float | None) -> str:
    if value is None:
        return "none"
    return str(int(value)) if float(value).is_integer() else str(value)


class DbcChecker:
    """Checks one parsed DBC against the catalog; raises on the first problem."""

    def __init__(self, file: str, catalog: Catalog) -> None:
        self.file = file
        self.catalog = catalog

    def fail(self, message: Any, signal: str | None, problem: str) -> CatalogError:
        path = message.name if signal is None else f"{message.name}.{signal}"
        return CatalogError(self.file, path, problem)

    # -- message level ----------------------------------------------------
    def message_frame(self, message: Any, senders: tuple[str, ...]) -> None:
        if message.is_extended_frame or not 0 <= message.frame_id <= 0x7FF:
            raise self.fail(message, None, f"id 0x{message.frame_id:X} is not an 11-bit standard id")
        if message.length != 8:
            raise self.fail(message, None, f"length must be 8 bytes, got {message.length}")
        if len(message.senders) != 1 or message.senders[0] not in senders:
            raise self.fail(message, None, f"must be sent by exactly one of {', '.join(senders)}")

    def unique_data_ids(self, specs: Iterable[Any]) -> None:
        seen: dict[int, str] = {}
        for spec in specs:
            if spec.data_id in seen:
                raise CatalogError(
                    self.file, spec.name, f"E2E data id {spec.data_id} is also used by {seen[spec.data_id]}"
                )
            seen[spec.data_id] = spec.name

    def _header(self, message: Any, echo: bool) -> set[str]:
        expected = dict(_E2E_SIGNALS)
        if echo:
            expected[_ECHO[0]] = _ECHO[1]
        for name, (start, length) in expected.items():
            sig = self._signal(message, name)
            if (sig.start, sig.length, sig.byte_order, sig.is_signed) != (start, length, "little_endian", False):
                raise self.fail(
                    message,
                    name,
                    f"must be an unsigned little-endian {start}|{length} signal (AUTOSAR E2E profile 2 layout)",
                )
        return set(expected)

    def _signal(self, message: Any, name: str) -> Any:
        for sig in message.signals:
            if sig.name == name:
                return sig
        raise self.fail(message, name, "missing")

    def _no_extra(self, message: Any, expected: set[str]) -> None:
        for sig in message.signals:
            if sig.name not in expected:
                raise self.fail(message, sig.name, "unexpected signal: the catalog has no such parameter or member")

    # -- controls ---------------------------------------------------------
    def control(self, control: Any) -> None:
        cmd, sts = control.command.message, control.status.message
        expected = self._header(cmd, echo=False)
        if control.has_selector:
            self._selector(cmd, control)
            expected.add("Target")
        for pname, param in control.parameters.items():
            name = control.command_signal(pname)
            self.parameter(cmd, self._signal(cmd, name), param, command=True)
            expected.add(name)
        self._no_extra(cmd, expected)

        expected = self._header(sts, echo=True)
        for pname, param in control.parameters.items():
            for member in control.members:
                name = control.status_signal(pname, member)
                self.parameter(sts, self._signal(sts, name), param, command=False)
                expected.add(name)
        self._no_extra(sts, expected)

    def _selector(self, message: Any, control: Any) -> None:
        sig = self._signal(message, "Target")
        names = {str(v) for v in (sig.choices or {}).values()}
        all_members = set(self.catalog.target_type(control.capability).members)
        missing = [m for m in control.members if m not in names]
        if missing:
            raise self.fail(message, "Target", f"no choice for fitted member(s) {', '.join(missing)}")
        unknown = sorted(names - all_members)
        if unknown:
            raise self.fail(
                message, "Target", f"choice(s) {', '.join(unknown)} are not members of {control.capability}"
            )

    def parameter(self, message: Any, sig: Any, param: Parameter, command: bool) -> None:
        """The signal can carry exactly the parameter's values, no more, no less."""
        fail = lambda problem: self.fail(message, sig.name, problem)  # noqa: E731
        choices = {int(k): str(v) for k, v in (sig.choices or {}).items()}
        extra_ok = {NOT_REQUESTED} if (command and param.optional) else set()
        if command and param.optional and NOT_REQUESTED not in choices.values():
            raise fail(
                f"optional parameter needs a {NOT_REQUESTED!r} choice so a partial command keeps the other value"
            )
        if sig.is_signed or sig.byte_order != "little_endian":
            raise fail("must be an unsigned little-endian signal")
        if param.type == "bool":
            if sig.length != 1 or not _same(sig.scale, 1) or not _same(sig.offset, 0) or choices:
                raise fail("a bool parameter needs a plain 1-bit signal")
            return
        if param.type == "enum":
            names = set(choices.values())
            wanted = set(param.choices or ()) | extra_ok
            if names != wanted:
                raise fail(f"choices {sorted(names)} do not match the catalog's {sorted(wanted)}")
            return
        step = param.effective_step
        if step is not None and not _same(sig.scale, step):
            raise fail(f"scale {_num(sig.scale)} does not match the catalog step {_num(step)}")
        if not _same(sig.minimum, param.min):
            raise fail(f"minimum {_num(sig.minimum)} does not match the catalog minimum {_num(param.min)}")
        if not _same(sig.maximum, param.max):
            raise fail(f"maximum {_num(sig.maximum)} does not match the catalog maximum {_num(param.max)}")
        assert param.min is not None and param.max is not None  # a numeric parameter has a range (catalog model)
        raw_lo = (float(param.min) - sig.offset) / sig.scale
        raw_hi = (float(param.max) - sig.offset) / sig.scale
        if raw_lo < 0 or raw_hi > 2**sig.length - 1 or abs(raw_lo - round(raw_lo)) > 1e-6:
            raise fail(
                f"{sig.length} bits with scale {_num(sig.scale)} and offset {_num(sig.offset)} cannot carry {_num(param.min)}..{_num(param.max)}"
            )
        for raw, name in choices.items():
            if name not in extra_ok:
                raise fail(f"unexpected choice {name!r} on a numeric parameter")
            if round(raw_lo) <= raw <= round(raw_hi):
                raise fail(f"choice {name!r} (raw {raw}) collides with a value in range")

    # -- peripherals and vehicle -------------------------------------------
    def buttons(self, command: Any, status: Any, buttons: dict[str, int]) -> None:
        cmd, sts = command.message, status.message
        expected = self._header(cmd, echo=False) | {"Button"}
        sig = self._signal(cmd, "Button")
        for pid, button in buttons.items():
            if (
                sig.minimum is None
                or sig.maximum is None
                or not sig.minimum <= button <= sig.maximum
                or button > 2**sig.length - 1
            ):
                raise self.fail(cmd, "Button", f"cannot carry button {button} of peripheral {pid!r}")
        self._no_extra(cmd, expected)
        self._header(sts, echo=True)
        for pid, button in buttons.items():
            name = f"PressCount_{button}"
            sig = self._signal(sts, name)
            if sig.length != 8 or sig.is_signed or not _same(sig.scale, 1) or not _same(sig.offset, 0):
                raise self.fail(sts, name, f"press counter of peripheral {pid!r} must be an unsigned 8-bit counter")

    def vehicle(self, status: Any) -> None:
        msg = status.message
        expected = self._header(msg, echo=False) | {"SpeedKph", "Gear", "ChildLock"}
        speed = self._signal(msg, "SpeedKph")
        if speed.is_signed or not _same(speed.minimum, 0) or speed.maximum is None or speed.maximum <= 0:
            raise self.fail(msg, "SpeedKph", "must be an unsigned speed from 0 km/h")
        gear = self._signal(msg, "Gear")
        names = {str(v) for v in (gear.choices or {}).values()}
        if names != {"P", "R", "N", "D"}:
            raise self.fail(msg, "Gear", f"choices must be P, R, N, D, got {sorted(names)}")
        lock = self._signal(msg, "ChildLock")
        if lock.length != 1 or lock.is_signed or lock.choices or not _same(lock.scale, 1) or not _same(lock.offset, 0):
            raise self.fail(msg, "ChildLock", "must be a plain 1-bit flag (0 off, 1 on)")
        self._no_extra(msg, expected)
