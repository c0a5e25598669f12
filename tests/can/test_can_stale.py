"""Staleness flips as events and log lines (DESIGN section 6: ``vehicle.changed``
carries ``stale`` and is sent the moment the state becomes stale or fresh
again). The clock is moved by hand; the last test runs the real link and the
real simulator on a virtual bus, with real time."""

from __future__ import annotations

import logging
import time

import pytest
from canbus_helpers import Events, FakeClock

from vehicle.state import VehicleState


@pytest.fixture
def clocked(catalog):
    clock = FakeClock()
    state = VehicleState(catalog, clock=clock)
    return clock, state, Events(state)


def vehicle_events(events: Events) -> list[dict]:
    return [p for n, p in events.items if n == "vehicle.changed"]


def state_records(caplog) -> list[tuple[int, str]]:
    return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "vehicle.state"]


def test_going_stale_is_published_once_with_the_last_values_and_logged_once(clocked, caplog):
    caplog.set_level(logging.INFO, logger="vehicle.state")
    clock, state, events = clocked
    state.apply_vehicle(12.0, "D", child_lock=True)
    assert vehicle_events(events) == [{"speed_kph": 12.0, "gear": "D", "child_lock": True, "stale": False}]
    clock.advance(2.5)
    assert state.check_stale() is False  # exactly the limit is still fresh
    assert len(vehicle_events(events)) == 1
    caplog.clear()

    clock.advance(0.01)
    assert state.check_stale() is True
    assert vehicle_events(events)[1:] == [{"speed_kph": 12.0, "gear": "D", "child_lock": True, "stale": True}]
    for _ in range(5):  # later checks say nothing new
        clock.advance(1.0)
        assert state.check_stale() is True
    assert len(vehicle_events(events)) == 2
    [(level, text)] = state_records(caplog)
    assert level == logging.WARNING
    assert "stale" in text and "2.5 s" in text, text


def test_the_first_frame_after_silence_publishes_live_even_with_unchanged_values(clocked, caplog):
    caplog.set_level(logging.INFO, logger="vehicle.state")
    clock, state, events = clocked
    state.apply_vehicle(0.0, "P")
    clock.advance(3.0)
    state.check_stale()
    caplog.clear()

    clock.advance(1.0)
    state.apply_vehicle(0.0, "P")  # the same values: still an event, because staleness flipped
    assert vehicle_events(events)[-1] == {"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": False}
    assert state.snapshot()["vehicle"]["stale"] is False
    state.apply_vehicle(0.0, "P")  # and then only changes again
    assert len(vehicle_events(events)) == 3
    [(level, text)] = state_records(caplog)
    assert level == logging.INFO
    assert "live again" in text and "4.0 s" in text, text


def test_a_state_that_never_heard_the_ecu_warns_once_and_sends_no_flip(clocked, caplog):
    caplog.set_level(logging.INFO, logger="vehicle.state")
    clock, state, events = clocked
    assert state.check_stale() is True
    assert state_records(caplog) == []  # not yet: the ECU has the limit to say something
    clock.advance(2.6)
    state.check_stale()
    clock.advance(10.0)
    state.check_stale()
    assert events.items == []  # the snapshot already says stale: nothing flipped
    [(level, text)] = state_records(caplog)
    assert level == logging.WARNING and "after start" in text, text
    caplog.clear()
    state.apply_vehicle(0.0, "P")
    assert vehicle_events(events) == [{"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": False}]
    assert [level for level, _ in state_records(caplog)] == [logging.INFO]


def test_the_link_publishes_the_flip_when_the_simulator_stops_and_starts(link, make_sim, events, state, caplog):
    """Real time, real bus: nothing but the clock says the ECU fell silent."""
    caplog.set_level(logging.INFO, logger="vehicle.state")
    sim = make_sim()
    events.wait_for(lambda n, p: n == "vehicle.changed" and p["stale"] is False)
    sim.stop()
    stopped = time.monotonic()
    stale = events.wait_for(lambda n, p: n == "vehicle.changed" and p["stale"] is True, timeout=5)
    took = time.monotonic() - stopped
    assert stale == {"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": True}
    # stale 2.5 s after the last 1 Hz frame, which came at most 1 s before the stop
    assert 1.3 <= took <= 2.9, took
    assert state.is_stale()
    events.clear()
    sim.start()
    events.wait_for(lambda n, p: n == "vehicle.changed" and p["stale"] is False, timeout=2)
    assert not state.is_stale()
    levels = [level for level, text in state_records(caplog) if "stale" in text or "live" in text]
    assert levels == [logging.INFO, logging.WARNING, logging.INFO], state_records(caplog)
