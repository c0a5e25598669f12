"""Regressions through the service in-process (ASGI transport, virtual bus, ECU simulator):

a. a gate that passed before a slow audit write holds at send time;
d. a value the encoder refuses refuses that action alone, nothing of it consumed;
h. closing moves are never refused for unknown or stale vehicle state.
"""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from vehicle.actions import Command
from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc

from .harness import start_asgi
from .tokens import execute, mint


def message_id(catalog, capability: str, **params) -> int:
    codec = FrameCodec(load_vehicle_dbc(None, catalog))
    return codec.command_message(Command(capability, "cabin", params)).id


def act(cap, target, **params):
    return {"capability": cap, "target": target, "parameters": params}


def tap(client, cap, target, **params):
    return client.post("/api/v1/actions", json=act(cap, target, **params)).json()


def test_tailgate_tap_refused_when_the_car_drove_off_during_the_audit_write(service, catalog):
    """Defect a: P/0 at decision time, a write-locked audit for ~1.5 s, 50 km/h in D at send time."""
    tailgate = message_id(catalog, "tailgate.set", open=True)
    with service.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200
        assert tap(c, "tailgate.set", "cabin", open=False)["status"] == "applied"
        before = len(service.command_frames({tailgate}))

        blocker = sqlite3.connect(str(service.state_dir / "n7web.sqlite3"), timeout=5, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        answer: dict = {}
        tapping = threading.Thread(target=lambda: answer.update(tap(c, "tailgate.set", "cabin", open=True)))
        try:
            tapping.start()
            time.sleep(0.5)
            assert tapping.is_alive()  # the tap passed its gates and waits on the audit write
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 50, "gear": "D"}).status_code == 200
            time.sleep(1.0)
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        tapping.join(15)
        try:
            assert (answer["status"], answer["reason"]) == ("rejected", "interlock_speed")
            assert len(service.command_frames({tailgate})) == before  # no tailgate frame left
            assert c.get("/api/v1/vehicle/state").json()["controls"]["tailgate.set"]["cabin"] == {"open": False}
            # the outcome record says the send-time check refused it
            (decision,) = [
                d
                for d in c.get("/api/v1/audit", params={"limit": 5}).json()["decisions"]
                if d["handled_by"] == "console" and d["actions"][0]["parameters"] == {"open": True}
            ][:1]
            assert decision["outcome_recorded"]
            (member,) = decision["actions"][0]["members"]
            assert (
                member["status"] == "rejected" and member["reason"] == "interlock_speed" and member["at_send"] is True
            )
        finally:
            c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"})


def test_an_unencodable_value_refuses_that_action_alone(inproc, catalog, command_ids):
    """Defect d: the person's own window still runs; nothing of the bad action is consumed."""
    with inproc.client() as c:
        assert tap(c, "climate.set_temperature", "all", celsius=20.0)["status"] == "applied"
        assert tap(c, "window.set_position", "driver", open_percent=0)["status"] == "applied"
    token, _ = mint(inproc, "open the driver window, I'm cold")
    n = len(inproc.command_frames(command_ids))
    body = execute(
        inproc,
        {"request_token": token, "plan": {"actions": [act("climate.set_temperature", "all", celsius=22.4999999999)]}},
    ).json()
    window, temp = body["actions"]
    assert (window["capability"], window["status"]) == ("window.set_position", "applied")
    assert temp["status"] == "rejected" and temp["reason"] in ("out_of_range", "invalid_parameter")
    assert body["status"] == "partially_applied" and len(inproc.command_frames(command_ids)) == n + 1
    # nothing of the refused action was consumed: a corrected value still runs under the same token
    again = execute(
        inproc, {"request_token": token, "plan": {"actions": [act("climate.set_temperature", "all", celsius=22.5)]}}
    ).json()
    fixed = [a for a in again["actions"] if a["capability"] == "climate.set_temperature"]
    assert fixed[0]["status"] == "applied" and len(inproc.command_frames(command_ids)) == n + 5
    temps = inproc.runtime.state.snapshot()["controls"]["climate.set_temperature"]
    assert {m["celsius"] for m in temps.values()} == {22.5}


@pytest.fixture(scope="module")
def no_ecu(tmp_path_factory):
    """The service with no simulator: speed, gear and positions never known."""
    svc = start_asgi(
        tmp_path_factory.mktemp("noecu"), ["--no-assistant", "--simulator", "off", "--confirm-timeout-ms", "200"]
    )
    yield svc
    svc.stop()


@pytest.mark.parametrize(
    "text,capability",
    [
        ("close the sunroof", "sunroof.set_position"),
        ("close the sunshade", "sunshade.set_position"),
        ("close the tailgate", "tailgate.set"),
        ("close the driver window", "window.set_position"),
    ],
)
def test_closing_is_never_refused_for_unknown_state(no_ecu, catalog, command_ids, text, capability):
    """Defect h: the frame leaves (unconfirmed: no ECU answers), never interlock_unknown."""
    with no_ecu.client() as c:
        assert c.get("/api/v1/vehicle/state").json()["vehicle"]["stale"] is True
        session = c.post("/api/v1/sessions").json()["session_id"]
        before = len(no_ecu.command_frames(command_ids))
        reply = c.post(f"/api/v1/sessions/{session}/messages", json={"text": text}).json()
    (action,) = reply["actions"]
    assert action["capability"] == capability and action["reason"] != "interlock_unknown"
    assert action["status"] == "unconfirmed"
    assert len(no_ecu.command_frames(command_ids)) == before + 1


@pytest.mark.parametrize(
    "opening", [act("sunroof.set_position", "cabin", open_percent=100), act("tailgate.set", "cabin", open=True)]
)
def test_opening_on_unknown_state_is_still_refused(no_ecu, command_ids, opening):
    with no_ecu.client() as c:
        before = len(no_ecu.command_frames(command_ids))
        result = c.post("/api/v1/actions", json=opening).json()
    assert (result["status"], result["reason"]) == ("rejected", "interlock_unknown")
    assert len(no_ecu.command_frames(command_ids)) == before
