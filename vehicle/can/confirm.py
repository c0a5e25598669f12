"""Waiting for the ECU's confirmation of a command (DESIGN section 9).

A command is confirmed by a status frame, received after the send, whose
``Echo`` equals the command's alive counter and whose values show what was
commanded. Each sent command registers a :class:`Pending` *before* its frame
goes out (so a fast answer cannot be missed); the receive thread offers
every verified status to :meth:`Confirmations.offer`; the sender waits on
the pending's event with a deadline. Every pending ends exactly once:
confirmed, timed out (the sender discards it) or failed by :meth:`close`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from .codec import ButtonStatus, ControlStatus

Matcher = Callable[[ControlStatus | ButtonStatus], bool]


@dataclass(eq=False)
class Pending:
    """One command waiting for its echo (identity-compared)."""

    status_id: int
    """The status message that confirms the command."""
    counter: int
    """The command's alive counter, expected back as ``Echo``."""
    matches: Matcher
    """True when a status with the right echo also shows the commanded values."""
    done: threading.Event = field(default_factory=threading.Event)
    confirmed: bool = False


class Confirmations:
    """The table of commands waiting for their status echo; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[int, list[Pending]] = {}

    def expect(self, status_id: int, counter: int, matches: Matcher) -> Pending:
        pending = Pending(status_id, counter, matches)
        with self._lock:
            self._pending.setdefault(status_id, []).append(pending)
        return pending

    def offer(self, status: ControlStatus | ButtonStatus) -> None:
        """Confirm every pending command this verified status answers."""
        with self._lock:
            waiting = self._pending.get(status.message_id)
            if not waiting:
                return
            hits = [p for p in waiting if p.counter == status.echo and p.matches(status)]
            for p in hits:
                waiting.remove(p)
                p.confirmed = True
                p.done.set()

    def wait(self, pending: Pending, timeout_s: float) -> bool:
        """Wait up to `timeout_s` for confirmation; the entry is gone afterwards.

        A confirmed entry was already taken out of the table by :meth:`offer`
        (under the lock, before its event was set), so only an unconfirmed one
        is discarded here: the sender goes on at once after its echo.
        """
        if pending.done.wait(max(0.0, timeout_s)) and pending.confirmed:
            return True
        self.discard(pending)
        return pending.confirmed

    def discard(self, pending: Pending) -> None:
        with self._lock:
            waiting = self._pending.get(pending.status_id)
            if waiting and pending in waiting:
                waiting.remove(pending)
        pending.done.set()

    def close(self) -> None:
        """Wake every waiter unconfirmed (the link is closing)."""
        with self._lock:
            everyone = [p for waiting in self._pending.values() for p in waiting]
            self._pending.clear()
        for p in everyone:
            p.done.set()
