"""The ``jobs`` table, in the same SQLite file as the service's store (DESIGN section 5a).

Its own connection to the file (WAL: the audit's writers and this one do
not block each other's readers), one lock, one short transaction per call,
as :mod:`app.store` does. The event loop never calls :class:`JobStore`
directly: :class:`AsyncJobStore` runs each call on one thread of its own.

The bound of pending jobs is checked and the job inserted in one
``BEGIN IMMEDIATE`` transaction, so two turns at once never make a 17th.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .model import COLUMNS, ENDED_SHOWN, MAX_PENDING, Job, JobStatus

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    kind TEXT NOT NULL,
    due_at REAL NOT NULL,
    for_s REAL,
    seat TEXT,
    language TEXT NOT NULL,
    voice INTEGER NOT NULL,
    session_id TEXT,
    turn_id TEXT,
    utterance TEXT NOT NULL,
    actions TEXT NOT NULL,
    results TEXT,
    message TEXT,
    extra TEXT,
    created_at REAL NOT NULL,
    ended_at REAL,
    fired_at REAL,
    announced INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs(status, due_at);
"""

#: Ended jobs kept in the table (the newest); older ones are dropped.
ENDED_KEPT = 500
_OPEN = (JobStatus.PENDING.value, JobStatus.FIRING.value)


class TooManyJobs(Exception):
    """The vehicle already has :data:`MAX_PENDING` pending jobs."""


class JobStore:
    def __init__(self, path: Path, max_pending: int = MAX_PENDING) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self.max_pending = max_pending

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add(self, jobs: list[Job], bounded: bool = True) -> None:
        """Insert jobs, all or none; :class:`TooManyJobs` when they would pass the bound."""
        marks = ",".join("?" * len(COLUMNS.split(",")))
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if bounded:
                    (pending,) = self._db.execute("SELECT COUNT(*) FROM jobs WHERE status IN (?, ?)", _OPEN).fetchone()
                    if pending + len(jobs) > self.max_pending:
                        raise TooManyJobs(pending)
                self._db.executemany(f"INSERT INTO jobs({COLUMNS}) VALUES ({marks})", [j.row() for j in jobs])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def pending_count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM jobs WHERE status IN (?, ?)", _OPEN).fetchone()[0])

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            row = self._db.execute(f"SELECT {COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return Job.from_row(row) if row else None

    def open_jobs(self) -> list[Job]:
        """Pending and claimed jobs, soonest first."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {COLUMNS} FROM jobs WHERE status IN (?, ?) ORDER BY due_at, created_at", _OPEN
            ).fetchall()
        return [Job.from_row(r) for r in rows]

    def listing(self, ended: int = ENDED_SHOWN) -> list[Job]:
        """Pending first (soonest first), then the newest ``ended`` ended ones."""
        with self._lock:
            rows = self._db.execute(
                f"SELECT {COLUMNS} FROM jobs WHERE status IN (?, ?) ORDER BY due_at, created_at", _OPEN
            ).fetchall()
            rows += self._db.execute(
                f"SELECT {COLUMNS} FROM jobs WHERE status NOT IN (?, ?) ORDER BY ended_at DESC LIMIT ?",
                (*_OPEN, ended),
            ).fetchall()
        return [Job.from_row(r) for r in rows]

    def claim(self, job_id: str) -> bool:
        """Pending -> firing, only if still pending (a cancel that won keeps it cancelled)."""
        with self._lock:
            cur = self._db.execute(
                "UPDATE jobs SET status = ? WHERE id = ? AND status = ?",
                (JobStatus.FIRING.value, job_id, JobStatus.PENDING.value),
            )
        return cur.rowcount == 1

    def end(self, job: Job, expect: tuple[JobStatus, ...] = (JobStatus.PENDING, JobStatus.FIRING)) -> bool:
        """Write a job's end (status, results, message, times) if it is still in one of ``expect``."""
        marks = ",".join("?" * len(expect))
        with self._lock:
            cur = self._db.execute(
                f"UPDATE jobs SET status = ?, results = ?, message = ?, ended_at = ?, fired_at = ?, announced = ? "
                f"WHERE id = ? AND status IN ({marks})",
                (
                    job.status.value,
                    job.row()[12],
                    job.message,
                    job.ended_at,
                    job.fired_at,
                    int(job.announced),
                    job.id,
                    *(s.value for s in expect),
                ),
            )
            self._db.execute(
                "DELETE FROM jobs WHERE status NOT IN (?, ?) AND id NOT IN "
                "(SELECT id FROM jobs WHERE status NOT IN (?, ?) ORDER BY ended_at DESC LIMIT ?)",
                (*_OPEN, *_OPEN, ENDED_KEPT),
            )
        return cur.rowcount == 1

    def unannounced(self) -> list[Job]:
        """Missed jobs no event stream has been told of, oldest first."""
        with self._lock:
            rows = self._db.execute(f"SELECT {COLUMNS} FROM jobs WHERE announced = 0 ORDER BY due_at", ()).fetchall()
        return [Job.from_row(r) for r in rows]

    def mark_announced(self, ids: list[str]) -> None:
        with self._lock:
            self._db.executemany("UPDATE jobs SET announced = 1 WHERE id = ?", [(i,) for i in ids])


class AsyncJobStore:
    """The event loop's view: every call on the store's own thread."""

    def __init__(self, store: JobStore) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="n7web-jobs")

    async def call(self, name: str, *args: Any, **kw: Any) -> Any:
        fn = functools.partial(getattr(self.store, name), *args, **kw)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        self.store.close()
