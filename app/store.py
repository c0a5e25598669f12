"""Durable records in SQLite (WAL): sessions, turns (history and replays) and
the audit of every decision.

A decision row is written and committed *before* any frame leaves, with
``outcome_recorded = 0``; the outcome (statuses, frames as hex) is written
after. A row still at 0 after a crash reads as incomplete: the audit never
claims an outcome it did not see. Tokens are never stored.

One connection guarded by a lock: writes are tiny and SQLite serialises them
anyway; WAL keeps readers from blocking the writer. The lock and a write
lock held by another process block the *calling thread*, so the event loop
never waits on :class:`Store`: it goes through :class:`AsyncStore`, which
first tries a one-statement call at once (:meth:`Store.try_now`: our lock
free, a second connection that never waits for SQLite's lock and never
checkpoints) and only when that would wait hands the call to its own small
thread pool. A turn then costs no thread hop for its bookkeeping, and a
database write-locked by another process still delays nobody but its caller.
The write-ahead log is checkpointed on the store's threads through a third
connection, outside the lock: a checkpoint syncs the files (tens of
milliseconds on a slow disk) and no write waits for it.

Bounds: sessions beyond ``max_sessions`` (oldest first) are dropped with
their turns; turns' words follow the audit's retention in days.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

log = logging.getLogger("n7web.store")

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
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


#: The database holds every utterance: owner read/write only, the journals too.
DB_FILE_MODE = 0o600
JOURNALS = ("-wal", "-shm", "-journal")


def private_files(path: Path) -> None:
    """Create the database file 0600 (before SQLite does, which would follow the
    umask) and tighten it and any journal left from an earlier run to 0600.

    SQLite creates its ``-wal`` and ``-shm`` files with the database file's
    mode, so they are 0600 from then on too.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, DB_FILE_MODE)
    try:
        os.fchmod(fd, DB_FILE_MODE)
    finally:
        os.close(fd)
    for suffix in JOURNALS:
        journal = path.with_name(path.name + suffix)
        try:
            fd = os.open(journal, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            continue
        try:
            os.fchmod(fd, DB_FILE_MODE)
        finally:
            os.close(fd)


class Store:
    """Sessions, turns and decisions; every method is one short transaction."""

    def __init__(
        self, path: Path, retention_days: int = 30, max_decisions: int = 100_000, max_sessions: int = 10_000
    ) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        private_files(path)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._waiting_db = self._db
        # The connection of try_now(): busy timeout 0 (SQLITE_BUSY at once
        # instead of waiting) and no automatic checkpoint (a checkpoint syncs
        # the file: that belongs on the store's threads, see checkpoint()).
        self._now_db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=0)
        self._now_db.execute("PRAGMA synchronous=NORMAL")
        self._now_db.execute("PRAGMA wal_autocheckpoint=0")
        # The connection of checkpoint(), under a lock of its own: a PASSIVE
        # checkpoint takes no write lock, so writers go on while it syncs.
        self._checkpoint_db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=0)
        self._checkpoint_lock = threading.Lock()
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(turns)")}
        if "seat" not in columns:  # a database from before seats
            self._db.execute("ALTER TABLE turns ADD COLUMN seat TEXT")
        if "before" not in columns:  # values confirmed just before a turn acted (undo)
            self._db.execute("ALTER TABLE turns ADD COLUMN before TEXT")
        # Re-entrant: try_now() holds it while the method it runs takes it again.
        self._lock = threading.RLock()
        self.retention_days = retention_days
        self.max_decisions = max_decisions
        self.max_sessions = max_sessions
        self._sessions_added = 0
        self._inserts = 0
        self.prune()

    def close(self) -> None:
        with self._checkpoint_lock, self._lock:
            self._checkpoint_db.close()
            self._now_db.close()
            self._waiting_db.close()

    #: Methods that are one SQL statement (atomic in autocommit mode): a busy
    #: database refuses them whole, so they may be tried at once and, when
    #: refused, run again on a thread that waits.
    NOW = frozenset({"has_session", "start_turn", "finish_turn", "replay", "last_acting_turn", "history"})

    def try_now(self, name: str, *args: Any, **kw: Any) -> tuple[bool, Any]:
        """Run the one-statement method ``name`` only if that cannot wait.

        ``(True, result)`` when it ran; ``(False, None)`` when it would have
        had to wait (our lock held by another thread, or SQLite's lock by
        another connection): nothing was written, call it the waiting way.
        """
        if name not in self.NOW or not self._lock.acquire(blocking=False):
            return False, None
        try:
            self._db = self._now_db  # only the lock's holder uses self._db
            return True, getattr(self, name)(*args, **kw)
        except sqlite3.OperationalError:  # busy, locked or worse: the waiting call says which
            return False, None
        finally:
            self._db = self._waiting_db
            self._lock.release()

    def checkpoint(self) -> None:
        """Move the write-ahead log into the database (try_now's connection never does).

        On its own connection and not under the store's lock: the audit row
        a send waits for is never held up behind the sync.
        """
        with self._checkpoint_lock:
            self._checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    # -- sessions ------------------------------------------------------------
    def add_session(self, session_id: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO sessions(id, created_at) VALUES (?, ?)", (session_id, time.time()))
            self._sessions_added += 1
        if self._sessions_added % 100 == 0:
            self.prune()

    def has_session(self, session_id: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is not None

    # -- turns ---------------------------------------------------------------
    def start_turn(
        self,
        session_id: str,
        turn_id: str,
        client_message_id: str | None,
        source: str,
        text: str,
        seat: str | None = None,
    ) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO turns(session_id, turn_id, client_message_id, source, text, seat, created_at) "
                "VALUES (?,?,?,?,?,?,?)",
                (session_id, turn_id, client_message_id, source, text, seat, time.time()),
            )

    def open_turns(self) -> list[dict[str, Any]]:
        """Turns started but never finished (the service died mid-flight)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT session_id, turn_id, client_message_id, text FROM turns WHERE reply IS NULL"
            ).fetchall()
        return [{"session_id": s, "turn_id": t, "client_message_id": c, "text": x} for s, t, c, x in rows]

    def turn_decisions(self, turn_id: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT planned, actions, outcome_recorded FROM decisions WHERE turn_id = ? ORDER BY id", (turn_id,)
            ).fetchall()
        return [
            {
                "actions": json.loads(actions) if done and actions else json.loads(planned),
                "outcome_recorded": bool(done),
            }
            for planned, actions, done in rows
        ]

    def finish_turn(self, turn_id: str, reply: dict[str, Any], before: dict[str, Any] | None = None) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE turns SET reply = ?, before = ? WHERE turn_id = ?",
                (
                    json.dumps(reply, ensure_ascii=False),
                    json.dumps(before, ensure_ascii=False) if before else None,
                    turn_id,
                ),
            )

    def last_acting_turn(self, session_id: str, within_s: float, exclude: str | None = None) -> dict[str, Any] | None:
        """The session's newest finished turn that applied something, if within ``within_s``."""
        with self._lock:
            row = self._db.execute(
                "SELECT reply, seat, before, text FROM turns WHERE session_id = ? AND turn_id != ? AND before IS NOT NULL "
                "AND reply IS NOT NULL AND created_at >= ? ORDER BY seq DESC LIMIT 1",
                (session_id, exclude or "", time.time() - within_s),
            ).fetchone()
        if row is None:
            return None
        return {"reply": json.loads(row[0]), "seat": row[1], "before": json.loads(row[2]), "text": row[3]}

    def replay(self, session_id: str, client_message_id: str) -> dict[str, Any] | None:
        """The turn recorded under a client message id, or None if the id is new.

        ``{"text", "seat", "reply"}``; ``reply`` is None while the turn is still
        open. The caller compares the words and seat: an idempotency key names
        one request (DESIGN section 6).
        """
        with self._lock:
            row = self._db.execute(
                "SELECT text, seat, reply FROM turns WHERE session_id = ? AND client_message_id = ?",
                (session_id, client_message_id),
            ).fetchone()
        if row is None:
            return None
        return {"text": row[0], "seat": row[1], "reply": json.loads(row[2]) if row[2] else None}

    def history(self, session_id: str, limit: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT turn_id, source, text, seat, reply, created_at FROM turns WHERE session_id = ? "
                "ORDER BY seq DESC LIMIT ?",
                (session_id, limit),
            ).fetchall()
        out = []
        for turn_id, source, text, seat, reply, created in reversed(rows):
            out.append(
                {
                    "turn_id": turn_id,
                    "source": source,
                    "text": text,
                    "seat": seat,
                    "time": iso(created),
                    "reply": json.loads(reply) if reply else None,
                }
            )
        return out

    # -- decisions -----------------------------------------------------------
    def record_decision(
        self,
        session_id: str | None,
        turn_id: str | None,
        utterance: str | None,
        handled_by: str,
        planned: list[dict[str, Any]],
    ) -> int:
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
                "SELECT d.id, d.time, d.session_id, d.turn_id, d.utterance, d.handled_by, d.planned, d.actions, "
                "d.outcome_recorded, t.seat, t.before FROM decisions d LEFT JOIN turns t ON t.turn_id = d.turn_id "
                "ORDER BY d.id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        out = []
        for did, ts, sid, tid, utt, hb, planned, actions, done, seat, before in rows:
            out.append(
                {
                    "id": did,
                    "time": iso(ts),
                    "session_id": sid,
                    "turn_id": tid,
                    "utterance": utt,
                    "seat": seat,
                    "confirmed_before": json.loads(before) if before else None,
                    "handled_by": hb,
                    "outcome_recorded": bool(done),
                    "actions": json.loads(actions) if actions else json.loads(planned),
                }
            )
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
            # the turns' words follow the audit's retention; sessions are bounded in number
            self._db.execute("DELETE FROM turns WHERE created_at < ? AND reply IS NOT NULL", (cutoff,))
            self._db.execute(
                "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY created_at DESC LIMIT -1 OFFSET ?)",
                (self.max_sessions,),
            )
            self._db.execute("DELETE FROM turns WHERE session_id NOT IN (SELECT id FROM sessions)")
        return n


class AsyncStore:
    """The event loop's view of the store: never waits on it.

    A one-statement call runs at once when nothing holds the database
    (:meth:`Store.try_now`, tens of microseconds); anything else, or a call
    that would wait, runs in the store's own threads. A database
    write-locked by another process then delays only the callers that need
    it; ``/healthz`` and the SSE streams keep answering.
    """

    #: try_now writes between two checkpoints on the store's threads.
    CHECKPOINT_EVERY = 200

    def __init__(self, store: Store, workers: int = 4) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="n7web-store")
        self._now_calls = 0

    async def call(self, name: str, *args: Any, **kw: Any) -> Any:
        done, result = self.store.try_now(name, *args, **kw)
        if done:
            self._now_calls += 1
            if self._now_calls % self.CHECKPOINT_EVERY == 0:
                with contextlib.suppress(RuntimeError):  # shutting down: the pool takes no more work
                    self._pool.submit(self._checkpoint)
            return result
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(getattr(self.store, name), *args, **kw))

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except sqlite3.Error as exc:  # a busy or closed database: the next one will do
            log.info("checkpoint skipped: %s", type(exc).__name__)

    def __getattr__(self, name: str) -> Callable[..., Any]:
        fn = getattr(self.store, name)
        if not callable(fn) or name.startswith("_"):
            raise AttributeError(name)
        return functools.partial(self.call, name)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
