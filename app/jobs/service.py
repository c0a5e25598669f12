"""The jobs' owner in a running service: create, list, cancel, and the one scheduler task.

:class:`Jobs` is built by the runtime and started in the lifespan. The
scheduler is one asyncio task (no thread per job): it keeps the pending
jobs' due times in memory, sleeps until the soonest one (or until a new
job or a cancel wakes it) and fires what is due in order. Its clock is
injected; :meth:`Jobs.run_due` fires what is due at the clock's now, so
the rules are tested without sleeping.

Every store call runs on the job store's thread, and every executor run on
the executor's bounded pool (:class:`app.turn.BusRuns`): the event loop
never waits on either.

At start (DESIGN section 5a): a job that came due while the service was
down runs only if it is at most :data:`~.model.LATE_LIMIT_S` late, else it
is ``missed``, announced on the next event stream (``job.missed``) and in
``GET /api/v1/jobs``. A job whose run the last process did not finish
(claimed, then killed) is ended as fired with a note, never run twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from .clock import Clock, SystemClock, local_hhmm
from .fire import Firing
from .model import LATE_LIMIT_S, Job, JobStatus, new_id
from .store import AsyncJobStore, JobStore, TooManyJobs
from .wording import names, say

log = logging.getLogger("n7web.jobs")

__all__ = ["Jobs", "TooManyJobs", "new_id"]


class NotPending(Exception):
    """The job has ended (fired, refused, missed or cancelled): nothing to cancel."""


class Jobs:
    def __init__(self, store: JobStore, firing: Firing, publish: Any, clock: Clock | None = None) -> None:
        self.db = AsyncJobStore(store)
        self.firing = firing
        self.publish = publish
        """``publish(event, data)``: the event hub's, thread-safe."""
        self.clock: Clock = clock or SystemClock()
        self._due: dict[str, float] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def catalog(self) -> Any:
        return self.firing.catalog

    # -- lifetime -----------------------------------------------------------------
    async def start(self, run: bool = True) -> None:
        """Load the open jobs and apply the restart rules; ``run=False`` starts no task (tests)."""
        now = self.clock.now()
        for job in await self.db.call("open_jobs"):
            if job.status == JobStatus.FIRING:
                job.status, job.ended_at = JobStatus.FIRED, now
                job.message = say("interrupted", job.language, what=names(self.catalog, job.actions, job.language))
                await self.db.call("end", job, (JobStatus.FIRING,))
            elif job.due_at < now - LATE_LIMIT_S:
                job.status, job.ended_at, job.announced = JobStatus.MISSED, now, False
                what = names(self.catalog, job.actions, job.language)
                job.message = say("missed", job.language, what=what, time=local_hhmm(job.due_at))
                if await self.db.call("end", job, (JobStatus.PENDING,)):
                    self.publish("job.missed", job.to_json())
            else:
                self._due[job.id] = job.due_at
        if run:
            self._task = asyncio.create_task(self._loop(), name="n7web-jobs")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def close(self) -> None:
        """The store's thread and connection (the runtime's teardown, after :meth:`stop`)."""
        self.db.shutdown()

    # -- the scheduler ----------------------------------------------------------------
    async def _loop(self) -> None:
        while True:
            self._wake.clear()
            soonest = min(self._due.values(), default=None)
            now = self.clock.now()
            if soonest is not None and soonest <= now:
                try:
                    await self.run_due()
                except Exception:  # one bad job never stops the others
                    log.exception("firing jobs failed")
                continue
            timeout = None if soonest is None else soonest - now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)

    async def run_due(self) -> list[Job]:
        """Fire every job due at the clock's now; returns them as they ended.

        Jobs on the same physical member run one after another, soonest
        first (an "open" then a "close" keep their order); the others run at
        once, each on the executor's bounded pool, so sixteen jobs due
        together do not wait on each other's CAN confirmations.
        """
        now = self.clock.now()
        due = sorted((t, jid) for jid, t in self._due.items() if t <= now)
        claimed: list[Job] = []
        for _, jid in due:
            self._due.pop(jid, None)
            job = await self.db.call("get", jid)
            if job is None or job.status != JobStatus.PENDING or not await self.db.call("claim", jid):
                continue  # cancelled meanwhile
            claimed.append(job)
        chains = await asyncio.gather(*(self._chain(chain) for chain in self._chains(claimed)))
        return [job for chain in chains for job in chain]

    def _chains(self, jobs: list[Job]) -> list[list[Job]]:
        """The jobs grouped so that two that touch one physical member share a chain (in due order)."""
        chains: list[tuple[set[tuple[str, str]], list[Job]]] = []
        for job in jobs:
            keys = {
                key
                for a in job.actions
                if isinstance(a.get("capability"), str)
                for key in self.catalog.physical_controls(a["capability"], a.get("target"))
            }
            joined = [c for c in chains if c[0] & keys]
            merged_keys, merged = set(keys), []
            for c in joined:
                chains.remove(c)
                merged_keys |= c[0]
                merged += c[1]
            chains.append((merged_keys, sorted([*merged, job], key=lambda j: (j.due_at, j.created_at))))
        return [c[1] for c in chains]

    async def _chain(self, jobs: list[Job]) -> list[Job]:
        return [await self._fire(job) for job in jobs]

    async def _fire(self, job: Job) -> Job:
        job.fired_at = self.clock.now()
        restore: Job | None = None
        try:
            job.results, job.message, restore = await self.firing.fire(job, new_id)
        except Exception:
            log.exception("job %s failed to run", job.id)
            job.results, job.message = [], None
        ran = any(
            m.get("status") in ("applied", "unconfirmed", "dry_run")
            for a in job.results or []
            for m in a.get("members") or [a]
        )
        job.status = JobStatus.FIRED if ran or (job.kind == "restore" and not job.results) else JobStatus.REFUSED
        job.ended_at = self.clock.now()
        if restore is not None:
            await self.db.call("add", [restore], False)  # the act's own slot passes to its restore
            self._schedule(restore)
        await self.db.call("end", job, (JobStatus.FIRING,))
        self.publish("job.fired", job.to_json())
        if restore is not None:
            self.publish("job.scheduled", restore.to_json())
        return job

    def _schedule(self, job: Job) -> None:
        self._due[job.id] = job.due_at
        self._wake.set()

    # -- what the turn, the routes and the event stream call ---------------------------------
    async def add(self, job: Job) -> None:
        """Store a new pending job and wake the scheduler; :class:`TooManyJobs` at the bound."""
        await self.db.call("add", [job])
        self._schedule(job)
        self.publish("job.scheduled", job.to_json())

    async def pending_count(self) -> int:
        return int(await self.db.call("pending_count"))

    async def pending(self) -> list[Job]:
        return [j for j in await self.db.call("open_jobs") if j.status == JobStatus.PENDING]

    async def listing(self) -> list[Job]:
        return list(await self.db.call("listing"))

    async def cancel(self, job_id: str) -> Job | None:
        """Cancel a pending job: the Job, None when unknown, :class:`NotPending` when it has ended."""
        job = await self.db.call("get", job_id)
        if job is None:
            return None
        if job.status != JobStatus.PENDING:
            raise NotPending(job)
        job.status, job.ended_at = JobStatus.CANCELLED, self.clock.now()
        if not await self.db.call("end", job, (JobStatus.PENDING,)):
            raise NotPending(await self.db.call("get", job_id))
        self._due.pop(job_id, None)
        self._wake.set()
        self.publish("job.cancelled", job.to_json())
        return job

    async def unannounced(self) -> list[Job]:
        """Missed jobs no event stream has been told of; from now on they count as told."""
        jobs = list(await self.db.call("unannounced"))
        if jobs:
            await self.db.call("mark_announced", [j.id for j in jobs])
        return jobs

    def due_times(self) -> dict[str, float]:
        """The scheduler's pending due times (for tests and the bench)."""
        return dict(self._due)
