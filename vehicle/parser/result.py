"""The parser's answer: exactly the object of DESIGN section 4."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vehicle.actions import Action, FollowUp, Mention, Query


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What the text asks for, what it mentions, what it forbids, and
    whether that is all of it.

    `complete` is the one bit the service acts on without the model, so it
    is true only when nothing in the text was left unread.
    """

    language: str
    """"zh" if the text holds a CJK ideograph, else "en"."""
    actions: tuple[Action, ...] = ()
    """Resolved, non-negated commands in spoken order."""
    needs: tuple[str, ...] = ()
    """Comfort needs stated ("cold", "hot", ...)."""
    mentions: tuple[Mention, ...] = ()
    """Every control referred to, resolved or not, spoken order, no repeats."""
    negated: tuple[Mention, ...] = ()
    """Controls the text forbids (said "negated") or holds (said "held":
    condition, time, reported speech, retraction)."""
    queries: tuple[Query, ...] = ()
    """State questions, answered locally from confirmed state."""
    follow_up: FollowUp | None = None
    """"me_too", "more" or "undo" (DESIGN section 3a), resolved by the turn pipeline."""
    unplaced: tuple[str, ...] = ()
    """Pieces of the text that ask for something the parser could not read
    ("打开雾灯", "navigate home"), in spoken order; chit-chat is not unplaced."""
    schedule: tuple[dict[str, Any], ...] = ()
    """Timed commands ({"actions", "after_s" | "at", "for_s"?}); never in `actions` too."""
    clarify: dict[str, Any] | None = None
    """What a command lacks, as a question with options; None when nothing is missing."""
    complete: bool = False
    """Actions non-empty, no need, nothing unresolved or unplaced, no question, no chit-chat."""
    queries_only: bool = False
    """True when the text is state questions and nothing else (no command,
    need, hold, negation or chit-chat): the service's own answer is the whole
    reply. Not part of the printed contract."""

    def to_json(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "actions": [a.to_json() for a in self.actions],
            "needs": list(self.needs),
            "mentions": [m.to_json() for m in self.mentions],
            "negated": [m.to_json() for m in self.negated],
            "queries": [q.to_json() for q in self.queries],
            "follow_up": self.follow_up,
            "unplaced": list(self.unplaced),
            "schedule": [dict(s) for s in self.schedule],
            "clarify": self.clarify,
            "complete": self.complete,
        }


__all__ = ["ParseResult"]
