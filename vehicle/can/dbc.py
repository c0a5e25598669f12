"""The vehicle DBC (``catalog/n7web.dbc``), loaded and checked against the catalog.

The DBC is catalog data: a range, step or choice that disagrees with
``catalog/capabilities.yaml``, or a message or signal the catalog needs and
the DBC lacks, refuses to load with ``CatalogError("n7web.dbc",
"<Message>.<Signal>", problem)``. Compiled once at start-up into
:class:`VehicleDbc`; encoding and decoding then only look things up.

Conventions the check enforces (see the DBC's own comments):

- Node ``HeadUnit`` (this service) sends the ``*_Cmd`` messages and the
  transmit allowlist is exactly those ids; node ``CabinEcu`` sends the
  ``*_Sts`` messages. Every id is an 11-bit standard id.
- Each message names what it serves in the ``N7Capability`` attribute (a
  capability id, ``peripheral.trigger`` or ``vehicle``) and its E2E data id
  in ``N7E2EDataId`` (unique per message).
- Bytes 0 and 1 are ``Crc`` (0|8) and ``Counter`` (8|4); a status answering
  commands has ``Echo`` (12|4), the counter of the last accepted command.
- A command for a capability with several members carries ``Target`` whose
  choices are the member ids; each parameter is a signal named in CamelCase
  (``open_percent`` -> ``OpenPercent``). A status carries one signal per
  fitted member and parameter (``Celsius_RearLeft``; no suffix for ``cabin``).
- An optional parameter (ambient light) has a ``not_requested`` choice in
  the command, so a partial command leaves the other value alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cantools

from vehicle.catalog import Catalog, CatalogError, Parameter, default_catalog_dir

from .dbc_check import NOT_REQUESTED as NOT_REQUESTED  # re-exported: codec reads it here
from .dbc_check import DbcChecker, camel

DBC_FILE = "n7web.dbc"
COMMAND_SENDER = "HeadUnit"
STATUS_SENDER = "CabinEcu"
PERIPHERAL = "peripheral.trigger"
VEHICLE = "vehicle"


@dataclass(frozen=True, slots=True)
class MessageSpec:
    """One DBC message as the codec uses it (compiled at load)."""

    name: str
    id: int
    data_id: int
    """AUTOSAR E2E profile 2 data id, from the ``N7E2EDataId`` attribute."""
    subject: str
    """A capability id, ``peripheral.trigger`` or ``vehicle``."""
    message: Any
    """The cantools ``Message``."""


@dataclass(frozen=True, slots=True)
class ControlSpec:
    """A state-holding capability's command/status pair."""

    capability: str
    members: tuple[str, ...]
    """Fitted members, in catalog order (``("cabin",)`` without a target)."""
    parameters: dict[str, Parameter]
    command: MessageSpec
    status: MessageSpec

    @property
    def has_selector(self) -> bool:
        """True when the command carries a ``Target`` member selector."""
        return self.members != ("cabin",)

    def command_signal(self, parameter: str) -> str:
        return camel(parameter)

    def status_signal(self, parameter: str, member: str) -> str:
        return camel(parameter) if member == "cabin" else f"{camel(parameter)}_{camel(member)}"


@dataclass(frozen=True)
class VehicleDbc:
    """The checked DBC: specs per capability, the allowlist, lookups by id."""

    catalog: Catalog
    database: Any
    """The cantools ``Database`` (strict encoding)."""
    controls: dict[str, ControlSpec]
    button_command: MessageSpec
    button_status: MessageSpec
    buttons: dict[str, int]
    """Peripheral id -> learned button number (from the catalog)."""
    vehicle_status: MessageSpec
    allowlist: frozenset[int]
    """Ids this service may transmit: exactly the messages ``HeadUnit`` sends."""
    by_id: dict[int, MessageSpec]

    def control_for_status(self, message_id: int) -> ControlSpec | None:
        spec = self.by_id.get(message_id)
        if spec is None or spec.subject not in self.controls:
            return None
        control = self.controls[spec.subject]
        return control if control.status.id == message_id else None


def load_vehicle_dbc(directory: str | Path | None, catalog: Catalog) -> VehicleDbc:
    """Load ``n7web.dbc`` from `directory` (default: the shipped catalog)."""
    base = Path(directory) if directory is not None else default_catalog_dir()
    path = base / DBC_FILE
    if not path.exists():
        raise CatalogError(DBC_FILE, "", "file is missing")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(DBC_FILE, "", f"cannot read: {exc}") from None
    return vehicle_dbc_from_string(text, catalog)


def vehicle_dbc_from_string(text: str, catalog: Catalog) -> VehicleDbc:
    """Parse and check DBC text against `catalog` (the only real parser)."""
    try:
        database = cantools.database.load_string(text, database_format="dbc", strict=True)
    except Exception as exc:  # cantools raises several unrelated types for bad input
        raise CatalogError(DBC_FILE, "", f"invalid DBC: {exc}") from None
    if not isinstance(database, cantools.database.can.Database):  # a DBC string loads as a CAN database
        raise CatalogError(DBC_FILE, "", "invalid DBC: not a CAN database")
    checker = DbcChecker(DBC_FILE, catalog)
    specs = [_spec(checker, m) for m in database.messages]
    checker.unique_data_ids(specs)

    commands: dict[str, MessageSpec] = {}
    statuses: dict[str, MessageSpec] = {}
    for spec in specs:
        known = spec.subject in catalog.state_capabilities() or spec.subject in (PERIPHERAL, VEHICLE)
        if not known:
            raise CatalogError(
                DBC_FILE,
                spec.name,
                f"N7Capability {spec.subject!r} is not a state-holding capability, {PERIPHERAL!r} or {VEHICLE!r}",
            )
        table = commands if COMMAND_SENDER in spec.message.senders else statuses
        if spec.subject in table:
            raise CatalogError(
                DBC_FILE, spec.name, f"a second message for {spec.subject!r} (first: {table[spec.subject].name})"
            )
        table[spec.subject] = spec
    if VEHICLE in commands:
        raise CatalogError(DBC_FILE, commands[VEHICLE].name, "the vehicle status has no command")

    controls = {}
    for cap in catalog.state_capabilities():
        command = _required(commands, cap, "command", COMMAND_SENDER)
        status = _required(statuses, cap, "status", STATUS_SENDER)
        control = ControlSpec(
            capability=cap,
            members=catalog.fitted_members(cap),
            parameters=dict(catalog.capabilities[cap].parameters),
            command=command,
            status=status,
        )
        checker.control(control)
        controls[cap] = control

    button_command = _required(commands, PERIPHERAL, "command", COMMAND_SENDER)
    button_status = _required(statuses, PERIPHERAL, "status", STATUS_SENDER)
    buttons = {pid: p.button for pid, p in catalog.peripherals.items()}
    checker.buttons(button_command, button_status, buttons)
    vehicle_status = _required(statuses, VEHICLE, "status", STATUS_SENDER)
    checker.vehicle(vehicle_status)

    return VehicleDbc(
        catalog=catalog,
        database=database,
        controls=controls,
        button_command=button_command,
        button_status=button_status,
        buttons=buttons,
        vehicle_status=vehicle_status,
        allowlist=frozenset(spec.id for spec in commands.values()),
        by_id={spec.id: spec for spec in specs},
    )


def _spec(checker: DbcChecker, message: Any) -> MessageSpec:
    checker.message_frame(message, (COMMAND_SENDER, STATUS_SENDER))
    attributes = {name: attr.value for name, attr in message.dbc.attributes.items()} if message.dbc else {}
    subject = attributes.get("N7Capability")
    if not isinstance(subject, str) or not subject:
        raise CatalogError(DBC_FILE, message.name, "missing the N7Capability attribute")
    data_id = attributes.get("N7E2EDataId")
    if not isinstance(data_id, int) or not 0 <= data_id <= 255:
        raise CatalogError(DBC_FILE, message.name, "missing the N7E2EDataId attribute (0..255)")
    return MessageSpec(name=message.name, id=message.frame_id, data_id=data_id, subject=subject, message=message)


def _required(table: dict[str, MessageSpec], subject: str, role: str, sender: str) -> MessageSpec:
    if subject not in table:
        raise CatalogError(DBC_FILE, subject, f"no {role} message (sent by {sender} with N7Capability {subject!r})")
    return table[subject]
