"""A due job's run: its actions through the one executor, on the live state (DESIGN section 5a).

``decide()`` runs again with ``source: "schedule"``, the job's seat and no
parse (the job is the intent; its words were read when it was set):
interlocks, seat rights, the child lock and fitted checks on the car as it
is now, then the executor's record, send-time re-gate, CAN confirmation and
audit row (``handled_by: "schedule"``, the job's id as the turn). What is
refused is reported with its reason, like what ran.

A ``restore`` job puts each member back the way undo does
(the follow-up stage's own undo rule): to the value confirmed just before
the act, only where the member still shows what the act set; a member
changed since is left and named.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from app.executor import Ledger
from app.turn.execution import BusRuns, make_request
from app.turn.followup import (
    before_values,
    undo_plan,  # the one undo rule, reused as it is
)
from app.turn.wording import CHANGED
from app.turn.wording import say as turn_say
from vehicle.catalog import Catalog
from vehicle.wording import join_sentences

from .model import Job
from .plan import SOURCE
from .wording import names, say

#: ``handled_by`` of a job's audit rows.
HANDLED_BY = "schedule"


class Firing:
    def __init__(self, catalog: Catalog, state: Any, bus_runs: BusRuns) -> None:
        self.catalog = catalog
        self.state = state
        self.bus_runs = bus_runs

    async def run(self, job: Job, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The ActionResults of ``actions`` run now, for the job's seat, through every gate."""
        req = make_request(
            ledger=Ledger(),
            language=job.language,
            voice=job.voice,
            parse=None,
            seat=job.seat,
            include_parser=False,
            direct=[(dict(a), SOURCE) for a in actions],
            session_id=job.session_id,
            turn_id=job.id,
            utterance=job.utterance,
            handled_by=HANDLED_BY,
        )
        return await self.bus_runs.actions(req)

    async def fire(self, job: Job, new_id: Callable[[], str]) -> tuple[list[dict[str, Any]], str, Job | None]:
        """(results, the sentence, the restore job a ``for_s`` act leaves behind or None)."""
        if job.kind == "restore":
            results, message = await self._restore(job)
            return results, message, None
        before = self.state.controls()
        results = await self.run(job, job.actions)
        message = join_sentences((a.get("message") for a in results), job.language)
        restore = None
        if job.for_s is not None:
            restore = restore_job(self.catalog, job, results, before, (job.fired_at or 0.0) + job.for_s, new_id())
        return results, message, restore

    async def _restore(self, job: Job) -> tuple[list[dict[str, Any]], str]:
        last = {"reply": {"actions": job.extra.get("set") or []}, "before": job.extra.get("before") or {}}
        view = SimpleNamespace(services=SimpleNamespace(catalog=self.catalog, state=self.state), language=job.language)
        plan, lead, note = undo_plan(view, last)  # type: ignore[arg-type]  # reads catalog, state, language
        what = names(self.catalog, job.actions, job.language)
        if not plan:
            changed = note == turn_say(CHANGED, job.language)
            return [], say("back_changed" if changed else "back_nothing", job.language, what=what)
        results = await self.run(job, plan)
        return results, join_sentences([lead, *(a.get("message") for a in results), note], job.language)


def restore_job(
    catalog: Catalog, act: Job, results: list[dict[str, Any]], before: dict[str, Any], due_at: float, job_id: str
) -> Job | None:
    """The job that changes back what ``results`` applied, or None when nothing applied."""
    remembered = before_values({"actions": results}, before, catalog)
    if not remembered:
        return None
    return Job(
        id=job_id,
        due_at=due_at,
        actions=[dict(a) for a in act.actions],
        utterance=act.utterance,
        language=act.language,
        seat=act.seat,
        session_id=act.session_id,
        turn_id=act.turn_id,
        voice=act.voice,
        for_s=act.for_s,
        kind="restore",
        created_at=due_at - (act.for_s or 0.0),
        extra={"before": remembered, "set": results},
    )
