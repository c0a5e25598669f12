"""Reply words through the real service (uvicorn subprocess, virtual bus, in-process ECU):
a relative change says where it ended (issue 12)."""
from __future__ import annotations

from .test_local_turns import new_session, say


def test_a_relative_change_says_where_it_ended(service):
    with service.client() as c:
        sid = new_session(c)
        assert say(c, sid, "set the driver side to 21 degrees")["status"] == "applied"
        zh = say(c, sid, "主驾温度调高2度", source="voice")
        [action] = zh["actions"]
        assert action["capability"] == "climate.adjust_temperature" and action["status"] == "applied", action
        assert action["message"] == zh["reply_text"] == "主驾温度已调高到23度。"
        tap = {"capability": "climate.adjust_temperature", "target": "driver", "parameters": {"delta_celsius": -1.5}}
        r = c.post("/api/v1/actions", json=tap)
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
        assert r.json()["message"] == "Driver temperature lowered to 21.5 degrees."
