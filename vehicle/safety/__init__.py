"""The safety core: DESIGN section 5 steps 5-9 as the pure :func:`decide`."""

from .decide import decide
from .decision import MAX_COMMANDS, ActionDecision, Decision, DecisionRequest, Key, MemberDecision
from .gate import recheck
from .snapshot import StateSnapshot

__all__ = [
    "MAX_COMMANDS",
    "ActionDecision",
    "Decision",
    "DecisionRequest",
    "Key",
    "MemberDecision",
    "StateSnapshot",
    "decide",
    "recheck",
]
