"""Defect b through the real codex: a decided action is never retried as a leftover.

"open the tailgate and tell me a joke" at 50 km/h; the scripted model calls
execute (the parser's tailgate joins and is refused at speed), then the car
stops before the turn ends. The tailgate stays closed and the Reply says
rejected, from the real final result.
"""

from __future__ import annotations

import httpx

from vehicle.actions import Command
from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc

from .e2e_flow import controls, new_session, results, tap, turn
from .e2e_provider import Call, execute, text


def test_a_refused_parser_action_is_not_retried_after_the_car_stops(svc, provider, catalog):
    utterance = "open the tailgate and tell me a joke"
    tailgate = (
        FrameCodec(load_vehicle_dbc(None, catalog)).command_message(Command("tailgate.set", "cabin", {"open": True})).id
    )

    def stop_then_joke(call: Call):
        # the car stops while the model is still answering (before the turn ends)
        r = httpx.put(svc.base + "/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}, timeout=10)
        assert r.status_code == 200
        return text("Why did the tailgate ", "stay shut? It knew the speed.")

    provider.script(utterance, lambda call: execute(call.token), stop_then_joke)
    with svc.client(timeout=60) as client:
        assert client.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200
        tap(client, "tailgate.set", "cabin", open=False)
        assert client.put("/api/v1/sim/vehicle", json={"speed_kph": 50, "gear": "D"}).status_code == 200
        before = len(svc.command_frames({tailgate}))
        events, reply = turn(client, new_session(client), utterance)
        try:
            assert client.get("/api/v1/vehicle/state").json()["vehicle"]["speed_kph"] == 0  # it did stop
            assert len(svc.command_frames({tailgate})) == before
            assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
            assert reply["handled_by"] == "codex" and reply["status"] == "rejected"
            (refused,) = reply["actions"]
            assert (refused["capability"], refused["status"], refused["reason"]) == (
                "tailgate.set",
                "rejected",
                "interlock_speed",
            )
            assert results(events) == [refused]
        finally:
            client.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"})
