"""Executor runs off the event loop, bounded.

The executor blocks on the bus (a confirmation may take the whole confirm
timeout) and on the audit write. It runs in worker threads under its own
pool of ``limit`` threads, so at most ``limit`` runs wait on the bus at once
and the rest queue: the default thread pool (sync routes, ``/healthz``) is
never exhausted by a silent ECU. A plain executor pool rather than anyio's
worker threads: the hop is the local turn's biggest fixed cost after the
bus round trip, and this one is the cheaper of the two.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from app.executor import Executor, Outcome, Request


def make_request(**kw: Any) -> Request:
    """One executor request; every field is the executor's own (the speaker's
    seat included: it is never dropped, a seat check must not fail open)."""
    return Request(**kw)


class BusRuns:
    def __init__(self, executor: Executor, limit: int = 8) -> None:
        self._executor = executor
        self._pool = ThreadPoolExecutor(max_workers=limit, thread_name_prefix="n7web-bus")
        self._running = 0

    async def run(self, req: Request) -> Outcome:
        self._running += 1  # only the event loop's thread counts
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, self._executor.run, req)
        finally:
            self._running -= 1

    async def actions(self, req: Request) -> list[dict[str, Any]]:
        """The ActionResults of one run, as the Reply carries them."""
        outcome = await self.run(req)
        return [i.to_json() for i in outcome.items]

    @property
    def waiting(self) -> int:
        """Runs started and not finished (running or queued for a thread)."""
        return self._running

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
