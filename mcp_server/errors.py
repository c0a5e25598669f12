"""Errors of the `n7_vehicle` server, mapped to tool results at one boundary.

    N7McpError
     ├── ConfigError            bad callback environment: refuse to start (exit 2)
     └── ToolFailure            anything a tool call turns into `isError: true`
          ├── ToolInputError    arguments refused locally; nothing was sent
          └── BackendError      the backend call failed or answered an error
               ├── BackendUnavailable   no connection; nothing was sent
               ├── BackendTimeout       (also TimeoutError) outcome unknown
               ├── BackendProtocolError unreadable / oversized / off-contract answer
               └── BackendRefused       an HTTP error status with its error code

Every `ToolFailure` carries a machine `code` (the backend's own code where it
sent one) and a `message` that is safe to show the model: it never contains a
token or a raw value of the caller's arguments.
"""

from __future__ import annotations


class N7McpError(Exception):
    """Root of this package's errors."""


class ConfigError(N7McpError):
    """A callback variable is missing or invalid; the message names it, never its value."""

    def __init__(self, variable: str, problem: str) -> None:
        super().__init__(f"{variable} {problem}")
        self.variable = variable
        self.problem = problem


class ToolFailure(N7McpError):
    """A tool call that ends with `isError: true`.

    `outcome_known` is False when the backend may have acted before the
    failure (a timeout, a dropped connection, a 5xx on execute): the model must
    then not claim either success or refusal.
    """

    def __init__(self, code: str, message: str, *, status: int | None = None, outcome_known: bool = True) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status
        self.outcome_known = outcome_known


class ToolInputError(ToolFailure):
    """The arguments failed the local schema or token-shape check; no HTTP call was made."""


class BackendError(ToolFailure):
    """The callback to the backend failed."""


class BackendUnavailable(BackendError):
    """The backend could not be reached (refused, unreachable); nothing was sent."""


class BackendTimeout(BackendError, TimeoutError):
    """The backend did not answer within the callback timeout."""


class BackendProtocolError(BackendError):
    """The backend answered something this server cannot trust (not JSON, too large, off-contract)."""


class BackendRefused(BackendError):
    """The backend answered an HTTP error status; `code` is from its `{"error": {...}}` body."""
