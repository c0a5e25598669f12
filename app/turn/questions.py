"""The open questions: at most one per session (DESIGN section 4a).

When the service cannot act on what was said with certainty it asks one
short question, and nothing moves until the person who spoke answers. The
question lives here, in memory, keyed by session: it belongs to the seat
that spoke (``None``: an unknown seat, answered only by an unknown seat),
expires after ``--question-timeout-s`` and is taken away whole by the first
answer, so a question is never answered twice. A new question in a session
replaces the old one. A restart forgets every question: nothing was sent
for them, so nothing is lost but the asking.

The clock is injected (``clock``), so a test moves time instead of sleeping.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from app.store import iso

QuestionKind = Literal["clarify", "confirm"]
#: The option id of a yes/no question's one option, and the reserved word of a
#: console tap that declines any question.
YES, NO = "yes", "no"
DEFAULT_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class Option:
    id: str
    label: str
    actions: tuple[dict[str, Any], ...]
    """Complete actions ({capability, target, parameters}), run through every gate on the answer."""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "actions": [dict(a) for a in self.actions]}


@dataclass(frozen=True)
class Question:
    id: str
    kind: QuestionKind
    text: str
    seat: str | None
    options: tuple[Option, ...]
    expires_at: float
    """Epoch seconds, on the registry's clock."""
    language: str = "en"
    source: str = "parser"
    """Who proposed the actions: ``parser`` (a clarify) or ``model`` (a confirm); the answer's actions keep it."""
    turn_id: str | None = None
    missing: str | None = None
    """A clarify's ``missing`` (control, target, amount, consent); None for a confirm."""

    @property
    def yes_no(self) -> bool:
        """A question with one option is answered yes or no."""
        return len(self.options) == 1

    def option(self, option_id: str) -> Option | None:
        return next((o for o in self.options if o.id == option_id), None)

    def to_json(self) -> dict[str, Any]:
        """The Question of DESIGN section 6."""
        return {
            "id": self.id,
            "kind": self.kind,
            "text": self.text,
            "seat": self.seat,
            "options": [o.to_json() for o in self.options],
            "expires_at": iso(self.expires_at),
        }

    def audit(self) -> dict[str, Any]:
        """What the audit keeps of it beside each action it led to."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "turn_id": self.turn_id}


def new_question_id() -> str:
    return "q_" + secrets.token_hex(8)


class QuestionRegistry:
    """Per session, the one open question; every read drops an expired one first."""

    def __init__(self, timeout_s: float = DEFAULT_TIMEOUT_S, clock: Callable[[], float] = time.time) -> None:
        self.timeout_s = timeout_s
        self.clock = clock
        self._lock = threading.Lock()
        self._open: dict[str, Question] = {}

    def expiry(self) -> float:
        """When a question asked now expires."""
        return self.clock() + self.timeout_s

    def ask(self, session_id: str, question: Question) -> None:
        """Open ``question`` in the session, replacing any open one."""
        with self._lock:
            now = self.clock()
            for sid in [s for s, q in self._open.items() if now >= q.expires_at]:
                del self._open[sid]  # bounded: expired questions nobody read again go here
            self._open[session_id] = question

    def open(self, session_id: str) -> Question | None:
        """The session's open, unexpired question."""
        with self._lock:
            return self._live(session_id)

    def take(self, session_id: str, question_id: str) -> Question | None:
        """Close and return the open question if it is ``question_id``; None if it is not open (any more)."""
        with self._lock:
            question = self._live(session_id)
            if question is None or question.id != question_id:
                return None
            del self._open[session_id]
            return question

    def drop(self, session_id: str) -> None:
        with self._lock:
            self._open.pop(session_id, None)

    def _live(self, session_id: str) -> Question | None:
        question = self._open.get(session_id)
        if question is None:
            return None
        if self.clock() >= question.expires_at:
            del self._open[session_id]
            return None
        return question

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)


__all__ = ["NO", "YES", "Option", "Question", "QuestionKind", "QuestionRegistry", "new_question_id"]
