"""kill -9 of a real ``n7web serve`` with a timed command pending (DESIGN section 5a):
the job is in the database before the reply is sent, so the next start on
the same state dir finds it and fires it on time."""

from __future__ import annotations

import signal
import time

import httpx
import pytest

from .harness import start_subprocess

pytestmark = pytest.mark.e2e


def test_a_pending_job_survives_kill_9(tmp_path):
    svc = start_subprocess(tmp_path)
    try:
        with httpx.Client(base_url=svc.base, timeout=10) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            reply = c.post(
                f"/api/v1/sessions/{sid}/messages",
                json={"text": "turn on the seat heating in 5 seconds", "seat": "driver"},
            ).json()
            (job,) = reply["jobs"]
        assert svc.proc is not None
        svc.proc.send_signal(signal.SIGKILL)
        svc.proc.wait(10)
    finally:
        svc.stop()
    again = start_subprocess(tmp_path)
    try:
        with httpx.Client(base_url=again.base, timeout=10) as c:
            deadline = time.monotonic() + 15
            status = "pending"
            while status == "pending" and time.monotonic() < deadline:
                time.sleep(0.1)
                status = next(j for j in c.get("/api/v1/jobs").json()["jobs"] if j["id"] == job["id"])["status"]
            assert status == "fired"
            heating = c.get("/api/v1/vehicle/state").json()["controls"]["seat.set_heating"]["driver"]
            assert heating == {"level": 2}
            audit = c.get("/api/v1/audit?limit=10").json()["decisions"]
            assert any(d["turn_id"] == job["id"] and d["handled_by"] == "schedule" for d in audit)
    finally:
        again.stop()
