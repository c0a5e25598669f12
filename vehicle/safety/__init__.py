"""The safety core: DESIGN section 5 steps 5-9 as the pure :func:`decide`, and the typed action result."""

from .decide import decide
from .decision import (
    MAX_COMMANDS,
    SENT,
    ActionDecision,
    ActionStatus,
    Decision,
    DecisionRequest,
    Key,
    MemberDecision,
    Statuses,
    overall_status,
    statuses_of,
)
from .gate import recheck
from .snapshot import StateSnapshot

__all__ = [
    "MAX_COMMANDS",
    "SENT",
    "ActionDecision",
    "ActionStatus",
    "Decision",
    "DecisionRequest",
    "Key",
    "MemberDecision",
    "StateSnapshot",
    "Statuses",
    "decide",
    "overall_status",
    "recheck",
    "statuses_of",
]
