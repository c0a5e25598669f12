"""The turns in flight: one per session, each with its ledger.

Replaces the ``active``/``ledgers`` dicts that used to hang off the
runtime. Thread-safe: the callback route reads it from the event loop while
executor threads hold ledgers.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from app.errors import TurnInProgress
from app.executor import Ledger

Emit = Callable[[str, dict[str, Any]], None]


def new_turn_id() -> str:
    return "t_" + uuid.uuid4().hex


@dataclass
class ActiveTurn:
    turn_id: str
    session_id: str
    ledger: Ledger = field(default_factory=Ledger)
    """What this turn has decided (once per key), shared by every execute call."""
    kind: Literal["local", "model"] = "local"
    """``model`` once a request token was issued: only then can it be interrupted."""
    emit: Emit | None = None
    task: asyncio.Task | None = None
    execute_results: list[dict[str, Any]] = field(default_factory=list)
    """Action results of the model's execute calls in this turn."""


class TurnRegistry:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_session: dict[str, ActiveTurn] = {}
        self._by_turn: dict[str, ActiveTurn] = {}
        self._orphans: dict[str, Ledger] = {}

    def begin(self, session_id: str) -> ActiveTurn:
        """Claim the session for a new turn or raise :class:`TurnInProgress`."""
        with self._lock:
            if session_id in self._by_session:
                raise TurnInProgress()
            turn = ActiveTurn(new_turn_id(), session_id)
            self._by_session[session_id] = turn
            self._by_turn[turn.turn_id] = turn
            return turn

    def end(self, turn: ActiveTurn) -> None:
        with self._lock:
            if self._by_session.get(turn.session_id) is turn:
                del self._by_session[turn.session_id]
            self._by_turn.pop(turn.turn_id, None)
            self._orphans.pop(turn.turn_id, None)

    def in_session(self, session_id: str) -> ActiveTurn | None:
        with self._lock:
            return self._by_session.get(session_id)

    def turn(self, turn_id: str) -> ActiveTurn | None:
        with self._lock:
            return self._by_turn.get(turn_id)

    def ledger(self, turn_id: str) -> Ledger:
        """The turn's ledger; a token issued outside a running turn gets its own."""
        with self._lock:
            turn = self._by_turn.get(turn_id)
            if turn is not None:
                return turn.ledger
            return self._orphans.setdefault(turn_id, Ledger())

    def __len__(self) -> int:
        with self._lock:
            return len(self._by_session)
