"""Durable records in SQLite (WAL): sessions, turns (history and replays) and
the audit of every decision.

A decision row is written and committed *before* any frame leaves, with
``outcome_recorded = 0``; the outcome (statuses, frames as hex) is written
after. A row still at 0 after a crash reads as incomplete: the audit never
claims an outcome it did not see. Tokens are never stored.

One connection guarded by a lock: writes are tiny and SQLite serialises them
anyway; WAL keeps readers from blocking the writer.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS turns (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL,
    turn_id TEXT NOT NULL UNIQUE,
    client_message_id TEXT,
    source TEXT NOT NULL,
    text TEXT NOT NULL,
    reply TEXT,
    created_at REAL NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS turns_client_id ON turns(session_id, client_message_id)
    WHERE client_message_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    time REAL NOT NULL,
    session_id TEXT,
    turn_id TEXT,
    utterance TEXT,
    handled_by TEXT NOT NULL,
    planned TEXT NOT NULL,
    actions TEXT,
    outcome_recorded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS decisions_time ON decisions(time);
"""


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    """Sessions, turns and decisions; every method is one short transaction."""

    def __init__(self, path: Path, retention_days: int = 30, max_decisions: int = 100_000) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self.retention_days = retention_days
        self.max_decisions = max_decisions
        self._inserts = 0
        self.prune()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- sessions ------------------------------------------------------------
    def add_session(self, session_id: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO sessions(id, created_at) VALUES (?, ?)", (session_id, time.time()))

    def has_session(self, session_id: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is not None

    # -- turns ---------------------------------------------------------------
    def start_turn(self, session_id: str, turn_id: str, client_message_id: str | None, source: str, text: str) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO turns(session_id, turn_id, client_message_id, source, text, created_at) VALUES (?,?,?,?,?,?)",
                (session_id, turn_id, client_message_id, source, text, time.time()),
            )

    def finish_turn(self, turn_id: str, reply: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("UPDATE turns SET reply = ? WHERE turn_id = ?", (json.dumps(reply, ensure_ascii=False), turn_id))

    def replay(self, session_id: str, client_message_id: str) -> dict[str, Any] | None | bool:
        """The recorded Reply for a client message id; True if the turn is still open; None if new."""
        with self._lock:
            row = self._db.execute(
                "SELECT reply FROM turns WHERE session_id = ? AND client_message_id = ?", (session_id, client_message_id)
            ).fetchone()
        if row is None:
            return None
        return json.loads(row[0]) if row[0] else True

    def history(self, session_id: str, limit: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT turn_id, source, text, reply, created_at FROM turns WHERE session_id = ? ORDER BY seq DESC LIMIT ?",
                (session_id, limit),
            ).fetchall()
        out = []
        for turn_id, source, text, reply, created in reversed(rows):
            out.append({"turn_id": turn_id, "source": source, "text": text, "time": iso(created),
                        "reply": json.loads(reply) if reply else None})
        return out

    # -- decisions -----------------------------------------------------------
    def record_decision(self, session_id: str | None, turn_id: str | None, utterance: str | None,
                        handled_by: str, planned: list[dict[str, Any]]) -> int:
        """Write the decision before anything is sent; returns its id."""
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO decisions(time, session_id, turn_id, utterance, handled_by, planned) VALUES (?,?,?,?,?,?)",
                (time.time(), session_id, turn_id, utterance, handled_by, json.dumps(planned, ensure_ascii=False)),
            )
            self._inserts += 1
            decision_id = int(cur.lastrowid or 0)
        if self._inserts % 1000 == 0:
            self.prune()
        return decision_id

    def record_outcome(self, decision_id: int, actions: list[dict[str, Any]]) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE decisions SET actions = ?, outcome_recorded = 1 WHERE id = ?",
                (json.dumps(actions, ensure_ascii=False), decision_id),
            )

    def audit(self, limit: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, time, session_id, turn_id, utterance, handled_by, planned, actions, outcome_recorded "
                "FROM decisions ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        out = []
        for did, ts, sid, tid, utt, hb, planned, actions, done in rows:
            out.append({
                "id": did, "time": iso(ts), "session_id": sid, "turn_id": tid, "utterance": utt,
                "handled_by": hb, "outcome_recorded": bool(done),
                "actions": json.loads(actions) if actions else json.loads(planned),
            })
        return out

    def prune(self) -> int:
        """Retention: drop decisions older than the limit or beyond the count."""
        cutoff = time.time() - self.retention_days * 86400
        with self._lock:
            n = self._db.execute("DELETE FROM decisions WHERE time < ?", (cutoff,)).rowcount
            n += self._db.execute(
                "DELETE FROM decisions WHERE id <= (SELECT id FROM decisions ORDER BY id DESC LIMIT 1 OFFSET ?)",
                (self.max_decisions,),
            ).rowcount
        return n
