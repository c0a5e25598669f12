"""Vehicle state: the state endpoint's shape, staleness, change events."""

from __future__ import annotations

import json
from datetime import datetime

from vehicle.actions import Command
from vehicle.state import VehicleState


def test_snapshot_before_any_frame(state, catalog):
    snap = state.snapshot()
    assert snap["vehicle"] == {"speed_kph": None, "gear": None, "child_lock": None, "updated_at": None, "stale": True}
    assert list(snap["controls"]) == list(catalog.state_capabilities())
    assert "climate.adjust_temperature" not in snap["controls"]
    assert "mode.activate" not in snap["controls"] and "peripheral.trigger" not in snap["controls"]
    assert snap["controls"]["climate.set_temperature"] == dict.fromkeys(
        ["driver", "passenger", "rear_left", "rear_right"]
    )
    assert snap["controls"]["seat.set_ventilation"] == {"driver": None, "passenger": None}  # rear not fitted
    assert snap["controls"]["climate.set_defrost"] == {"front": None, "rear": None}
    assert snap["controls"]["tailgate.set"] == {"cabin": None}
    json.dumps(snap)
    assert state.is_stale() and state.vehicle().age is None


def test_snapshot_is_a_copy(state):
    state.apply_controls("mirror.fold", {"cabin": {"folded": True}})
    snap = state.snapshot()
    snap["controls"]["mirror.fold"]["cabin"]["folded"] = False
    assert state.control("mirror.fold", "cabin") == {"folded": True}


def test_frozen_is_one_instant_of_the_same_facts_and_a_copy(state):
    state.apply_vehicle(12.0, "D", child_lock=True)
    state.apply_controls("seat.set_heating", {"driver": {"level": 2}})
    reading, stale, controls = state.frozen()
    assert (reading.speed_kph, reading.gear, reading.child_lock, stale) == (12.0, "D", True, False)
    assert controls == state.snapshot()["controls"] == state.controls()
    controls["seat.set_heating"]["driver"]["level"] = 3
    state.controls()["seat.set_heating"]["passenger"] = {"level": 9}
    assert state.control("seat.set_heating", "driver") == {"level": 2}
    assert state.control("seat.set_heating", "passenger") is None


def test_staleness_follows_the_injected_clock_through_the_bus(catalog, dbc, channel, make_link, make_sim, clock):
    """Fed by the real link from the real simulator; time moves by hand."""
    from canbus_helpers import Events

    state = VehicleState(catalog, clock=clock)
    events = Events(state)
    make_link(state_=state)
    sim = make_sim()
    events.wait_for(lambda n, _: n == "vehicle.changed")
    sim.stop()  # no more 1 Hz refreshes
    assert not state.is_stale()
    clock.advance(2.5)
    assert not state.is_stale()  # exactly the limit is still fresh
    assert state.snapshot()["vehicle"]["stale"] is False
    clock.advance(0.01)
    assert state.is_stale()
    snap = state.snapshot()["vehicle"]
    assert snap["stale"] is True and (snap["speed_kph"], snap["gear"]) == (0.0, "P")
    assert abs(state.vehicle().age - 2.51) < 1e-9
    datetime.fromisoformat(snap["updated_at"])


def test_events_only_on_change(state, events):
    state.apply_vehicle(0.0, "P")
    state.apply_vehicle(0.0, "P")
    state.apply_controls("seat.set_heating", {"driver": {"level": 1}, "passenger": {"level": 0}})
    state.apply_controls("seat.set_heating", {"driver": {"level": 1}, "passenger": {"level": 2}})
    assert events.items == [
        ("vehicle.changed", {"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": False}),
        ("state.changed", {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 1}}),
        ("state.changed", {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 0}}),
        ("state.changed", {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 2}}),
    ]


def test_unfitted_or_unknown_targets_are_ignored(state, events):
    state.apply_controls("seat.set_ventilation", {"rear_left": {"level": 3}})
    state.apply_controls("no.such", {"cabin": {"on": True}})
    assert events.items == []
    assert state.control("seat.set_ventilation", "rear_left") is None


def test_a_failing_subscriber_does_not_stop_the_others(state, events, caplog):
    def broken(name, payload):
        raise RuntimeError("subscriber bug")

    state.subscribe(broken)
    state.apply_vehicle(5.0, "D")
    assert events.items == [("vehicle.changed", {"speed_kph": 5.0, "gear": "D", "child_lock": False, "stale": False})]
    assert "state subscriber failed" in caplog.text
    state.unsubscribe(broken)
    state.apply_vehicle(6.0, "D")
    assert len(events.items) == 2


def test_events_come_from_the_receive_path_with_the_confirmed_values(link, sim, events):
    events.wait_for(lambda n, _: n == "vehicle.changed")
    [outcome] = link.execute([Command("climate.set_temperature", "passenger", {"celsius": 19.5})])
    assert outcome.status == "applied"
    payload = events.wait_for(
        lambda n, p: (
            n == "state.changed"
            and p["capability"] == "climate.set_temperature"
            and p["target"] == "passenger"
            and p["parameters"]["celsius"] == 19.5
        )
    )
    assert payload == {"capability": "climate.set_temperature", "target": "passenger", "parameters": {"celsius": 19.5}}
