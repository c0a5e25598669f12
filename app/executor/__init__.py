"""The revalidating executor: one path for turns, callbacks, offline plans and taps."""

from .core import Executor, Ledger, Outcome, Request

__all__ = ["Executor", "Ledger", "Outcome", "Request"]
