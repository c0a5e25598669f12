"""Defects e and l of issue 8 through the real service: the event loop never
waits on the store or the bus, and the edge has bounds.

Timing here is a generous bound (< 2 s) that the old code broke by seconds:
the database stays locked for 4 s and a silent ECU holds each run for its 3 s
confirmation timeout, so a loop that waited on either would hold a probe for
about 3 s or more. The bound leaves room for a loaded CI machine (a probe took
1.27 s there once while the suite ran beside it); the exact figures come from
``bench/healthz_under_load.py`` (a few milliseconds).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time

import httpx

from .harness import start_subprocess

BOUND_S = 2.0


def _healthz_worst(base: str, seconds: float) -> float:
    worst, deadline = 0.0, time.monotonic() + seconds
    with httpx.Client(base_url=base, timeout=10) as c:
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            assert c.get("/healthz").status_code == 200
            worst = max(worst, time.perf_counter() - t0)
            time.sleep(0.05)
    return worst


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


def test_healthz_answers_while_another_process_write_locks_the_database(tmp_path):
    svc = start_subprocess(tmp_path)
    try:
        with svc.client(timeout=20) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            locker = subprocess.Popen(
                [sys.executable, "-c", LOCKER, str(svc.state_dir / "n7web.sqlite3"), "4"],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert locker.stdout.readline().strip() == "locked"
            replies: list = []
            writers = [
                threading.Thread(
                    target=lambda: replies.append(
                        c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "turn on the AC"}).status_code
                    )
                )
            ]
            writers.append(threading.Thread(target=lambda: replies.append(c.post("/api/v1/sessions").status_code)))
            for t in writers:
                t.start()
            time.sleep(0.2)  # both are now waiting on the write lock
            worst = _healthz_worst(svc.base, 2.0)
            locker.wait(10)
            locker.stdout.close()
            for t in writers:
                t.join(15)
            assert worst < BOUND_S, f"/healthz took {worst:.3f} s while the database was locked"
            assert sorted(replies) == [200, 201]  # the writers finished once the lock went
    finally:
        svc.stop()


def test_healthz_answers_while_sixty_turns_wait_on_a_silent_ecu(tmp_path):
    svc = start_subprocess(tmp_path, ["--no-assistant", "--simulator", "off", "--confirm-timeout-ms", "3000"])
    try:
        with svc.client(timeout=60, limits=httpx.Limits(max_connections=70)) as c:
            sids = [c.post("/api/v1/sessions").json()["session_id"] for _ in range(60)]
            statuses: list = []
            turns = [
                threading.Thread(
                    target=lambda s=s: statuses.append(
                        c.post(f"/api/v1/sessions/{s}/messages", json={"text": "open the driver window"}).json()[
                            "status"
                        ]
                    )
                )
                for s in sids
            ]
            for t in turns:
                t.start()
            time.sleep(0.3)
            worst = _healthz_worst(svc.base, 2.0)
            for t in turns:
                t.join(60)
            assert worst < BOUND_S, f"/healthz took {worst:.3f} s with 60 turns waiting on the bus"
            assert statuses == ["partially_applied"] * 60  # sent, never confirmed
    finally:
        svc.stop()


def test_sse_subscribers_are_bounded(service):
    from app.events import MAX_SUBSCRIBERS

    streams, clients = [], []
    try:
        for _ in range(MAX_SUBSCRIBERS):
            client = service.client(timeout=10)
            clients.append(client)
            ctx = client.stream("GET", "/api/v1/events")
            r = ctx.__enter__()
            streams.append(ctx)
            assert r.status_code == 200
        with service.client() as c:
            r = c.get("/api/v1/events")
            assert r.status_code == 503 and r.json()["error"]["code"] == "too_many_subscribers"
    finally:
        for ctx in streams:
            ctx.__exit__(None, None, None)
        for client in clients:
            client.close()


def test_slow_headers_are_cut_off(threaded, monkeypatch):
    from app.api.limits import BoundedHttpTools

    monkeypatch.setattr(BoundedHttpTools, "header_read_s", 0.5)
    with socket.create_connection(("127.0.0.1", threaded.port), timeout=5) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % threaded.port)
        t0 = time.monotonic()
        for _ in range(20):  # trickle a header, never finish
            try:
                s.sendall(b"X")
            except OSError:
                break
            time.sleep(0.1)
        try:
            closed = s.recv(1024) == b""
        except OSError:
            closed = True
        assert closed and time.monotonic() - t0 < 2.5
