"""Local-first turns through the service in-process (ASGI transport, virtual bus, in-process ECU)."""

from __future__ import annotations

import threading

import httpx
import pytest

from .sse import iter_events, post_stream


def new_session(c: httpx.Client) -> str:
    r = c.post("/api/v1/sessions")
    assert r.status_code == 201
    return r.json()["session_id"]


def say(c: httpx.Client, sid: str, text: str, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def test_english_command_applied_state_events_and_can_log(service, command_ids):
    with service.client() as c, service.client(timeout=10) as ev:
        before = len(service.command_frames(command_ids))
        seen: list = []
        ready = threading.Event()

        def listen():
            with ev.stream("GET", "/api/v1/events") as r:
                for name, data in iter_events(r):
                    seen.append((name, data))
                    ready.set()
                    if name == "state.changed" and data["capability"] == "window.set_position":
                        return

        t = threading.Thread(target=listen, daemon=True)
        t.start()
        assert ready.wait(5)
        sid = new_session(c)
        reply = say(c, sid, "open the driver window")
        assert reply["handled_by"] == "local" and reply["status"] == "applied"
        assert reply["language"] == "en" and reply["assistant_error"] is None
        [action] = reply["actions"]
        assert action["capability"] == "window.set_position" and action["target"] == "driver"
        assert action["status"] == "applied" and action["source"] == "parser"
        assert "Driver window opened" in reply["reply_text"]
        state = c.get("/api/v1/vehicle/state").json()
        assert state["controls"]["window.set_position"]["driver"] == {"open_percent": 100}
        t.join(5)
        assert seen[0][0] == "state.snapshot"
        assert (
            "state.changed",
            {"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 100}},
        ) in seen
        assert len(service.command_frames(command_ids)) == before + 1


def test_chinese_command_applied_with_chinese_reply(service):
    with service.client() as c:
        sid = new_session(c)
        reply = say(c, sid, "把副驾温度调到二十四度")
        assert reply["language"] == "zh" and reply["status"] == "applied"
        assert "副驾" in reply["reply_text"] and "24" in reply["reply_text"]
        state = c.get("/api/v1/vehicle/state").json()
        assert state["controls"]["climate.set_temperature"]["passenger"] == {"celsius": 24.0}


def test_sse_turn_events_in_order(service):
    with service.client() as c:
        sid = new_session(c)
        events = post_stream(c, sid, "turn on the AC")
        names = [e for e, _ in events]
        assert names == ["turn.started", "action.result", "assistant.delta", "turn.completed"]
        assert events[0][1]["session_id"] == sid
        assert events[1][1]["status"] == "applied"
        done = events[-1][1]
        assert done["turn_id"] == events[0][1]["turn_id"]
        assert events[2][1]["text"] == done["reply_text"]


def test_refusals_are_named_in_the_reply(service):
    with service.client() as c:
        sid = new_session(c)
        reply = say(c, sid, "set the driver temperature to 72 degrees")
        assert reply["status"] == "rejected"
        [a] = reply["actions"]
        assert a["reason"] == "out_of_range"
        assert "16 to 30" in reply["reply_text"]
        zh = say(c, sid, "把主驾温度调到七十二度")
        assert zh["actions"][0]["reason"] == "out_of_range" and "超出范围" in zh["reply_text"]


def test_interlock_refusal_after_sim_gear_change(service, command_ids):
    with service.client() as c:
        sid = new_session(c)
        r = c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "D"})
        assert r.status_code == 200 and r.json()["vehicle"]["gear"] == "D"
        assert c.get("/api/v1/vehicle/state").json()["vehicle"]["gear"] == "D"
        before = len(service.command_frames(command_ids))
        reply = say(c, sid, "open the trunk")
        assert reply["actions"][0]["reason"] == "interlock_gear"
        assert "needs the car in P" in reply["reply_text"]
        assert len(service.command_frames(command_ids)) == before
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200


def test_offline_question_and_need(service):
    with service.client() as c:
        sid = new_session(c)
        q = say(c, sid, "what's the weather like tomorrow?")
        assert q["status"] == "no_action" and q["handled_by"] == "local"
        assert "offline" in q["reply_text"]
        cold = say(c, sid, "I'm freezing")
        assert cold["actions"] and all(a["source"] == "catalog" for a in cold["actions"])
        assert {a["capability"] for a in cold["actions"]} >= {"climate.power", "seat.set_heating"}
        zh = say(c, sid, "今天天气怎么样")
        assert zh["language"] == "zh" and "离线" in zh["reply_text"]


def test_voice_reply_is_speakable(service):
    with service.client() as c:
        sid = new_session(c)
        reply = say(c, sid, "set the passenger temperature to 23.5", source="voice")
        assert reply["status"] == "applied"
        text = reply["reply_text"]
        assert "degrees" in text and "°" not in text and "%" not in text and "*" not in text
        half = say(c, sid, "open the sunroof halfway", source="voice")
        assert "50 percent" in half["reply_text"] and "%" not in half["reply_text"]


def test_client_message_id_replay_sends_nothing(service, command_ids):
    with service.client() as c:
        sid = new_session(c)
        first = say(c, sid, "fold the mirrors", client_message_id="m-1")
        n = len(service.command_frames(command_ids))
        again = say(c, sid, "fold the mirrors", client_message_id="m-1")
        assert again == first
        assert len(service.command_frames(command_ids)) == n


def test_history_after_reload(service):
    with service.client() as c:
        sid = new_session(c)
        say(c, sid, "turn on the reading light")
        say(c, sid, "turn off the reading light")
        h = c.get(f"/api/v1/sessions/{sid}/messages", params={"limit": 10}).json()
        assert [t["text"] for t in h["turns"]] == ["turn on the reading light", "turn off the reading light"]
        assert h["turns"][1]["reply"]["status"] == "applied"


def test_console_tap_and_audit(service):
    with service.client() as c:
        r = c.post(
            "/api/v1/actions",
            json={"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}},
        )
        assert r.status_code == 200
        res = r.json()
        assert res["status"] == "applied" and res["source"] == "console"
        bad = c.post(
            "/api/v1/actions",
            json={"capability": "seat.set_massage", "target": "rear_left", "parameters": {"on": True}},
        ).json()
        assert bad["status"] == "rejected" and bad["reason"] == "not_fitted"
        audit = c.get("/api/v1/audit", params={"limit": 2}).json()["decisions"]
        assert audit[0]["actions"][0]["reason"] == "not_fitted" and audit[0]["actions"][0]["frames"] == []
        frames = audit[1]["actions"][0]["frames"]
        assert audit[1]["outcome_recorded"] and len(frames) == 1 and frames[0]["id"].startswith("0x")
        assert "token" not in str(audit).lower()


def test_status_and_state_shapes(service):
    with service.client() as c:
        st = c.get("/api/v1/status").json()
        assert st["assistant"] == {"mode": "local_only", "reason": "disabled", "codex_version": None, "mcp": "down"}
        assert st["can"]["interface"] == "virtual" and st["can"]["state"] == "up"
        assert st["can"]["simulator"] == "in_process" and st["execution_mode"] == "simulation"
        state = c.get("/api/v1/vehicle/state").json()
        assert set(state["controls"]["seat.set_ventilation"]) == {"driver", "passenger"}
        assert "climate.adjust_temperature" not in state["controls"]
        assert "mode.activate" not in state["controls"]
        assert state["vehicle"]["stale"] is False


@pytest.mark.parametrize(
    "headers,status,code",
    [
        ({"Host": "evil.example:8470"}, 400, "bad_host"),
        ({"Origin": "http://evil.example"}, 403, "forbidden_origin"),
    ],
)
def test_host_and_origin_checks(service, headers, status, code):
    with service.client() as c:
        r = c.get("/api/v1/status", headers=headers)
        assert r.status_code == status and r.json()["error"]["code"] == code


def test_error_envelope(service):
    with service.client() as c:
        r = c.post("/api/v1/sessions/s_nope/messages", json={"text": "hi"})
        assert r.status_code == 404 and r.json() == {"error": {"code": "unknown_session", "message": "unknown session"}}
        sid = new_session(c)
        r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "hi", "extra": 1})
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_body"
        r = c.post(f"/api/v1/sessions/{sid}/messages", content=b"{nope", headers={"content-type": "application/json"})
        assert r.status_code == 422 and "detail" not in r.json()
        r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "x" * 70000})
        assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
        docs = c.get("/openapi.json").json()
        assert not any(p.startswith("/internal") for p in docs["paths"])


def test_interlock_speed_refusal_is_speakable_in_both_languages(service):
    with service.client() as c:
        sid = new_session(c)
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 50, "gear": "D"}).status_code == 200
        try:
            en = say(c, sid, "open the trunk", source="voice")
            assert en["actions"][0]["reason"] == "interlock_speed"
            assert "50 kilometres per hour" in en["reply_text"] and "km/h" not in en["reply_text"]
            zh = say(c, sid, "打开后备箱", source="voice")
            assert zh["actions"][0]["reason"] == "interlock_speed"
            assert "公里/小时" in zh["reply_text"] and "limit" not in zh["reply_text"]
        finally:
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200


def test_docs_work_offline(service):
    with service.client() as c:
        page = c.get("/docs")
        assert page.status_code == 200
        assert "https://" not in page.text and "cdn" not in page.text.lower()
        assert c.get("/vendor/swagger-ui/swagger-ui-bundle.js").status_code == 200
        assert c.get("/redoc").status_code == 404
