"""Every name a client sees for a turn, in one place: SSE event names, who
handled the turn, and the model stage's outcomes. Statuses (of an action and
of a Reply) are :class:`vehicle.safety.ActionStatus`."""

from __future__ import annotations

from enum import StrEnum


class TurnEvent(StrEnum):
    """SSE events of ``POST /api/v1/sessions/{id}/messages`` (DESIGN section 6)."""

    STARTED = "turn.started"
    DELTA = "assistant.delta"
    ACTION_RESULT = "action.result"
    QUESTION = "turn.question"
    """The Question a turn ends on, just before ``turn.completed`` (DESIGN section 4a)."""
    COMPLETED = "turn.completed"
    ERROR = "error"


TERMINAL_EVENTS = frozenset({TurnEvent.COMPLETED, TurnEvent.ERROR})
"""A turn stream ends after exactly one of these."""


class StreamEvent(StrEnum):
    """SSE events of ``GET /api/v1/events``."""

    STATE_SNAPSHOT = "state.snapshot"
    STATE_CHANGED = "state.changed"
    VEHICLE_CHANGED = "vehicle.changed"
    STATUS_CHANGED = "status.changed"


class HandledBy(StrEnum):
    LOCAL = "local"
    CODEX = "codex"


class TurnError(StrEnum):
    """``assistant_error.code`` values the pipeline itself sets."""

    INTERRUPTED = "interrupted"
    INTERRUPTED_BY_RESTART = "interrupted_by_restart"
    TURN_FAILED = "turn_failed"
