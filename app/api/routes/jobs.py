"""``/api/v1/jobs``: the timed commands (DESIGN sections 5a, 6)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Path

from app.errors import ApiError
from app.jobs.service import NotPending

from ..deps import RuntimeDep
from ..responses import _Out, ok

router = APIRouter(prefix="/api/v1", tags=["jobs"])


class JobOut(_Out):
    id: str
    status: Literal["pending", "fired", "refused", "missed", "cancelled"]
    kind: Literal["act", "restore"]
    due_at: str
    for_s: float | None
    seat: str | None
    utterance: str
    language: str
    actions: list[dict[str, Any]]
    results: list[dict[str, Any]] | None
    message: str | None
    fired_at: str | None


class JobsOut(_Out):
    jobs: list[JobOut]


def _jobs(rt: Any) -> Any:
    if rt.jobs is None:
        raise ApiError(503, "starting", "service is starting")
    return rt.jobs


@router.get("/jobs", responses=ok(JobsOut), summary="Timed commands: pending, then the last 50 ended")
async def list_jobs(rt: RuntimeDep) -> dict:
    """Every pending job (soonest first), then the 50 that ended last (newest first).

    A Job: `{"id", "status": "pending|fired|refused|missed|cancelled",
    "kind": "act|restore", "due_at" (UTC, ISO 8601), "for_s": null|N, "seat",
    "utterance", "language", "actions": [{"capability", "target",
    "parameters"}], "results": [ActionResult]|null, "message", "fired_at"}`.
    `kind: "restore"` is the change back of a duration ("for 20 minutes").
    `results` are the ActionResults of its run (`source: "schedule"`), with
    each refusal's `reason` (`interlock_speed`, `child_lock`, ...); a job
    that came due while the service was down and was more than 60 s late at
    start is `missed` and never ran."""
    return {"jobs": [j.to_json() for j in await _jobs(rt).listing()]}


@router.delete("/jobs/{job_id}", responses=ok(JobOut, 404, 409), summary="Cancel a pending timed command")
async def cancel_job(rt: RuntimeDep, job_id: str = Path(min_length=1, max_length=64)) -> dict:
    """Cancel a pending job: answers the Job, `status: "cancelled"`, and sends
    `job.cancelled` on `/api/v1/events`. 404 `unknown_job` for an id never
    seen (or long ended and pruned); 409 `job_not_pending` for one that has
    fired, was refused, missed or cancelled already."""
    try:
        job = await _jobs(rt).cancel(job_id)
    except NotPending:
        raise ApiError(409, "job_not_pending", "the job is no longer pending") from None
    if job is None:
        raise ApiError(404, "unknown_job", "no such job")
    return job.to_json()
