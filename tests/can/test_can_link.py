"""The link production uses, on the virtual bus with the simulator in the loop."""

from __future__ import annotations

import re
import threading
import time

import pytest
from canbus_helpers import corrupt_crc, send_frame

from vehicle.actions import Command
from vehicle.can.dbc import vehicle_dbc_from_string
from vehicle.can.errors import CodecError, LinkConfigError, LinkError, TransmitRefused
from vehicle.can.frame import Frame
from vehicle.can.link import CanLink, LinkConfig
from vehicle.catalog import default_catalog_dir


def wait_known(events) -> None:
    events.wait_for(lambda name, _: name == "vehicle.changed")


# -- transmit allowlist (panda style) ------------------------------------------------
def test_only_allowlisted_ids_reach_the_bus(link, raw_bus, dbc):
    """Offer all 2048 standard ids through the link; count what arrives."""
    refused = set()
    for can_id in range(0x800):
        try:
            link.transmit(Frame(can_id, bytes(8)))
        except TransmitRefused:
            refused.add(can_id)
    arrived = []
    while len(arrived) < len(dbc.allowlist):
        msg = raw_bus.recv(timeout=2.0)
        assert msg is not None, f"only {len(arrived)} of {len(dbc.allowlist)} allowed frames arrived"
        arrived.append(msg.arbitration_id)
    assert raw_bus.recv(timeout=0.05) is None, "a refused id reached the bus"
    assert sorted(arrived) == sorted(dbc.allowlist)
    assert refused == set(range(0x800)) - dbc.allowlist
    assert link.stats()["tx_refused"] == 0x800 - len(dbc.allowlist)
    assert link.stats()["tx_frames"] == len(dbc.allowlist)


def test_execute_sends_only_through_the_allowlist(link, sim, events, raw_bus, dbc):
    wait_known(events)
    outcomes = link.execute(
        [Command("mirror.fold", "cabin", {"folded": True}), Command("peripheral.trigger", "garage_door", {})]
    )
    assert [o.status for o in outcomes] == ["applied", "applied"]
    seen = set()
    while (msg := raw_bus.recv(timeout=0.05)) is not None:
        if msg.arbitration_id in dbc.allowlist:
            seen.add(msg.arbitration_id)
    assert seen == {dbc.controls["mirror.fold"].command.id, dbc.button_command.id}


# -- confirmation ------------------------------------------------------------------------
def test_command_is_applied_when_the_ecu_echoes_it(link, sim, events, state):
    wait_known(events)
    [outcome] = link.execute([Command("window.set_position", "rear_left", {"open_percent": 40})])
    assert outcome.status == "applied" and outcome.reason is None
    assert [f.to_json()["id"] for f in outcome.frames] == ["0x320"]
    # the state shows the value by the time `applied` is returned
    assert state.control("window.set_position", "rear_left") == {"open_percent": 40}
    assert sim.control("window.set_position", "rear_left") == {"open_percent": 40}


def test_with_the_simulator_stopped_a_command_is_unconfirmed_and_state_unchanged(make_link, make_sim, events, state):
    link = make_link(confirm_timeout_ms=120)
    sim = make_sim()
    events.wait_for(
        lambda n, p: n == "state.changed" and p["capability"] == "seat.set_heating" and p["target"] == "passenger"
    )
    sim.stop()
    before = state.snapshot()["controls"]
    start = time.monotonic()
    [outcome] = link.execute([Command("seat.set_heating", "passenger", {"level": 3})])
    elapsed = time.monotonic() - start
    assert (outcome.status, outcome.reason) == ("unconfirmed", "confirm_timeout")
    assert len(outcome.frames) == 1
    assert 0.12 <= elapsed < 1.0
    assert state.snapshot()["controls"] == before
    assert state.control("seat.set_heating", "passenger") == {"level": 0}


def test_a_command_with_a_bad_crc_is_unconfirmed_even_when_the_value_already_matched(
    catalog, make_link, make_sim, events, state
):
    """The link's DBC is the shipped one with a different E2E data id for
    Window_Cmd, so every CRC it computes for that message is wrong to the ECU.
    The driver window is already closed: only the echo can tell that the ECU
    never took the command."""
    text = (default_catalog_dir() / "n7web.dbc").read_text(encoding="utf-8")
    skewed_text, n = re.subn(r'^BA_ "N7E2EDataId" BO_ 800 \d+;', 'BA_ "N7E2EDataId" BO_ 800 99;', text, flags=re.M)
    assert n == 1
    skewed = vehicle_dbc_from_string(skewed_text, catalog)
    link = make_link(dbc_=skewed, confirm_timeout_ms=150)
    sim = make_sim()
    wait_known(events)
    assert state.control("window.set_position", "driver") == {"open_percent": 0}
    [outcome] = link.execute([Command("window.set_position", "driver", {"open_percent": 0})])
    assert (outcome.status, outcome.reason) == ("unconfirmed", "confirm_timeout")
    assert sim.stats()["dropped_crc"] == 1
    assert sim.stats()["accepted"] == 0


def test_peripheral_trigger_is_confirmed_by_the_press_counter(link, sim, events, dbc, raw_bus, codec):
    wait_known(events)
    [first] = link.execute([Command("peripheral.trigger", "garage_door", {})])
    [second] = link.execute([Command("peripheral.trigger", "garage_door", {})])
    assert first.status == second.status == "applied"
    assert [f.data[2] for f in first.frames + second.frames] == [1, 1]  # button 1 both times
    presses = None
    while (msg := raw_bus.recv(timeout=0.05)) is not None:
        if msg.arbitration_id == dbc.button_status.id:
            presses = codec.decode_status(Frame(msg.arbitration_id, bytes(msg.data))).presses
    assert presses == {1: 2, 2: 0, 3: 0}


def test_concurrent_callers_keep_counters_consistent(link, sim, events):
    wait_known(events)
    results: list[str] = []
    lock = threading.Lock()

    def worker(member: str) -> None:
        for level in [1, 2, 3, 0] * 5:
            [outcome] = link.execute([Command("seat.set_heating", member, {"level": level})])
            with lock:
                results.append(outcome.status)

    threads = [threading.Thread(target=worker, args=(m,)) for m in ("driver", "passenger", "rear_left", "rear_right")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == ["applied"] * 80
    assert sim.stats()["dropped_counter"] == 0
    assert sim.stats()["accepted"] == 80


# -- state fed by status frames only ---------------------------------------------------------
def test_an_injected_status_frame_changes_state_with_no_command(link, raw_bus, codec, events, state, catalog):
    values = {m: {"level": 0} for m in catalog.fitted_members("seat.set_heating")}
    values["passenger"] = {"level": 3}
    send_frame(raw_bus, codec.encode_control_status("seat.set_heating", values, counter=0, echo=0))
    events.wait_for(
        lambda n, p: (
            n == "state.changed"
            and p == {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}}
        )
    )
    assert state.control("seat.set_heating", "passenger") == {"level": 3}
    assert link.stats()["tx_frames"] == 0


def test_a_status_frame_with_a_bad_crc_changes_nothing(link, raw_bus, codec, events, state, catalog):
    values = {m: {"level": 2} for m in catalog.fitted_members("seat.set_heating")}
    send_frame(raw_bus, corrupt_crc(codec.encode_control_status("seat.set_heating", values, counter=0, echo=0)))
    send_frame(raw_bus, codec.encode_vehicle_status(0.0, "P", 0))  # sentinel: frames arrive in order
    events.wait_for(lambda n, _: n == "vehicle.changed")
    assert state.control("seat.set_heating", "driver") is None
    assert link.stats()["rx_crc_errors"] == 1
    assert not [e for e in events.items if e[0] == "state.changed"]


def test_a_repeated_or_jumping_status_counter_is_dropped(link, raw_bus, codec, events, state):
    send_frame(raw_bus, codec.encode_vehicle_status(10.0, "D", 5))
    events.wait_for(lambda n, p: n == "vehicle.changed" and p["speed_kph"] == 10.0)
    send_frame(raw_bus, codec.encode_vehicle_status(99.0, "D", 5))  # repeated counter: dropped
    send_frame(raw_bus, codec.encode_vehicle_status(20.0, "D", 6))  # next in sequence: accepted
    events.wait_for(lambda n, p: n == "vehicle.changed" and p["speed_kph"] == 20.0)
    assert link.stats()["rx_counter_errors"] == 1
    assert [p["speed_kph"] for n, p in events.items if n == "vehicle.changed"] == [10.0, 20.0]


# -- dry run, errors, status ---------------------------------------------------------------
def test_encode_for_dry_run_sends_nothing_and_consumes_no_counter(link, sim, events, raw_bus):
    wait_known(events)
    command = Command("sunroof.set_position", "cabin", {"open_percent": 30})
    first, again = link.encode(command), link.encode(command)
    assert first == again and len(first) == 1
    assert link.stats()["tx_frames"] == 0
    [outcome] = link.execute([command])
    assert outcome.status == "applied"
    assert outcome.frames == first  # the counter dry run showed is the one used


def test_a_command_that_cannot_be_encoded_sends_nothing(link, sim, events):
    wait_known(events)
    with pytest.raises(CodecError):
        link.execute(
            [Command("climate.set_ac", "cabin", {"on": True}), Command("climate.set_fan_speed", "cabin", {"level": 9})]
        )
    assert link.stats()["tx_frames"] == 0


def test_one_batch_on_one_message_counts_up_and_a_refused_batch_uses_no_counter(link, sim, events, codec):
    """Every member of a window group rides one command message: the frames of
    one batch carry consecutive counters (all inside the ECU's window), and a
    batch refused for one unencodable command leaves the counters untouched."""
    wait_known(events)
    windows = [
        Command("window.set_position", m, {"open_percent": 20})
        for m in ("driver", "passenger", "rear_left", "rear_right")
    ]
    outcomes = link.execute(windows)
    assert [o.status for o in outcomes] == ["applied"] * 4
    counters = [codec.decode_command(o.frames[0]).counter for o in outcomes]
    assert [(b - a) % 16 for a, b in zip(counters, counters[1:])] == [1, 1, 1]
    with pytest.raises(CodecError):
        link.execute(
            [
                Command("window.set_position", "driver", {"open_percent": 0}),
                Command("window.set_position", "passenger", {"open_percent": 101}),
            ]
        )
    [after] = link.execute([Command("window.set_position", "driver", {"open_percent": 0})])
    assert after.status == "applied"
    assert (codec.decode_command(after.frames[0]).counter - counters[-1]) % 16 == 1
    assert sim.stats()["dropped_counter"] == 0


def test_a_closed_link_fails_commands_and_reports_down(catalog, dbc, state, channel):
    link = CanLink(catalog, dbc, LinkConfig(channel=channel), state)
    assert link.status() == {"interface": "virtual", "channel": channel, "state": "down"}
    [outcome] = link.execute([Command("climate.set_ac", "cabin", {"on": True})])
    assert (outcome.status, outcome.reason, outcome.frames) == ("failed", "link_down", [])
    link.open()
    assert link.status()["state"] == "up"
    link.close()
    assert link.status()["state"] == "down"


def test_socketcan_open_failure_names_interface_and_channel(catalog, dbc, state):
    link = CanLink(catalog, dbc, LinkConfig(interface="socketcan", channel="vcan0"), state)
    with pytest.raises(LinkError) as info:
        link.open()
    assert "'socketcan'" in str(info.value) and "'vcan0'" in str(info.value)
    assert link.status()["state"] == "down"


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        ({"interface": "pcan"}, "not supported"),
        ({"channel": ""}, "needs a channel"),
        ({"confirm_timeout_ms": 0}, "confirm timeout"),
        ({"can_log": "frames.csv"}, "unsupported format"),
    ],
)
def test_bad_link_configuration_refuses_before_opening(config, problem):
    with pytest.raises(LinkConfigError, match=problem):
        LinkConfig(**config)
