"""Executor runs off the event loop, bounded.

The executor blocks on the bus (a confirmation may take the whole confirm
timeout) and on the audit write. It runs in worker threads under its own
capacity limiter, so at most ``limit`` runs wait on the bus at once and the
rest queue as cheap coroutines: the default thread pool (sync routes,
``/healthz``) is never exhausted by a silent ECU.
"""
from __future__ import annotations

from typing import Any

import anyio

from app.executor import Executor, Outcome, Request

def make_request(**kw: Any) -> Request:
    """One executor request; every field is the executor's own (the speaker's
    seat included: it is never dropped, a seat check must not fail open)."""
    return Request(**kw)


class BusRuns:
    def __init__(self, executor: Executor, limit: int = 8) -> None:
        self._executor = executor
        self._limiter = anyio.CapacityLimiter(limit)

    async def run(self, req: Request) -> Outcome:
        return await anyio.to_thread.run_sync(self._executor.run, req, limiter=self._limiter)

    async def actions(self, req: Request) -> list[dict[str, Any]]:
        """The ActionResults of one run, as the Reply carries them."""
        outcome = await self.run(req)
        return [i.to_json() for i in outcome.items]

    @property
    def waiting(self) -> int:
        return int(self._limiter.borrowed_tokens)
