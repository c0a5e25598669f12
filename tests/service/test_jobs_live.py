"""Timed commands through the real service, with real seconds (DESIGN section 5a).

"in 5 seconds" in both languages: the job is set by the turn, fires (never
before its due time) through the one executor, and meets the live gates
then (the car started moving, the child lock came on); seat rights and
fitted checks refuse when it is set; cancel by voice and by DELETE; a
duration changes back; at most 16 pending. Outcomes are read from the
``job.*`` events of ``/api/v1/events`` and from ``GET /api/v1/jobs``.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any

import pytest

from .sse import iter_events


class Events:
    """The ``job.*`` events of one ``/api/v1/events`` stream, collected in a thread."""

    def __init__(self, service: Any) -> None:
        self.seen: list[tuple[str, dict[str, Any]]] = []
        self._ready = threading.Event()
        self._changed = threading.Condition()
        self._client = service.client(timeout=60)
        self._response: Any = None
        self._stopped = False
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()
        assert self._ready.wait(5)

    def _listen(self) -> None:
        try:
            with self._client.stream("GET", "/api/v1/events") as r:
                self._response = r
                for name, data in iter_events(r):
                    self._ready.set()
                    if name.startswith("job."):
                        with self._changed:
                            self.seen.append((name, data))
                            self._changed.notify_all()
        except Exception:
            if not self._stopped:
                raise  # the stream broke while the test still read it

    def wait(self, name: str, ids: set[str], timeout: float = 15.0) -> dict[str, dict[str, Any]]:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                got = {d["id"]: d for n, d in self.seen if n == name and d["id"] in ids}
                if len(got) == len(ids) or time.monotonic() > deadline:
                    return got
                self._changed.wait(0.2)

    def close(self) -> None:
        """End the stream (the service drops the subscription: the bound of 32 streams is shared)."""
        self._stopped = True
        if self._response is not None:
            self._response.close()
        self._thread.join(5)
        self._client.close()


@pytest.fixture
def car(service):
    with service.client() as c:
        _cancel_all(c)
        streams = service.runtime.hub.subscribers
        events = Events(service)
        try:
            yield c, events
        finally:
            events.close()
            deadline = time.monotonic() + 5
            while service.runtime.hub.subscribers > streams and time.monotonic() < deadline:
                time.sleep(0.02)
            assert service.runtime.hub.subscribers == streams  # the stream really ended
            _cancel_all(c)
            assert (
                c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
            )


def _cancel_all(c: Any) -> None:
    for job in c.get("/api/v1/jobs").json()["jobs"]:
        if job["status"] == "pending":
            c.delete(f"/api/v1/jobs/{job['id']}")


def say(c: Any, text: str, seat: str | None = None, **kw: Any) -> dict[str, Any]:
    sid = c.post("/api/v1/sessions").json()["session_id"]
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, "seat": seat, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def controls(c: Any) -> dict[str, Any]:
    return c.get("/api/v1/vehicle/state").json()["controls"]


def seconds(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def test_jobs_fire_on_time_in_both_languages_and_meet_the_gates_of_that_moment(car):
    c, events = car
    en = say(c, "turn on the seat heating in 5 seconds", "driver")
    zh = say(c, "五秒后打开座椅加热", "passenger")
    tailgate = say(c, "open the tailgate in 5 seconds", "driver")
    window = say(c, "open my window in 5 seconds", "rear_left")
    for reply in (en, zh, tailgate, window):
        assert reply["actions"] == [] and len(reply["jobs"]) == 1, reply
        assert reply["jobs"][0]["status"] == "pending"
    assert en["reply_text"].startswith("Driver seat heating will be set to level 2 in 5 seconds, at ")
    assert zh["reply_text"].startswith("副驾座椅加热将于5秒后（")
    # between setting and firing: the car starts moving and the child lock comes on
    r = c.put("/api/v1/sim/vehicle", json={"speed_kph": 30, "gear": "D", "child_lock": True})
    assert r.status_code == 200
    ids = {r["jobs"][0]["id"] for r in (en, zh, tailgate, window)}
    fired = events.wait("job.fired", ids)
    assert set(fired) == ids, events.seen
    by = {k: fired[r["jobs"][0]["id"]] for k, r in {"en": en, "zh": zh, "tailgate": tailgate, "window": window}.items()}
    assert by["en"]["status"] == "fired" and by["en"]["results"][0]["status"] == "applied"
    assert by["en"]["results"][0]["source"] == "schedule"
    assert by["zh"]["status"] == "fired" and by["zh"]["message"] == "副驾座椅加热已调到2档。"
    assert by["tailgate"]["status"] == "refused" and by["tailgate"]["results"][0]["reason"] == "interlock_speed"
    assert by["window"]["status"] == "refused" and by["window"]["results"][0]["reason"] == "child_lock"
    for job in by.values():  # never early (how late is bench/jobs_jitter.py's figure, not a test's)
        assert seconds(job["fired_at"]) >= seconds(job["due_at"])
    now = controls(c)
    assert now["seat.set_heating"]["driver"]["level"] == 2 and now["seat.set_heating"]["passenger"]["level"] == 2
    assert now["tailgate.set"]["cabin"]["open"] is False
    assert now["window.set_position"]["rear_left"]["open_percent"] == 0
    listed = {j["id"]: j["status"] for j in c.get("/api/v1/jobs").json()["jobs"]}
    assert [listed[by[k]["id"]] for k in ("en", "zh", "tailgate", "window")] == ["fired", "fired", "refused", "refused"]
    audit = [d for d in c.get("/api/v1/audit?limit=20").json()["decisions"] if d["turn_id"] in ids]
    assert len(audit) == 4 and all(d["handled_by"] == "schedule" and d["outcome_recorded"] for d in audit)
    for member in ("driver", "passenger"):
        c.post("/api/v1/actions", json={"capability": "seat.set_heating", "target": member, "parameters": {"level": 0}})


def test_seat_rights_and_fitted_refuse_when_set(car):
    c, _ = car
    sunroof = say(c, "open the sunroof in 5 seconds", "rear_left")
    assert sunroof["jobs"] == [] and sunroof["actions"][0]["reason"] == "seat_not_permitted"
    assert sunroof["status"] == "rejected"
    vent = say(c, "turn on the seat ventilation in 5 seconds", "rear_left")
    assert vent["jobs"] == [] and vent["actions"][0]["reason"] == "not_fitted"
    assert [j for j in c.get("/api/v1/jobs").json()["jobs"] if j["status"] == "pending"] == []


def test_cancel_by_voice_and_by_delete(car):
    c, events = car
    heat = say(c, "turn on the seat heating in 10 minutes", "driver")["jobs"][0]
    window = say(c, "open the driver window in 10 minutes", "driver")["jobs"][0]
    zh = say(c, "十分钟后打开座椅加热", "passenger")["jobs"][0]
    # a rear seat may not cancel the driver's window timer
    rear = say(c, "cancel the driver window timer", "rear_left")
    assert rear["jobs"] == [] and "can't be cancelled from this seat" in rear["reply_text"]
    one = say(c, "cancel the seat heating timer", "driver")
    assert {j["id"] for j in one["jobs"]} == {heat["id"], zh["id"]}  # both seat heating timers
    assert one["reply_text"] == "Cancelled 2 timers."
    r = c.delete(f"/api/v1/jobs/{window['id']}")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    assert c.delete(f"/api/v1/jobs/{window['id']}").json()["error"]["code"] == "job_not_pending"
    missing = c.delete("/api/v1/jobs/job_0000000000000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_job"
    assert set(events.wait("job.cancelled", {heat["id"], zh["id"], window["id"]})) == {
        heat["id"],
        zh["id"],
        window["id"],
    }
    again = say(c, "十秒后关闭车窗", "driver")["jobs"][0]
    off = say(c, "别定时了", "driver")
    assert [j["id"] for j in off["jobs"]] == [again["id"]] and off["reply_text"].startswith("已取消")
    assert say(c, "cancel the timers", "driver")["reply_text"] == "There is no timer to cancel."
    assert say(c, "取消座椅加热的定时", "driver")["reply_text"] == "没有座椅加热的定时可以取消。"


def test_a_duration_acts_now_and_changes_back(car):
    c, events = car
    reply = say(c, "turn on the seat ventilation for 5 seconds", "passenger")
    assert reply["actions"][0]["status"] == "applied" and reply["actions"][0]["target"] == "passenger"
    (job,) = reply["jobs"]
    assert job["kind"] == "restore" and job["for_s"] == 5
    assert "will go back in 5 seconds" in reply["reply_text"]
    assert controls(c)["seat.set_ventilation"]["passenger"]["level"] == 2
    fired = events.wait("job.fired", {job["id"]})[job["id"]]
    assert fired["status"] == "fired" and fired["results"][0]["parameters"] == {"level": 0}
    assert controls(c)["seat.set_ventilation"]["passenger"]["level"] == 0


def test_at_most_16_pending_jobs_then_too_many_jobs(car):
    c, _ = car
    for i in range(16):
        assert say(c, f"set the fan to {1 + i % 7} in 10 minutes", "driver")["jobs"], i
    past = say(c, "turn on the seat heating in 10 minutes", "driver")
    assert past["jobs"] == [] and past["actions"][0]["reason"] == "too_many_jobs"
    assert "16 timers" in past["reply_text"]
    zh = say(c, "十分钟后打开座椅加热", "driver")
    assert zh["actions"][0]["reason"] == "too_many_jobs" and "16个定时" in zh["reply_text"]
    assert len([j for j in c.get("/api/v1/jobs").json()["jobs"] if j["status"] == "pending"]) == 16


def test_a_timed_command_beside_chat_is_set_and_not_called_left_alone(car):
    c, _ = car
    reply = say(c, "turn on the seat heating in 10 minutes and tell me a joke", "driver")
    assert len(reply["jobs"]) == 1 and reply["handled_by"] == "local"
    assert "leaving" not in reply["reply_text"] and "will be set to level 2 in 10 minutes" in reply["reply_text"]
