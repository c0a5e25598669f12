"""The turn's job stages (DESIGN section 5a), called by the pipeline in one place each.

- CANCEL (before the parse acts): "cancel the timer(s)", "取消定时" ... cancel
  the pending timers the words and the speaker's seat pick (:mod:`.cancel`).
- SCHEDULE: the parse's ``schedule`` entries become jobs: each decided now
  by everything but the live interlocks (:mod:`.plan`); what passes is
  stored (at most :data:`~.model.MAX_PENDING` pending), what fails is refused
  now with its reason, and the reply says when. An entry with only
  ``for_s`` acts now, as a turn action, and its change back is the job.

- WITHDRAW (before the parse acts, after CANCEL): a negation ("don't open
  the sunroof", 别开天窗) cancels the pending timers that would do what it
  forbids; a bare take-back ("never mind", 算了) as the session's very next
  turn, within the follow-up window, cancels the timers that turn set
  (:mod:`.withdraw`). Either only for timers the speaker's seat may operate.

All read the runtime's :class:`~.service.Jobs` as ``services.jobs``; a
service without it (a test double) has no timed commands.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.executor import Ledger
from app.executor.wording import speakable
from app.turn.events import HandledBy, TurnEvent
from app.turn.execution import make_request
from app.turn.followup import WINDOW_S
from app.turn.stages import Handled, TurnContext
from app.turn.wording import gap, join, sentences
from vehicle.safety import StateSnapshot

from . import cancel, plan, withdraw, wording
from .fire import restore_job
from .model import MAX_PENDING, Job, JobStatus, new_id
from .service import NotPending
from .store import TooManyJobs

if TYPE_CHECKING:
    from .service import Jobs

__all__ = ["Scheduled", "Withdrawn", "cancel_stage", "schedule_stage", "with_schedule", "withdraw_stage"]


@dataclass
class Scheduled:
    """What the SCHEDULE stage did: jobs set, actions run now or refused, and its words."""

    jobs: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    text: str = ""


def _jobs(ctx: TurnContext) -> Jobs | None:
    return getattr(ctx.services, "jobs", None)


def _spoken(ctx: TurnContext, text: str) -> str:
    return speakable(text, ctx.language) if ctx.given.voice else text


def _without_holds(catalog: Any, parse: Any) -> Any:
    """The parse without the holds of its own timed clauses (the parser lists a timed command as ``held``
    so that nothing acts on it now); every other hold and every negation stays."""
    timed = {
        catalog.control(a["capability"])
        for entry in getattr(parse, "schedule", ()) or ()
        for a in (entry.get("actions") or [] if isinstance(entry, dict) else [])
        if isinstance(a, dict) and a.get("capability") in catalog.capabilities
    }

    def keep(m: Any) -> bool:
        return not (
            m.said == "held" and m.capability in catalog.capabilities and catalog.control(m.capability) in timed
        )

    return dataclasses.replace(
        parse,
        negated=tuple(m for m in parse.negated if keep(m)),
        mentions=tuple(m for m in parse.mentions if keep(m)),
    )


async def schedule_stage(ctx: TurnContext) -> Scheduled | None:
    """None when the parse schedules nothing (or the service has no jobs)."""
    jobs = _jobs(ctx)
    if jobs is None or not getattr(ctx.parse, "schedule", ()):
        return None
    rt, lang, now = ctx.services, ctx.language, jobs.clock.now()
    settings = getattr(rt, "settings", None)
    entries = plan.plan(
        rt.catalog,
        _without_holds(rt.catalog, ctx.parse),
        ctx.given.seat,
        StateSnapshot.of(rt.state),
        now,
        lang,
        getattr(settings, "execution_mode", "simulation"),
        bool(getattr(settings, "arm_hardware", False)),
    )
    out = Scheduled()
    texts: list[str] = []
    pending = await jobs.pending_count()
    for entry in entries:
        for r in entry.refused:
            r["message"] = _spoken(ctx, r["message"])
        out.actions += entry.refused
        texts += [r["message"] for r in entry.refused]
        if not entry.actions:
            continue
        if pending >= MAX_PENDING:
            texts += _too_many(ctx, out, entry.actions, pending)
            continue
        job: Job | None = _job(ctx, entry, now)
        if entry.due_at is None:
            job = await _act_now(ctx, out, texts, entry, now)
        if job is None:
            continue  # acted now and nothing applied: nothing to change back
        try:
            await jobs.add(job)
        except TooManyJobs:
            texts += _too_many(ctx, out, entry.actions, MAX_PENDING)
            continue
        pending += 1
        out.jobs.append(job.to_json())
        if job.kind == "restore":
            texts.append(
                wording.say(
                    "goes_back",
                    lang,
                    what=wording.names(rt.catalog, job.actions, lang),
                    when=wording.when(job.due_at, now, lang),
                )
            )
        else:
            texts.append(wording.scheduled(rt.catalog, job.actions, job.due_at, now, lang))
            if job.for_s is not None:
                texts.append(wording.say("then_back", lang, delay=wording.duration(job.for_s, lang)))
    out.text = _spoken(ctx, sentences(texts, lang))
    # the timed clauses are answered here: the stages after this one (an offline
    # reply's "left alone") must not read their holds as controls left unchanged
    ctx.parse = _without_holds(rt.catalog, ctx.parse)
    return out


def _job(ctx: TurnContext, entry: plan.Entry, now: float) -> Job:
    return Job(
        id=new_id(),
        due_at=entry.due_at if entry.due_at is not None else now,
        actions=entry.actions,
        utterance=ctx.given.text,
        language=ctx.language,
        seat=ctx.given.seat,
        session_id=ctx.turn.session_id,
        turn_id=ctx.turn.turn_id,
        voice=ctx.given.voice,
        for_s=entry.for_s,
        created_at=now,
    )


async def _act_now(ctx: TurnContext, out: Scheduled, texts: list[str], entry: plan.Entry, now: float) -> Job | None:
    """A duration alone ("for 20 minutes"): the actions run now as the turn's; the job changes them back."""
    rt = ctx.services
    before = rt.state.controls()
    req = make_request(
        ledger=Ledger(),
        language=ctx.language,
        voice=ctx.given.voice,
        parse=_without_holds(rt.catalog, ctx.parse),
        session_id=ctx.turn.session_id,
        turn_id=ctx.turn.turn_id,
        utterance=ctx.given.text,
        handled_by=str(HandledBy.LOCAL),
        on_result=ctx.on_result,
        seat=ctx.given.seat,
        include_parser=False,
        direct=[(dict(a), "parser") for a in entry.actions],
    )
    ran = await rt.bus_runs.actions(req)
    out.actions += ran
    texts.append(join(ran, ctx.language))
    act = _job(ctx, entry, now)
    return restore_job(rt.catalog, act, ran, before, now + (entry.for_s or 0.0), new_id())


def _too_many(ctx: TurnContext, out: Scheduled, actions: list[dict[str, Any]], count: int) -> list[str]:
    catalog, lang = ctx.services.catalog, ctx.language
    message = _spoken(ctx, wording.say("too_many_jobs", lang, count=count, what=wording.names(catalog, actions, lang)))
    refused = [plan.refused_result(catalog, a, "too_many_jobs", message) for a in actions]
    out.actions += refused
    return [message]


async def cancel_stage(ctx: TurnContext) -> Handled | None:
    """None unless the utterance cancels timers (and asks for nothing else)."""
    jobs = _jobs(ctx)
    parse = ctx.parse
    if jobs is None or parse.actions or getattr(parse, "schedule", ()) or not cancel.is_cancel(ctx.given.text):
        return None
    catalog, lang = ctx.services.catalog, ctx.language
    controls = cancel.named_controls(catalog, parse)
    meant = [j for j in await jobs.pending() if cancel.matches(catalog, j, controls)]
    allowed = [j for j in meant if cancel.permitted(catalog, j, ctx.given.seat)]
    refused = [j for j in meant if j not in allowed]
    done = await _cancel_each(jobs, allowed)
    parts: list[str] = []
    if len(done) == 1:
        parts.append(wording.say("cancelled_one", lang, what=wording.names(catalog, done[0].actions, lang)))
    elif done:
        parts.append(wording.say("cancelled_all", lang, count=len(done)))
    if refused:
        actions = [a for j in refused for a in j.actions]
        parts.append(wording.say("cancel_not_permitted", lang, what=wording.names(catalog, actions, lang)))
    if not done and not refused:
        if controls:
            what = wording.names(catalog, [{"capability": c, "target": None} for c in sorted(controls)], lang)
            parts.append(wording.say("nothing_to_cancel_for", lang, what=what))
        else:
            parts.append(wording.say("nothing_to_cancel", lang))
    return Handled(
        HandledBy.LOCAL, [], sentences(parts, lang), jobs=[j.to_json() | {"status": "cancelled"} for j in done]
    )


async def _cancel_each(jobs: Jobs, chosen: list[Job]) -> list[Job]:
    """Cancel each job (``job.cancelled`` goes out for each); the ones that were still pending."""
    done: list[Job] = []
    for job in chosen:
        try:
            ended = await jobs.cancel(job.id)
        except NotPending:  # it fired or was cancelled meanwhile: nothing to cancel there
            continue
        if ended is not None:
            done.append(ended)
    return done


@dataclass
class Withdrawn:
    """What WITHDRAW cancelled (Jobs on the wire), and its words."""

    jobs: list[dict[str, Any]]
    text: str
    alone: bool
    """The text asked for nothing else: these words are the whole reply."""

    def handled(self) -> Handled:
        return Handled(HandledBy.LOCAL, [], self.text, jobs=list(self.jobs))


async def withdraw_stage(ctx: TurnContext) -> Withdrawn | None:
    """None unless a negation or a bare take-back meets a timer (nothing changes for the turn then)."""
    jobs = _jobs(ctx)
    if jobs is None:
        return None
    catalog, parse = ctx.services.catalog, ctx.parse
    forbids = withdraw.negations(parse, catalog)
    if forbids:
        shown = ctx.services.state.controls()
        meant = [j for j in await jobs.pending() if withdraw.forbidden(catalog, j, forbids, shown)]
        return await _withdraw(ctx, jobs, meant, _only_negations(parse)) if meant else None
    if not withdraw.bare_retraction(parse, ctx.given.text):
        return None
    set_last = await _set_by_last_turn(ctx, jobs)
    if not set_last:
        return None
    meant = [j for j in set_last if j.status == JobStatus.PENDING]
    if meant:
        return await _withdraw(ctx, jobs, meant, True)
    # they ran (or were cancelled) already: say so rather than a bare "okay"
    what = wording.names(catalog, [a for j in set_last for a in j.actions], ctx.language)
    return Withdrawn([], wording.say("nothing_to_cancel_for", ctx.language, what=what), True)


def _only_negations(parse: Any) -> bool:
    """Nothing asked but what the negations forbid (no action, timer, need, question or unread piece)."""
    if parse.actions or parse.needs or parse.queries or parse.unplaced or parse.clarify is not None:
        return False
    if getattr(parse, "schedule", ()) or parse.follow_up is not None:
        return False
    return all(m.said == "negated" for m in parse.mentions)


async def _set_by_last_turn(ctx: TurnContext, jobs: Jobs) -> list[Job]:
    """The timers (not a duration's change back) the session's previous turn set, if it was set
    within the follow-up window; [] when that turn set none, or too long ago."""
    turns = [t for t in await ctx.services.db.history(ctx.turn.session_id, 2) if t["turn_id"] != ctx.turn.turn_id]
    reply = turns[-1].get("reply") if turns else None
    if not isinstance(reply, dict):
        return []
    ids = {j.get("id") for j in reply.get("jobs") or () if j.get("status") == "pending" and j.get("kind") == "act"}
    if not ids:
        return []
    set_then = [j for j in await jobs.listing() if j.id in ids and j.session_id == ctx.turn.session_id]
    if not set_then or jobs.clock.now() - max(j.created_at for j in set_then) > WINDOW_S:
        return []
    return set_then


async def _withdraw(ctx: TurnContext, jobs: Jobs, meant: list[Job], alone: bool) -> Withdrawn | None:
    """Cancel the ones the seat may operate; name what was cancelled and what this seat may not cancel."""
    catalog, lang = ctx.services.catalog, ctx.language
    allowed = [j for j in meant if cancel.permitted(catalog, j, ctx.given.seat)]
    refused = [j for j in meant if j not in allowed]
    done = await _cancel_each(jobs, allowed)
    if not done and not refused:
        return None  # they ran or were cancelled meanwhile
    parts = [wording.say("cancelled_one", lang, what=wording.names(catalog, j.actions, lang)) for j in done]
    if refused:
        what = wording.names(catalog, [a for j in refused for a in j.actions], lang)
        parts.append(wording.say("cancel_not_permitted", lang, what=what))
    return Withdrawn([j.to_json() for j in done], sentences(dict.fromkeys(parts), lang), alone)


def with_schedule(ctx: TurnContext, handled: Handled, scheduled: Scheduled | None) -> Handled:
    """The turn's Handled with what SCHEDULE did: its actions first (they were decided first), its jobs, its words."""
    if scheduled is None:
        return handled
    handled.actions = scheduled.actions + handled.actions
    handled.jobs += scheduled.jobs
    if scheduled.text:
        if handled.streamed:  # a model turn's words already went out: these follow
            ctx.emit(TurnEvent.DELTA, {"text": (gap(ctx.language) if handled.reply_text else "") + scheduled.text})
        handled.reply_text = sentences([handled.reply_text, scheduled.text], ctx.language)
    return handled
