"""Issue 8 defect l: sessions are bounded in number and stored turns (the
person's words) follow the audit's retention. Through the real service and
the real SQLite store; nothing here is mocked but the clock of old rows."""

from __future__ import annotations

import sqlite3
import time

from app.store import Store
from tests.service.harness import start_subprocess


def test_sessions_beyond_the_bound_are_dropped_oldest_first_with_their_turns(tmp_path):
    svc = start_subprocess(tmp_path, ["--no-assistant", "--max-sessions", "10"])
    try:
        with svc.client() as c:
            first = c.post("/api/v1/sessions").json()["session_id"]
            assert c.post(f"/api/v1/sessions/{first}/messages", json={"text": "turn on the AC"}).status_code == 200
            ids = [c.post("/api/v1/sessions").json()["session_id"] for _ in range(105)]
            # the store prunes every 100 new sessions: the oldest went, with its turn
            r = c.get(f"/api/v1/sessions/{first}/messages")
            assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_session"
            assert c.get(f"/api/v1/sessions/{ids[-1]}/messages").status_code == 200
    finally:
        svc.stop()
    db = sqlite3.connect(svc.state_dir / "n7web.sqlite3")
    try:
        assert db.execute("SELECT COUNT(*) FROM turns WHERE session_id = ?", (first,)).fetchone()[0] == 0
        # pruned every 100 new sessions: never more than the bound plus the 99 since the last prune
        assert db.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 10 + (106 - 100)
    finally:
        db.close()


def test_stored_turns_follow_the_audit_retention(tmp_path):
    store = Store(tmp_path / "n7web.sqlite3", retention_days=1, max_sessions=10)
    try:
        store.add_session("s_old")
        store.start_turn("s_old", "t_old", None, "voice", "open my window", "rear_left")
        store.finish_turn("t_old", {"status": "applied"})
        store.start_turn("s_old", "t_new", None, "voice", "close my window", "rear_left")
        store.finish_turn("t_new", {"status": "applied"})
        two_days_ago = time.time() - 2 * 86400
        with store._lock:  # age one turn past the retention, as if two days had passed
            store._db.execute("UPDATE turns SET created_at = ? WHERE turn_id = 't_old'", (two_days_ago,))
        store.prune()
        with store._lock:
            left = [r[0] for r in store._db.execute("SELECT turn_id FROM turns ORDER BY turn_id")]
        assert left == ["t_new"]
    finally:
        store.close()


def test_connections_beyond_the_bound_are_answered_503_and_the_service_recovers(tmp_path):
    """200 requests held open (their bodies never arrive) fill the service; the
    next request gets 503 at once instead of queueing without bound, and once
    the held ones go, the service answers again."""
    import socket

    svc = start_subprocess(tmp_path)
    held: list[socket.socket] = []
    try:
        request = (
            f"POST /api/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1:{svc.port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        ).encode()
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", svc.port), timeout=5)
            s.sendall(request)  # the body never comes: the request stays in flight
            held.append(s)
        time.sleep(0.5)
        with svc.client() as c:
            assert c.get("/healthz").status_code == 503
        for s in held:
            s.close()
        held.clear()
        deadline = time.monotonic() + 10
        while True:
            with svc.client() as c:
                if c.get("/healthz").status_code == 200:
                    break
            assert time.monotonic() < deadline, "the service did not recover after the held connections closed"
            time.sleep(0.2)
    finally:
        for s in held:
            s.close()
        svc.stop()
