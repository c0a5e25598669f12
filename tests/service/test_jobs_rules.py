"""The rules of timed commands (DESIGN section 5a) with an injected clock: no sleeping.

Each test builds its own :class:`app.jobs.service.Jobs` on a fresh jobs
table, over the shared service's real executor, bus and simulator (the
runs are real: audit rows, frames, the ECU's confirmation); only the clock
is the test's. The scheduler task is not started: :meth:`Jobs.run_due` is
what the task calls when the clock reaches a due time.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

from app.jobs.fire import Firing
from app.jobs.model import Job, JobStatus, new_id
from app.jobs.service import Jobs, NotPending
from app.jobs.store import JobStore, TooManyJobs

T0 = 1_900_000_000.0
HEAT = {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}}


class Clock:
    def __init__(self, now: float) -> None:
        self.t = now

    def now(self) -> float:
        return self.t


class Board:
    """What the scheduler published, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    def __call__(self, event: str, data: dict[str, Any]) -> None:
        self.events.append((event, data))

    def names(self) -> list[str]:
        return [e for e, _ in self.events]


def make_jobs(rt: Any, path: Any, clock: Clock, board: Board) -> Jobs:
    return Jobs(JobStore(path), Firing(rt.catalog, rt.state, rt.bus_runs), board, clock)


def act(due: float, actions: list[dict[str, Any]] | None = None, **kw: Any) -> Job:
    return Job(id=new_id(), due_at=due, actions=actions or [dict(HEAT)], utterance="test", created_at=T0, **kw)


def heating(c: Any, member: str = "passenger") -> int:
    return c.get("/api/v1/vehicle/state").json()["controls"]["seat.set_heating"][member]["level"]


def tap(c: Any, level: int, member: str = "passenger") -> None:
    body = {"capability": "seat.set_heating", "target": member, "parameters": {"level": level}}
    assert c.post("/api/v1/actions", json=body).json()["status"] in ("applied", "already_applied")


@pytest.fixture
def world(service, tmp_path):
    with service.client() as c:
        tap(c, 0)
        yield service.runtime, tmp_path / "jobs.db", c
        tap(c, 0)


def test_a_job_fires_when_due_and_not_before(world):
    rt, path, c = world
    clock, board = Clock(T0), Board()

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        job = act(T0 + 600)
        await jobs.add(job)
        clock.t = T0 + 599.9
        assert await jobs.run_due() == []
        assert heating(c) == 0
        clock.t = T0 + 600.0
        (fired,) = await jobs.run_due()
        assert fired.status == JobStatus.FIRED and fired.fired_at == T0 + 600.0
        assert fired.results[0]["status"] == "applied" and fired.results[0]["source"] == "schedule"
        assert await jobs.run_due() == []  # once
        jobs.close()

    asyncio.run(go())
    assert heating(c) == 3
    assert board.names() == ["job.scheduled", "job.fired"]
    audit = c.get("/api/v1/audit?limit=5").json()["decisions"]
    row = next(d for d in audit if d["handled_by"] == "schedule")
    assert row["actions"][0]["status"] == "applied" and row["actions"][0]["frames"]


def test_at_most_16_pending_jobs(world):
    rt, path, _ = world
    clock, board = Clock(T0), Board()

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        for i in range(16):
            await jobs.add(act(T0 + 100 + i))
        with pytest.raises(TooManyJobs):
            await jobs.add(act(T0 + 200))
        assert await jobs.pending_count() == 16
        # a cancelled one frees its place
        await jobs.cancel((await jobs.pending())[0].id)
        await jobs.add(act(T0 + 200))
        assert await jobs.pending_count() == 16
        jobs.close()

    asyncio.run(go())
    assert board.names().count("job.scheduled") == 17


def test_a_job_more_than_60_s_late_at_start_is_missed_and_announced_once(world):
    rt, path, c = world
    board = Board()

    async def go() -> None:
        first = make_jobs(rt, path, Clock(T0), board)
        await first.start(run=False)
        late, nearly = act(T0 + 10), act(T0 + 12)
        await first.add(late)
        await first.add(nearly)
        await first.stop()
        first.close()
        # the service was down; it starts again 60.5 s after the first was due
        again = make_jobs(rt, path, Clock(T0 + 70.5), board)
        await again.start(run=False)
        assert list(again.due_times()) == [nearly.id]  # 58.5 s late: still runs
        (missed,) = await again.unannounced()
        assert missed.id == late.id and missed.status == JobStatus.MISSED and missed.message
        assert await again.unannounced() == []  # told once
        listing = {j.id: j.status for j in await again.listing()}
        assert listing[late.id] == JobStatus.MISSED and listing[nearly.id] == JobStatus.PENDING
        (fired,) = await again.run_due()
        assert fired.id == nearly.id and fired.status == JobStatus.FIRED
        again.close()

    asyncio.run(go())
    assert board.names().count("job.missed") == 1
    assert heating(c) == 3  # the one in time ran, once


def test_a_job_the_last_process_was_running_is_not_run_again(world):
    rt, path, c = world
    board = Board()
    job = act(T0 + 5)

    async def go() -> None:
        first = make_jobs(rt, path, Clock(T0), board)
        await first.start(run=False)
        await first.add(job)
        assert await first.db.call("claim", job.id)  # claimed, then the process died
        first.close()
        again = make_jobs(rt, path, Clock(T0 + 6), board)
        await again.start(run=False)
        assert again.due_times() == {}
        (ended,) = [j for j in await again.listing() if j.id == job.id]
        assert ended.status == JobStatus.FIRED and ended.results is None and ended.message
        again.close()

    asyncio.run(go())
    assert heating(c) == 0


def test_for_s_restores_the_value_confirmed_before_unless_changed_since(world):
    rt, path, c = world
    tap(c, 1)
    tap(c, 1, "driver")
    clock, board = Clock(T0), Board()
    both = [dict(HEAT), {**HEAT, "target": "driver"}]

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        await jobs.add(act(T0 + 10, both, for_s=1200.0))
        clock.t = T0 + 10
        (fired,) = await jobs.run_due()
        assert fired.status == JobStatus.FIRED
        (restore_id,) = jobs.due_times()
        assert jobs.due_times()[restore_id] == T0 + 1210
        assert heating(c) == 3 and heating(c, "driver") == 3
        await asyncio.get_running_loop().run_in_executor(None, tap, c, 2, "driver")  # changed since
        clock.t = T0 + 1210
        (restored,) = await jobs.run_due()
        assert restored.kind == "restore" and restored.status == JobStatus.FIRED
        assert [(a["target"], a["parameters"]) for a in restored.results] == [("passenger", {"level": 1})]
        assert "driver" in restored.message.lower()
        jobs.close()

    asyncio.run(go())
    assert heating(c) == 1  # back to what it was
    assert heating(c, "driver") == 2  # left as the later change set it
    tap(c, 0, "driver")


def test_for_s_restore_with_everything_changed_since_sends_nothing(world):
    rt, path, c = world
    clock, board = Clock(T0), Board()

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        await jobs.add(act(T0 + 10, for_s=60.0))
        clock.t = T0 + 10
        await jobs.run_due()
        await asyncio.get_running_loop().run_in_executor(None, tap, c, 2)
        clock.t = T0 + 70
        (restored,) = await jobs.run_due()
        assert restored.results == [] and restored.status == JobStatus.FIRED
        assert "changed since" in restored.message
        jobs.close()

    asyncio.run(go())
    assert heating(c) == 2


def test_cancel(world):
    rt, path, c = world
    clock, board = Clock(T0), Board()

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        job = act(T0 + 30)
        await jobs.add(job)
        cancelled = await jobs.cancel(job.id)
        assert cancelled is not None and cancelled.status == JobStatus.CANCELLED
        with pytest.raises(NotPending):
            await jobs.cancel(job.id)
        assert await jobs.cancel("job_unknown") is None
        clock.t = T0 + 31
        assert await jobs.run_due() == []
        jobs.close()

    asyncio.run(go())
    assert heating(c) == 0
    assert board.names() == ["job.scheduled", "job.cancelled"]


def test_the_jobs_table_lives_in_the_service_database(service):
    with sqlite3.connect(service.runtime.settings.database) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(jobs)")}
    assert {"id", "status", "due_at", "seat", "session_id", "utterance", "actions", "for_s"} <= columns


def test_jobs_due_together_keep_their_order_on_one_member(world):
    rt, path, c = world
    clock, board = Clock(T0), Board()
    window = {"capability": "window.set_position", "target": "driver"}
    opening = act(T0 + 10, [{**window, "parameters": {"open_percent": 100}}])
    closing = act(T0 + 10.5, [{**window, "parameters": {"open_percent": 0}}])
    heat = act(T0 + 10)
    group = act(T0 + 10.2, [{"capability": "window.set_position", "target": "all", "parameters": {"open_percent": 40}}])

    async def go() -> None:
        jobs = make_jobs(rt, path, clock, board)
        await jobs.start(run=False)
        for job in (closing, heat, group, opening):
            await jobs.add(job)
        chains = jobs._chains([closing, heat, group, opening])
        # the driver window's three jobs (the group touches it too) share one chain, in due order
        assert sorted([[j.id for j in ch] for ch in chains], key=len) == [
            [heat.id],
            [opening.id, group.id, closing.id],
        ]
        clock.t = T0 + 11
        fired = await jobs.run_due()
        assert {j.id for j in fired} == {opening.id, closing.id, heat.id, group.id}
        assert all(j.status == JobStatus.FIRED for j in fired)
        jobs.close()

    asyncio.run(go())
    state = c.get("/api/v1/vehicle/state").json()["controls"]["window.set_position"]
    assert state["driver"] == {"open_percent": 0}  # closed last, as said last
    assert state["passenger"] == {"open_percent": 40}
    assert heating(c) == 3
    c.post("/api/v1/actions", json={**window, "target": "all", "parameters": {"open_percent": 0}})
