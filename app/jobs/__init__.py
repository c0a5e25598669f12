"""Timed commands (DESIGN section 5a): durable jobs, one scheduler task, revalidated when they fire.

The package owns the whole life of a job: :mod:`.model` (the Job of DESIGN
section 6), :mod:`.store` (the ``jobs`` table in the service's SQLite file),
:mod:`.plan` (a turn's ``schedule`` entries decided now, all but the live
interlocks), :mod:`.scheduler` (one asyncio task with an injected clock),
:mod:`.fire` (the executor run when one comes due, and a ``for_s`` restore),
:mod:`.cancel` (voice cancel, its words data in ``catalog/timers.yaml``),
:mod:`.withdraw` (the timers a negation or a bare take-back cancels) and
:mod:`.wording` (when it will happen, in words).


Nothing heavy is imported here: the turn pipeline imports :mod:`.turn`,
the runtime :mod:`.service`, each where it needs it (no import cycle).
"""

import app.turn  # noqa: F401  first: the pipeline imports .turn, which reads app.turn's stages

from .clock import Clock, SystemClock
from .model import MAX_PENDING, Job, JobStatus

__all__ = ["MAX_PENDING", "Clock", "Job", "JobStatus", "SystemClock"]
