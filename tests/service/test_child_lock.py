"""The child lock through the real service (DESIGN sections 3a, 6):
``PUT /api/v1/sim/vehicle {"child_lock"}`` moves the in-process ECU, whose
``Vehicle_Sts`` frame is the only way the backend learns it; the route
answers once the state shows it, and ``GET /api/v1/vehicle/state`` and the
``vehicle.changed`` event carry ``child_lock``."""

from __future__ import annotations

import threading

from .sse import iter_events


def test_child_lock_round_trip_through_the_bus(service):
    with service.client() as c, service.client(timeout=10) as ev:
        seen: list = []
        ready = threading.Event()
        locked = threading.Event()

        def listen() -> None:
            with ev.stream("GET", "/api/v1/events") as r:
                for name, data in iter_events(r):
                    seen.append((name, data))
                    ready.set()
                    if name == "vehicle.changed" and data.get("child_lock") is True:
                        locked.set()
                        return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        assert ready.wait(5)
        assert seen[0][0] == "state.snapshot" and seen[0][1]["vehicle"]["child_lock"] is False

        r = c.put("/api/v1/sim/vehicle", json={"child_lock": True})
        assert r.status_code == 200, r.text
        assert r.json()["vehicle"]["child_lock"] is True  # answered only once the state shows it
        state = c.get("/api/v1/vehicle/state").json()["vehicle"]
        assert state["child_lock"] is True and state["gear"] == "P" and state["stale"] is False

        assert locked.wait(5), seen[-3:]
        listener.join(5)
        changed = [data for name, data in seen if name == "vehicle.changed"]
        assert changed[-1] == {"speed_kph": 0.0, "gear": "P", "child_lock": True, "stale": False}

        r = c.put("/api/v1/sim/vehicle", json={"child_lock": False, "gear": "D", "speed_kph": 12})
        assert r.status_code == 200, r.text
        assert r.json()["vehicle"]["child_lock"] is False
        assert c.get("/api/v1/vehicle/state").json()["vehicle"]["child_lock"] is False
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200


def test_a_bad_child_lock_is_refused_and_changes_nothing(service):
    with service.client() as c:
        before = c.get("/api/v1/vehicle/state").json()["vehicle"]
        for bad in ("on", 1, "true"):
            r = c.put("/api/v1/sim/vehicle", json={"child_lock": bad, "gear": "D"})
            assert r.status_code == 422, r.text
            assert r.json()["error"]["code"] == "invalid_body"
        after = c.get("/api/v1/vehicle/state").json()["vehicle"]
        assert (after["child_lock"], after["gear"]) == (before["child_lock"], before["gear"])
