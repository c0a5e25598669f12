"""Fan-out of live events to SSE subscribers.

Vehicle state changes arrive on the CAN receive thread; they are handed to
the event loop with ``call_soon_threadsafe`` and copied into each
subscriber's bounded queue. A subscriber that falls behind is dropped (its
stream ends; the client reconnects and gets a fresh ``state.snapshot``)
rather than letting memory grow without bound.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .errors import N7WebError

QUEUE_BOUND = 256
MAX_SUBSCRIBERS = 32
"""SSE subscribers to ``/api/v1/events`` at once (503 beyond)."""


class TooManySubscribers(N7WebError):
    code = "too_many_subscribers"
    status = 503


class Subscription:
    def __init__(self, hub: EventHub) -> None:
        self.queue: asyncio.Queue[tuple[str, Any] | None] = asyncio.Queue(QUEUE_BOUND)
        self._hub = hub

    def close(self) -> None:
        self._hub._subs.discard(self)


class EventHub:
    def __init__(self, max_subscribers: int = MAX_SUBSCRIBERS) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._subs: set[Subscription] = set()
        self.max_subscribers = max_subscribers

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the serving loop (events before that are dropped: no subscriber can exist)."""
        self._loop = loop

    def subscribe(self) -> Subscription:
        """A new subscription, or :class:`TooManySubscribers` (503) at the bound."""
        if len(self._subs) >= self.max_subscribers:
            raise TooManySubscribers(f"at most {self.max_subscribers} event streams at once")
        sub = Subscription(self)
        self._subs.add(sub)
        return sub

    def publish(self, event: str, data: Any) -> None:
        """Thread-safe: may be called from the CAN receive thread.

        With no subscriber the loop is not woken at all: a command's
        confirmation would otherwise wait for the GIL behind a loop doing
        nothing. Nothing is lost: the state is applied before it is
        published, and a new stream starts with a fresh ``state.snapshot``
        taken after it subscribed.
        """
        if self._loop is None or not self._subs:
            return
        try:
            self._loop.call_soon_threadsafe(self._deliver, event, data)
        except RuntimeError:  # loop closed during shutdown
            pass

    def _deliver(self, event: str, data: Any) -> None:
        for sub in list(self._subs):
            try:
                sub.queue.put_nowait((event, data))
            except asyncio.QueueFull:
                self._subs.discard(sub)
                try:
                    sub.queue.get_nowait()
                    sub.queue.put_nowait(None)
                except (asyncio.QueueEmpty, asyncio.QueueFull):
                    pass

    @property
    def subscribers(self) -> int:
        return len(self._subs)
