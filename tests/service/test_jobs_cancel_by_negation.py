"""A pending timer is cancelled by what the person says next (DESIGN section 5a, section 4).

"open the sunroof in 10 minutes", then "don't open the sunroof" / "别开天窗":
the timer is cancelled (only one going that way, only one the speaking seat
may operate), the reply names it and ``job.cancelled`` goes out; nothing is
sent on the bus. A bare take-back ("never mind", "算了", "cancel that") as
the very next turn of the same session, within the follow-up window,
cancels the timers that turn set, and only those.

Through the real service: the in-process app, the ``virtual`` bus and the
ECU simulator. The jobs' clock is the test's (as in ``test_jobs_rules``):
a job set "in 10 minutes" comes due when the test moves the clock and runs
:meth:`Jobs.run_due`, what the scheduler task calls at that moment.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from .test_jobs_live import Events

SUNROOF = ("sunroof.set_position", "cabin")
WINDOW = "window.set_position"


class Clock:
    def __init__(self, now: float) -> None:
        self.t = now

    def now(self) -> float:
        return self.t


def _pending(c: Any) -> dict[str, dict[str, Any]]:
    return {j["id"]: j for j in c.get("/api/v1/jobs").json()["jobs"] if j["status"] == "pending"}


def _cancel_all(c: Any) -> None:
    for job_id in _pending(c):
        c.delete(f"/api/v1/jobs/{job_id}")


@pytest.fixture
def car(service):
    jobs = service.runtime.jobs
    with service.client() as c:
        _cancel_all(c)
        system, jobs.clock = jobs.clock, Clock(float(round(time.time())))
        streams = service.runtime.hub.subscribers
        events = Events(service)
        try:
            yield c, events, jobs
        finally:
            events.close()
            deadline = time.monotonic() + 5
            while service.runtime.hub.subscribers > streams and time.monotonic() < deadline:
                time.sleep(0.02)
            _cancel_all(c)
            jobs.clock = system


def session(c: Any) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def say(c: Any, sid: str, text: str, seat: str | None = "driver") -> dict[str, Any]:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, "seat": seat})
    assert r.status_code == 200, r.text
    return r.json()


def timer(c: Any, sid: str, text: str, seat: str | None = "driver") -> str:
    """Set one timer; its id."""
    reply = say(c, sid, text, seat)
    (job,) = reply["jobs"]
    assert job["status"] == "pending" and reply["actions"] == [], reply
    return str(job["id"])


def cancelled(reply: dict[str, Any]) -> list[str]:
    assert all(j["status"] == "cancelled" for j in reply["jobs"]), reply
    return [j["id"] for j in reply["jobs"]]


def shown(c: Any, capability: str, member: str) -> dict[str, Any]:
    return dict(c.get("/api/v1/vehicle/state").json()["controls"][capability][member])


def test_a_negation_in_english_or_chinese_cancels_the_pending_timer(car):
    c, events, _ = car
    sid = session(c)
    en = timer(c, sid, "open the sunroof in 10 minutes")
    reply = say(c, sid, "don't open the sunroof")
    assert cancelled(reply) == [en]
    assert reply["reply_text"] == "Cancelled the timer for the sunroof."
    assert reply["actions"] == [] and reply["handled_by"] == "local"
    zh = timer(c, sid, "十分钟后打开天窗")
    other = session(c)  # any session of the car: the timer is the car's
    reply = say(c, other, "别开天窗")
    assert cancelled(reply) == [zh] and reply["reply_text"] == "已取消天窗的定时。"
    assert set(events.wait("job.cancelled", {en, zh})) == {en, zh}
    assert _pending(c) == {}


def test_a_negation_cancels_only_timers_going_its_way(car):
    c, _, _ = car
    sid = session(c)
    sunroof = timer(c, sid, "open the sunroof in 10 minutes")
    window = timer(c, sid, "close the driver window in 10 minutes")
    for text in ("don't close the sunroof", "别关天窗", "don't open the window"):
        reply = say(c, sid, text)
        assert reply["jobs"] == [], (text, reply)
        assert "Cancelled" not in reply["reply_text"] and "取消" not in reply["reply_text"]
    assert set(_pending(c)) == {sunroof, window}
    reply = say(c, sid, "don't close the window")
    assert cancelled(reply) == [window] and reply["reply_text"] == "Cancelled the timer for the driver window."
    assert set(_pending(c)) == {sunroof}


def test_a_rear_passenger_cancels_only_its_own_timers(car):
    c, events, _ = car
    sid = session(c)
    sunroof = timer(c, sid, "open the sunroof in 10 minutes", "driver")
    driver = timer(c, sid, "open the driver window in 10 minutes", "driver")
    rear = timer(c, sid, "open my window in 10 minutes", "rear_left")
    refused = say(c, sid, "don't open the sunroof", "rear_left")
    assert refused["jobs"] == [] and refused["reply_text"] == "The sunroof timer can't be cancelled from this seat."
    reply = say(c, sid, "don't open the window", "rear_left")
    assert cancelled(reply) == [rear]
    assert reply["reply_text"] == (
        "Cancelled the timer for the rear left window. The driver window timer can't be cancelled from this seat."
    )
    assert set(_pending(c)) == {sunroof, driver}
    assert set(events.wait("job.cancelled", {rear})) == {rear}
    assert [n for n, d in events.seen if n == "job.cancelled"] == ["job.cancelled"]


def test_a_negation_beside_a_command_cancels_the_timer_and_the_command_acts(car):
    c, _, _ = car
    sid = session(c)
    sunroof = timer(c, sid, "open the sunroof in 10 minutes")
    reply = say(c, sid, "don't open the sunroof, open the window instead")
    assert cancelled(reply) == [sunroof]
    (window,) = reply["actions"]
    assert window["capability"] == WINDOW and window["target"] == "driver" and window["status"] == "applied"
    assert reply["reply_text"] == "Cancelled the timer for the sunroof. Driver window opened."
    assert shown(c, WINDOW, "driver") == {"open_percent": 100}
    c.post("/api/v1/actions", json={"capability": WINDOW, "target": "driver", "parameters": {"open_percent": 0}})


@pytest.mark.parametrize(
    ("setting", "retraction", "said"),
    [
        ("open the sunroof in 10 minutes", "never mind", "Cancelled the timer for the sunroof."),
        ("open the sunroof in 10 minutes", "cancel that", "Cancelled the timer for the sunroof."),
        ("open the sunroof in 10 minutes", "scratch that", "Cancelled the timer for the sunroof."),
        ("十分钟后打开天窗", "算了", "已取消天窗的定时。"),
        ("十分钟后打开天窗", "取消", "已取消天窗的定时。"),
    ],
)
def test_a_bare_retraction_right_after_cancels_what_that_turn_set(car, setting, retraction, said):
    c, events, _ = car
    sid = session(c)
    job = timer(c, sid, setting)
    reply = say(c, sid, retraction)
    assert cancelled(reply) == [job] and reply["reply_text"] == said
    assert set(events.wait("job.cancelled", {job})) == {job}
    assert _pending(c) == {}


def test_a_retraction_cancels_nothing_but_the_last_turns_own_timers(car):
    c, _, jobs = car
    sid = session(c)
    sunroof = timer(c, sid, "open the sunroof in 10 minutes")
    asked = say(c, sid, "is the AC on")  # a turn that sets no timer
    assert asked["jobs"] == [] and asked["actions"] == []
    assert say(c, sid, "never mind")["jobs"] == []
    elsewhere = session(c)
    window = timer(c, sid, "open the driver window in 10 minutes")
    assert say(c, elsewhere, "never mind")["jobs"] == []  # another session's take-back
    assert set(_pending(c)) == {sunroof, window}
    heating = timer(c, sid, "十分钟后打开座椅加热")
    jobs.clock.t += 61  # past the follow-up window: no longer "right after"
    assert say(c, sid, "算了")["jobs"] == []
    assert set(_pending(c)) == {sunroof, window, heating}
    tailgate = timer(c, sid, "open the tailgate in 10 minutes")
    reply = say(c, sid, "never mind")
    assert cancelled(reply) == [tailgate] and reply["reply_text"] == "Cancelled the timer for the tailgate."
    assert set(_pending(c)) == {sunroof, window, heating}


def test_a_cancelled_timer_never_fires_and_nothing_is_sent(car, service, command_ids):
    c, events, jobs = car
    sid = session(c)
    sunroof = timer(c, sid, "十分钟后打开天窗")
    assert cancelled(say(c, sid, "不要打开天窗")) == [sunroof]
    tailgate = timer(c, sid, "open the tailgate in 10 minutes")
    assert cancelled(say(c, sid, "never mind")) == [tailgate]
    sent = service.command_frames(command_ids)
    jobs.clock.t += 601  # both were due by now
    assert asyncio.run(jobs.run_due()) == []
    assert service.command_frames(command_ids) == sent
    assert shown(c, *SUNROOF)["open_percent"] == 0 and shown(c, "tailgate.set", "cabin")["open"] is False
    listed = {j["id"]: j["status"] for j in c.get("/api/v1/jobs").json()["jobs"]}
    assert listed[sunroof] == listed[tailgate] == "cancelled"
    assert not [d for n, d in events.seen if n == "job.fired" and d["id"] in {sunroof, tailgate}]


def test_a_member_left_out_of_a_command_cancels_no_timer(car):
    """ "open all windows except the driver's" says what happens now, not that the driver's window timer
    is withdrawn (it was cancelled); the other windows open, the timer stays."""
    c, _, _ = car
    sid = session(c)
    job = timer(c, sid, "open the driver window in 10 minutes")
    reply = say(c, sid, "open all windows except the driver's")
    assert [a["target"] for a in reply["actions"] if a["status"] == "applied"] != [], reply
    assert job in _pending(c), reply
