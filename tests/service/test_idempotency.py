"""``client_message_id`` names one request (DESIGN section 6, issue 18),
through the service in-process (ASGI transport, virtual bus, in-process ECU).

The same id with the same words and seat replays the recorded Reply and
sends nothing; the same id with other words or another seat is 409
``client_message_id_reused``: nothing runs, nothing is recorded, no frame
leaves (it used to answer "close the trunk" with "Tailgate opened.").
"""

from __future__ import annotations

import httpx

from .sse import iter_events


def new_session(c: httpx.Client) -> str:
    r = c.post("/api/v1/sessions")
    assert r.status_code == 201
    return r.json()["session_id"]


def post(c: httpx.Client, sid: str, text: str, **kw) -> httpx.Response:
    return c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})


def tailgate(c: httpx.Client) -> dict:
    return c.get("/api/v1/vehicle/state").json()["controls"]["tailgate.set"]


def test_reused_id_with_other_words_is_409_and_changes_nothing(service, command_ids):
    with service.client() as c:
        sid = new_session(c)
        first = post(c, sid, "open the trunk", client_message_id="m-reused")
        assert first.status_code == 200 and first.json()["status"] == "applied", first.text
        opened = tailgate(c)
        frames = service.command_frames(command_ids)
        audit = c.get("/api/v1/audit", params={"limit": 500}).json()["decisions"]

        other = post(c, sid, "close the trunk", client_message_id="m-reused")
        assert other.status_code == 409, other.text
        assert other.json() == {
            "error": {"code": "client_message_id_reused", "message": other.json()["error"]["message"]}
        }
        assert "Tailgate" not in other.text and "opened" not in other.text

        # the same words from another seat are another request too
        seat = post(c, sid, "open the trunk", client_message_id="m-reused", seat="rear_left")
        assert seat.status_code == 409 and seat.json()["error"]["code"] == "client_message_id_reused"

        # over SSE as well: the error status, no turn events
        with c.stream(
            "POST",
            f"/api/v1/sessions/{sid}/messages",
            json={"text": "close the trunk", "client_message_id": "m-reused"},
            headers={"Accept": "text/event-stream"},
        ) as r:
            assert r.status_code == 409
            r.read()
            assert r.json()["error"]["code"] == "client_message_id_reused"

        assert tailgate(c) == opened
        assert service.command_frames(command_ids) == frames
        assert c.get("/api/v1/audit", params={"limit": 500}).json()["decisions"] == audit
        turns = c.get(f"/api/v1/sessions/{sid}/messages").json()["turns"]
        assert [t["text"] for t in turns] == ["open the trunk"]

        # the same id with the same words still replays the recorded Reply, and sends nothing
        again = post(c, sid, "open the trunk", client_message_id="m-reused")
        assert again.status_code == 200 and again.json() == first.json()
        assert service.command_frames(command_ids) == frames


def test_same_words_and_seat_replay_over_sse(service, command_ids):
    with service.client() as c:
        sid = new_session(c)
        body = {"text": "heat my seat", "seat": "passenger", "client_message_id": "m-seat"}
        first = c.post(f"/api/v1/sessions/{sid}/messages", json=body)
        assert first.status_code == 200, first.text
        frames = service.command_frames(command_ids)
        with c.stream(
            "POST", f"/api/v1/sessions/{sid}/messages", json=body, headers={"Accept": "text/event-stream"}
        ) as r:
            assert r.status_code == 200
            events = list(iter_events(r))
        assert events == [("turn.completed", first.json())]
        assert service.command_frames(command_ids) == frames
        # the id belongs to its session: another session may use it for its own words
        other = new_session(c)
        assert post(c, other, "close the trunk", client_message_id="m-seat").status_code == 200


# -- a turn the service never finished, retried after a restart (DESIGN section 6 rev 3) --------
def test_restart_reply_status_follows_what_reached_the_bus():
    from app.turn import restart_reply

    def reply(*decisions):
        return restart_reply("s_1", "t_1", "m-1", "en", list(decisions))

    group = {
        "capability": "window.set_position",
        "target": "all",
        "parameters": {"open_percent": 0},
        "status": "rejected",
        "reason": "seat_not_permitted",
        "message": "",
        "members": [
            {"target": "driver", "status": "applied", "reason": None},
            {"target": "rear_left", "status": "rejected", "reason": "child_lock"},
        ],
        "frames": [{"id": "0x3A0", "data": "00"}],
    }
    refused = {**group, "members": [{"target": "driver", "status": "rejected", "reason": "interlock"}]}
    planned = {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}  # no members yet

    sent_by_member = reply({"actions": [group], "outcome_recorded": True})
    assert sent_by_member["status"] == "partially_applied"
    assert [a["capability"] for a in sent_by_member["actions"]] == ["window.set_position"]
    assert "frames" not in sent_by_member["actions"][0]
    in_flight = reply({"actions": [planned], "outcome_recorded": False})
    assert in_flight["status"] == "partially_applied" and in_flight["actions"][0]["status"] == "unconfirmed"
    nothing = reply({"actions": [refused], "outcome_recorded": True})
    assert nothing["status"] == "rejected" and nothing["actions"] == []
    for r in (sent_by_member, in_flight, nothing):
        assert r["assistant_error"]["code"] == "interrupted_by_restart"
