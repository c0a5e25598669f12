"""The Job of DESIGN section 6, and the rules every job obeys.

A job is one timed request: the actions it will run, when, for which seat
and session, from which words. ``kind`` says what it does when due:
``act`` runs its actions (and, with ``for_s``, leaves a ``restore`` job
behind); ``restore`` puts each member back to the value confirmed before
the act, unless something else changed it since (as undo does).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

#: At most this many pending jobs per vehicle (past it: ``too_many_jobs``).
MAX_PENDING = 16
#: A job that came due while the service was down runs at start only if at most this late.
LATE_LIMIT_S = 60.0
#: ``GET /api/v1/jobs`` lists this many ended jobs after the pending ones.
ENDED_SHOWN = 50
#: The shortest and longest delay a job may have (DESIGN section 5a).
MIN_DELAY_S, MAX_DELAY_S = 5.0, 24 * 3600.0


class JobStatus(StrEnum):
    PENDING = "pending"
    FIRING = "firing"
    """Claimed by the scheduler, its run under way (on the wire: still ``pending``)."""
    FIRED = "fired"
    REFUSED = "refused"
    MISSED = "missed"
    CANCELLED = "cancelled"


#: Statuses of a job that will not run any more.
ENDED = frozenset({JobStatus.FIRED, JobStatus.REFUSED, JobStatus.MISSED, JobStatus.CANCELLED})


def new_id() -> str:
    return "job_" + uuid.uuid4().hex[:16]


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class Job:
    id: str
    due_at: float
    actions: list[dict[str, Any]]
    utterance: str
    language: str = "en"
    seat: str | None = None
    session_id: str | None = None
    turn_id: str | None = None
    voice: bool = False
    for_s: float | None = None
    kind: str = "act"
    status: JobStatus = JobStatus.PENDING
    results: list[dict[str, Any]] | None = None
    message: str | None = None
    created_at: float = 0.0
    ended_at: float | None = None
    fired_at: float | None = None
    """When the scheduler ran it (the jitter is ``fired_at - due_at``)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """A restore job's memory: ``before`` (values confirmed before the act) and
    ``set`` (the act's ActionResults, to tell whether something changed them since)."""
    announced: bool = True
    """False for a missed job no event stream has been told of yet."""

    def to_json(self) -> dict[str, Any]:
        """The Job on the wire (DESIGN section 6), plus ``kind``, ``message`` and ``fired_at``."""
        status = JobStatus.PENDING if self.status == JobStatus.FIRING else self.status
        return {
            "id": self.id,
            "status": status.value,
            "kind": self.kind,
            "due_at": iso(self.due_at),
            "for_s": _number(self.for_s),
            "seat": self.seat,
            "utterance": self.utterance,
            "language": self.language,
            "actions": [dict(a) for a in self.actions],
            "results": self.results,
            "message": self.message,
            "fired_at": iso(self.fired_at) if self.fired_at is not None else None,
        }

    def row(self) -> tuple[Any, ...]:
        return (
            self.id,
            self.status.value,
            self.kind,
            self.due_at,
            self.for_s,
            self.seat,
            self.language,
            int(self.voice),
            self.session_id,
            self.turn_id,
            self.utterance,
            json.dumps(self.actions, ensure_ascii=False),
            json.dumps(self.results, ensure_ascii=False) if self.results is not None else None,
            self.message,
            json.dumps(self.extra, ensure_ascii=False),
            self.created_at,
            self.ended_at,
            self.fired_at,
            int(self.announced),
        )

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> Job:
        (jid, status, kind, due, for_s, seat, lang, voice, sid, tid, utt, actions, results, message, extra) = row[:15]
        created, ended, fired, announced = row[15:19]
        return cls(
            id=jid,
            status=JobStatus(status),
            kind=kind,
            due_at=due,
            for_s=for_s,
            seat=seat,
            language=lang,
            voice=bool(voice),
            session_id=sid,
            turn_id=tid,
            utterance=utt,
            actions=json.loads(actions),
            results=json.loads(results) if results else None,
            message=message,
            extra=json.loads(extra) if extra else {},
            created_at=created,
            ended_at=ended,
            fired_at=fired,
            announced=bool(announced),
        )


COLUMNS = (
    "id, status, kind, due_at, for_s, seat, language, voice, session_id, turn_id, utterance, actions, "
    "results, message, extra, created_at, ended_at, fired_at, announced"
)


def _number(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


__all__ = ["ENDED", "LATE_LIMIT_S", "MAX_PENDING", "Job", "JobStatus", "iso"]
