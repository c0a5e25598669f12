"""The ECU simulator, observed only through the bus (DESIGN section 9)."""

from __future__ import annotations

import time
from collections import defaultdict

import pytest
from canbus_helpers import send_frame

from vehicle.actions import Command
from vehicle.can.frame import Frame
from vehicle.sim.cli import parse_line
from vehicle.sim.errors import SimInputError

START = {
    "climate.power": {"on": True},
    "climate.set_ac": {"on": False},
    "climate.set_temperature": {"celsius": 22.0},
    "climate.set_fan_speed": {"level": 3},
    "climate.set_defrost": {"on": False},
    "climate.set_recirculation": {"on": False},
    "window.set_position": {"open_percent": 0},
    "sunroof.set_position": {"open_percent": 0},
    "sunshade.set_position": {"open_percent": 0},
    "tailgate.set": {"open": False},
    "mirror.fold": {"folded": False},
    "reading_light.set": {"on": False},
    "ambient_light.set": {"color": "white", "brightness": 0},
    "seat.set_heating": {"level": 0},
    "seat.set_ventilation": {"level": 0},
    "seat.set_massage": {"on": False},
}


def test_start_values_as_reported_on_the_bus(link, sim, events, state, catalog):
    events.wait_for(lambda n, p: n == "state.changed" and p["capability"] == "tailgate.set")
    events.wait_for(lambda n, _: n == "vehicle.changed")
    snap = state.snapshot()
    assert set(START) == set(catalog.state_capabilities())
    for cap, params in START.items():
        assert snap["controls"][cap] == {m: params for m in catalog.fitted_members(cap)}, cap
    assert (snap["vehicle"]["speed_kph"], snap["vehicle"]["gear"], snap["vehicle"]["stale"]) == (0.0, "P", False)


def test_climate_setting_while_off_turns_the_climate_on(link, sim, events, state):
    events.wait_for(lambda n, _: n == "vehicle.changed")
    assert [o.status for o in link.execute([Command("climate.power", "cabin", {"on": False})])] == ["applied"]
    assert state.control("climate.power", "cabin") == {"on": False}
    [outcome] = link.execute([Command("climate.set_fan_speed", "cabin", {"level": 5})])
    assert outcome.status == "applied"
    # the status shows both: the coupled power status is sent before the echo
    assert state.control("climate.power", "cabin") == {"on": True}
    assert state.control("climate.set_fan_speed", "cabin") == {"level": 5}
    powers = [p["parameters"] for n, p in events.items if n == "state.changed" and p["capability"] == "climate.power"]
    assert powers[-2:] == [{"on": False}, {"on": True}]


def test_non_climate_commands_do_not_touch_the_climate(link, sim, events, state):
    events.wait_for(lambda n, _: n == "vehicle.changed")
    link.execute([Command("climate.power", "cabin", {"on": False})])
    [outcome] = link.execute([Command("seat.set_heating", "driver", {"level": 2})])
    assert outcome.status == "applied"
    assert state.control("climate.power", "cabin") == {"on": False}


def test_partial_ambient_command_keeps_the_other_value(link, sim, events, state):
    events.wait_for(lambda n, _: n == "vehicle.changed")
    assert (
        link.execute([Command("ambient_light.set", "cabin", {"color": "orange", "brightness": 30})])[0].status
        == "applied"
    )
    assert link.execute([Command("ambient_light.set", "cabin", {"brightness": 10})])[0].status == "applied"
    assert state.control("ambient_light.set", "cabin") == {"color": "orange", "brightness": 10}
    assert link.execute([Command("ambient_light.set", "cabin", {"color": "blue"})])[0].status == "applied"
    assert state.control("ambient_light.set", "cabin") == {"color": "blue", "brightness": 10}


def test_counter_window_and_resync(make_sim, raw_bus, codec, clock):
    """+1..+3 (mod 16) of the last accepted counter; any counter after 1 s quiet.

    Each probe is followed by a sentinel on another message that is always
    accepted; the ECU handles frames in order, so once the sentinel's status
    arrives the probe has been judged."""
    sim = make_sim(clock=clock)
    sentinel_counter = iter(range(1, 100))

    def probe(counter: int, level: int) -> bool:
        before = sim.stats()["accepted"]
        send_frame(raw_bus, codec.encode_command(Command("seat.set_heating", "driver", {"level": level}), counter))
        s = next(sentinel_counter) % 16
        send_frame(raw_bus, codec.encode_command(Command("mirror.fold", "cabin", {"folded": s % 2 == 0}), s))
        wait_status_echo(raw_bus, codec, codec.dbc.controls["mirror.fold"].status.id, s)
        return sim.stats()["accepted"] - before == 2

    assert probe(14, 1)  # first command: any counter
    assert not probe(14, 2)  # repeated
    assert not probe(2, 2)  # +4 (wraps): outside the window
    assert probe(1, 2)  # +3 across the wrap
    assert probe(2, 3)  # +1
    assert sim.control("seat.set_heating", "driver") == {"level": 3}
    clock.advance(0.99)
    assert not probe(9, 0)  # +7 before 1 s quiet
    clock.advance(1.0)
    assert probe(9, 0)  # after 1 s without commands: resync
    assert probe(10, 1)
    assert sim.stats()["dropped_counter"] == 3
    assert sim.control("seat.set_heating", "driver") == {"level": 1}


def wait_status_echo(bus, codec, status_id: int, echo: int, timeout: float = 2.0) -> None:
    deadline = time.monotonic() + timeout
    while (remaining := deadline - time.monotonic()) > 0:
        msg = bus.recv(timeout=remaining)
        if msg is not None and msg.arbitration_id == status_id:
            if codec.decode_status(Frame(msg.arbitration_id, bytes(msg.data))).echo == echo:
                return
    raise AssertionError(f"no status 0x{status_id:03X} with echo {echo}")


def test_every_status_message_at_1_hz(raw_bus, make_sim, dbc):
    statuses = {c.status.id for c in dbc.controls.values()} | {dbc.button_status.id, dbc.vehicle_status.id}
    make_sim()
    start = time.monotonic()
    seen: dict[int, list[float]] = defaultdict(list)
    while time.monotonic() - start < 2.5:
        msg = raw_bus.recv(timeout=0.1)
        if msg is not None:
            seen[msg.arbitration_id].append(time.monotonic() - start)
    assert set(seen) == statuses  # statuses only: the ECU never sends a command id
    for can_id, times in seen.items():
        assert len(times) == 3, f"0x{can_id:03X} sent at {times}"  # at start, +1 s, +2 s
        gaps = [b - a for a, b in zip(times, times[1:])]
        assert all(0.85 < gap < 1.15 for gap in gaps), (hex(can_id), gaps)


def test_vehicle_status_is_sent_at_once_on_change(link, sim, events, state):
    events.wait_for(lambda n, _: n == "vehicle.changed")
    start = time.monotonic()
    sim.set_vehicle(speed_kph=88.5, gear="D")
    events.wait_for(
        lambda n, p: (
            n == "vehicle.changed" and p == {"speed_kph": 88.5, "gear": "D", "child_lock": False, "stale": False}
        )
    )
    assert time.monotonic() - start < 0.5  # well before the next 1 Hz frame
    assert (state.vehicle().speed_kph, state.vehicle().gear) == (88.5, "D")


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"speed_kph": -1}, "0 to 300"),
        ({"speed_kph": 301}, "0 to 300"),
        ({"speed_kph": float("nan")}, "number"),
        ({"gear": "S"}, "one of P, R, N, D"),
        ({"speed_kph": True}, "number"),
        ({"child_lock": 1}, "on or off"),
    ],
)
def test_set_vehicle_refuses_what_the_dbc_cannot_carry(sim, kwargs, problem):
    with pytest.raises(SimInputError, match=problem):
        sim.set_vehicle(**kwargs)
    assert sim.vehicle() == (0.0, "P") and sim.child_lock() is False


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("speed 50", {"speed_kph": 50.0}),
        ("  gear d ", {"gear": "D"}),
        ("", None),
        ("# comment", None),
        ("speed 7.5 # x", {"speed_kph": 7.5}),
        ("child_lock on", {"child_lock": True}),
        ("CHILD_LOCK Off", {"child_lock": False}),
    ],
)
def test_stdin_lines(line, expected):
    assert parse_line(line) == expected


@pytest.mark.parametrize(
    ("line", "problem"),
    [("spede 3", "expected 'speed N'"), ("speed fast", "number"), ("gear X", "one of"), ("speed 1 2", "expected")],
)
def test_stdin_lines_that_cannot_be_read(line, problem):
    with pytest.raises(SimInputError, match=problem):
        parse_line(line)
