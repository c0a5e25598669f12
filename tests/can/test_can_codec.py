"""Codec: round trips, E2E CRC and counter placement, strict refusals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vehicle.actions import Command
from vehicle.can.codec import ButtonStatus, ControlStatus, VehicleStatus
from vehicle.can.e2e import counter_of
from vehicle.can.errors import CodecError, E2EError
from vehicle.can.frame import Frame
from vehicle.catalog import load_catalog

CATALOG = load_catalog()
SESSION = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)


def value_of(param):
    if param.type == "bool":
        return st.booleans()
    if param.type == "enum":
        return st.sampled_from(param.choices)
    step = param.effective_step
    count = int(round((param.max - param.min) / step))
    if param.type == "int":
        return st.integers(int(param.min), int(param.max))
    return st.integers(0, count).map(lambda k: param.min + k * step)


@st.composite
def commands(draw):
    cap = draw(st.sampled_from(CATALOG.state_capabilities()))
    member = draw(st.sampled_from(CATALOG.fitted_members(cap)))
    params = CATALOG.capabilities[cap].parameters
    names = [n for n, p in params.items() if not p.optional]
    optional = [n for n, p in params.items() if p.optional]
    if optional:
        names += draw(st.lists(st.sampled_from(optional), min_size=1, unique=True))
    return Command(cap, member, {n: draw(value_of(params[n])) for n in names})


@SESSION
@given(command=commands(), counter=st.integers(0, 15))
def test_every_command_round_trips_with_counter_and_crc(codec, command, counter):
    frame = codec.encode_command(command, counter)
    assert frame.id in codec.dbc.allowlist
    assert len(frame.data) == 8
    assert counter_of(frame.data) == counter
    decoded = codec.decode_command(frame)
    assert decoded is not None
    assert (decoded.command, decoded.counter) == (command, counter)


@SESSION
@given(command=commands(), byte=st.integers(0, 7), bit=st.integers(0, 7))
def test_any_single_bit_flip_fails_the_crc(codec, command, byte, bit):
    data = bytearray(codec.encode_command(command, 1).data)
    data[byte] ^= 1 << bit
    with pytest.raises(E2EError):
        codec.decode_command(Frame(codec.command_message(command).id, bytes(data)))


def test_the_crc_binds_the_message_data_id(codec, dbc):
    """The same payload under another command's id fails: data ids differ."""
    frame = codec.encode_command(Command("climate.power", "cabin", {"on": True}), 3)
    with pytest.raises(E2EError):
        codec.decode_command(Frame(dbc.controls["climate.set_ac"].command.id, frame.data))


def test_status_round_trips(codec, catalog):
    values = {m: {"level": i} for i, m in enumerate(catalog.fitted_members("seat.set_heating"))}
    frame = codec.encode_control_status("seat.set_heating", values, counter=7, echo=12)
    status = codec.decode_status(frame)
    assert status == ControlStatus(frame.id, 7, 12, "seat.set_heating", values)

    vehicle = codec.decode_status(codec.encode_vehicle_status(123.45, "D", 2))
    assert vehicle == VehicleStatus(codec.dbc.vehicle_status.id, 2, 123.45, "D", child_lock=False)
    locked = codec.decode_status(codec.encode_vehicle_status(0.0, "P", 3, child_lock=True))
    assert locked == VehicleStatus(codec.dbc.vehicle_status.id, 3, 0.0, "P", child_lock=True)

    buttons = codec.decode_status(codec.encode_button_status({1: 255, 2: 3}, 4, 5))
    assert buttons == ButtonStatus(codec.dbc.button_status.id, 4, 5, {1: 255, 2: 3, 3: 0})


def test_status_with_bad_crc_or_short_payload_refuses(codec):
    frame = codec.encode_vehicle_status(10.0, "P", 1)
    with pytest.raises(E2EError):
        codec.decode_status(Frame(frame.id, bytes([frame.data[0] ^ 1]) + frame.data[1:]))
    with pytest.raises(CodecError):
        codec.decode_status(Frame(frame.id, frame.data[:4]))


def test_commands_are_not_statuses_and_back(codec):
    command = codec.encode_command(Command("climate.power", "cabin", {"on": True}), 1)
    status = codec.encode_vehicle_status(0.0, "P", 1)
    assert codec.decode_status(command) is None
    assert codec.decode_command(status) is None
    assert codec.decode_status(Frame(0x7FF, bytes(8))) is None


def test_partial_ambient_command_leaves_the_other_value_not_requested(codec, dbc):
    frame = codec.encode_command(Command("ambient_light.set", "cabin", {"color": "orange"}), 2)
    raw = dbc.controls["ambient_light.set"].command.message.decode(frame.data, decode_choices=False)
    assert raw["Brightness"] == 127  # not_requested
    assert codec.decode_command(frame).command.parameters == {"color": "orange"}
    frame = codec.encode_command(Command("ambient_light.set", "cabin", {"brightness": 30}), 3)
    raw = dbc.controls["ambient_light.set"].command.message.decode(frame.data, decode_choices=False)
    assert raw["Color"] == 15  # not_requested
    assert codec.decode_command(frame).command.parameters == {"brightness": 30}


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        (Command("climate.set_temperature", "driver", {"celsius": 30.5}), "out of range"),
        (Command("climate.set_temperature", "driver", {"celsius": 21.25}), "off step"),
        (Command("climate.power", "cabin", {"on": 1}), "true or false"),
        (Command("seat.set_heating", "driver", {"level": 2.0}), "whole number"),
        (Command("ambient_light.set", "cabin", {"color": "pink"}), "one of"),
        (Command("ambient_light.set", "cabin", {}), "at least one"),
        (Command("seat.set_ventilation", "rear_left", {"level": 1}), "not a fitted member"),
        (Command("window.set_position", "all", {"open_percent": 0}), "not a fitted member"),
        (Command("window.set_position", "driver", {"open_percent": 5, "speed": 1}), "unknown parameter"),
        (Command("window.set_position", "driver", {}), "at least one"),
        (Command("climate.adjust_temperature", "driver", {"delta_celsius": 1.0}), "not a state-holding"),
        (Command("mode.activate", "nap", {}), "not a state-holding"),
        (Command("peripheral.trigger", "garage_opener", {}), "unknown learned peripheral"),
        (Command("peripheral.trigger", "garage_door", {"times": 2}), "no parameters"),
    ],
)
def test_strict_encoding_refuses_with_our_error(codec, command, problem):
    with pytest.raises(CodecError, match=problem):
        codec.encode_command(command, 1)


def test_counter_must_fit_the_nibble(codec):
    with pytest.raises(CodecError, match="0..15"):
        codec.encode_command(Command("climate.power", "cabin", {"on": True}), 16)


def test_peripheral_trigger_carries_the_learned_button(codec, catalog):
    frame = codec.encode_command(Command("peripheral.trigger", "fragrance_diffuser", {}), 9)
    decoded = codec.decode_command(frame)
    assert decoded.button == catalog.peripherals["fragrance_diffuser"].button
    assert decoded.command.member == "fragrance_diffuser"


def test_frame_json_and_limits():
    assert Frame(0x3A0, bytes.fromhex("00ff10")).to_json() == {"id": "0x3A0", "data": "00ff10"}
    assert Frame(0x01, b"").to_json() == {"id": "0x001", "data": ""}
    with pytest.raises(ValueError):
        Frame(0x800, b"")
    with pytest.raises(ValueError):
        Frame(0x100, bytes(9))


@settings(max_examples=2000, deadline=None)
@given(payload=st.binary(min_size=2, max_size=8), data_id=st.integers(0, 255))
def test_the_crc_table_equals_cantools_profile2_crc(payload, data_id):
    """The table CRC is cantools' AUTOSAR profile 2 CRC, byte for byte."""
    from cantools.autosar.end_to_end import apply_profile2_crc, check_profile2_crc

    from vehicle.can.e2e import crc_ok, protect

    assert protect(payload, data_id) == bytes(apply_profile2_crc(payload, data_id))
    assert crc_ok(payload, data_id) == bool(check_profile2_crc(payload, data_id))
    assert crc_ok(protect(payload, data_id), data_id)


def test_a_payload_too_short_for_profile2_is_refused():
    from vehicle.can.e2e import crc_ok, protect

    with pytest.raises(ValueError):
        protect(b"\x01", 7)
    assert not crc_ok(b"\x01", 7) and not crc_ok(b"", 7)
