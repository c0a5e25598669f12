"""The parser's answer: exactly the object of DESIGN section 4."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vehicle.actions import Action, Mention


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
    """Controls the text forbids or puts under a condition or a time."""
    complete: bool = False
    """Actions non-empty, no need, nothing unresolved, no question, no chit-chat."""

    def to_json(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "actions": [a.to_json() for a in self.actions],
            "needs": list(self.needs),
            "mentions": [m.to_json() for m in self.mentions],
            "negated": [m.to_json() for m in self.negated],
            "complete": self.complete,
        }


__all__ = ["ParseResult"]
