"""The child lock (DESIGN section 3a): ``ChildLock`` in ``Vehicle_Sts``,
set on the simulated ECU and seen by the backend only through the bus."""

from __future__ import annotations

import time

import pytest

from vehicle.can.errors import E2EError
from vehicle.can.frame import Frame
from vehicle.sim.errors import SimInputError


def test_child_lock_reaches_the_state_through_the_bus(link, sim, events, state):
    events.wait_for(lambda n, p: n == "vehicle.changed")
    assert state.vehicle().child_lock is False  # the ECU starts unlocked

    start = time.monotonic()
    sim.set_vehicle(child_lock=True)
    payload = events.wait_for(lambda n, p: n == "vehicle.changed" and p["child_lock"] is True)
    assert time.monotonic() - start < 0.5  # sent at once, not at the next 1 Hz frame
    assert payload == {"speed_kph": 0.0, "gear": "P", "child_lock": True, "stale": False}
    assert state.vehicle().child_lock is True
    assert state.snapshot()["vehicle"]["child_lock"] is True

    sim.set_vehicle(speed_kph=30, gear="D")  # other vehicle values leave the lock alone
    events.wait_for(lambda n, p: n == "vehicle.changed" and p["speed_kph"] == 30.0)
    assert state.vehicle().child_lock is True

    sim.set_vehicle(child_lock=False)
    events.wait_for(
        lambda n, p: (
            n == "vehicle.changed" and p == {"speed_kph": 30.0, "gear": "D", "child_lock": False, "stale": False}
        )
    )
    assert state.snapshot()["vehicle"]["child_lock"] is False


def test_child_lock_is_carried_in_the_crc_protected_frame(codec, raw_bus, sim):
    """The flag is bit 34 of the E2E-protected payload: flipping it breaks the CRC."""
    sim.set_vehicle(child_lock=True)
    vehicle_id = codec.dbc.vehicle_status.id
    deadline = time.monotonic() + 2
    status = None
    while time.monotonic() < deadline:
        msg = raw_bus.recv(0.2)
        if msg is not None and msg.arbitration_id == vehicle_id:
            status = codec.decode_status(Frame(msg.arbitration_id, bytes(msg.data)))
            if status.child_lock:
                break
    assert status is not None and status.child_lock is True
    data = bytearray(msg.data)
    assert data[4] & 0b100  # ChildLock: start bit 34 -> byte 4, bit 2
    data[4] ^= 0b100
    with pytest.raises(E2EError):
        codec.decode_status(Frame(vehicle_id, bytes(data)))


def test_a_non_boolean_child_lock_is_refused_and_changes_nothing(sim):
    with pytest.raises(SimInputError, match="on or off"):
        sim.set_vehicle(speed_kph=10, child_lock="on")
    assert sim.vehicle() == (0.0, "P") and sim.child_lock() is False
