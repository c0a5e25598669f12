"""The turn pipeline (DESIGN section 2). Routes use only what this package exports."""

from .callback import execute_call, interrupt
from .events import TERMINAL_EVENTS, HandledBy, StreamEvent, TurnError, TurnEvent
from .execution import BusRuns, make_request
from .pipeline import TurnPipeline
from .questions import NO, QuestionRegistry
from .registry import ActiveTurn, TurnRegistry
from .restart import restart_reply
from .stages import TurnInput

__all__ = [
    "ActiveTurn",
    "BusRuns",
    "HandledBy",
    "NO",
    "QuestionRegistry",
    "StreamEvent",
    "TERMINAL_EVENTS",
    "TurnError",
    "TurnEvent",
    "TurnInput",
    "TurnPipeline",
    "TurnRegistry",
    "execute_call",
    "interrupt",
    "make_request",
    "restart_reply",
]
