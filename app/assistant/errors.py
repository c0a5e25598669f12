"""The assistant client's error tree: one root, narrow subclasses.

::

    AssistantError
    ├── ConfigurationError        settings, launch line or effective config refused
    │   ├── BinaryMissingError    the codex command does not exist / is not executable
    │   ├── WrongVersionError     initialize reported a protocol other than 0.147.0
    │   └── NotLoggedInError      the provider needs an OpenAI login that is absent
    ├── UnavailableError          no live app-server (never started, closed, crashed)
    │   ├── ConnectionClosedError EOF / exit / close while a call was pending
    │   └── AssistantBusyError    every loaded thread is mid-turn until the deadline
    ├── RpcTimeoutError           (also TimeoutError) a call outlived its bound
    ├── ProtocolError             the peer broke framing or JSON-RPC shape
    ├── RpcError                  the peer answered a request with a JSON-RPC error
    ├── UnsupportedOperationError (also NotImplementedError) method not on the allowlist
    ├── InvalidTurnInputError     (also ValueError) turn text/context outside the limits
    └── TurnInProgressError       the session already has a turn running

Messages are written for logs and API errors: they never carry tokens,
secrets, environment values or stack traces (redaction happens before any
peer text is put into one).
"""

from __future__ import annotations


class AssistantError(Exception):
    """Root of every error this package raises."""

    codex_version: str | None = None
    """The codex version, when the app-server told it before the error."""


class ConfigurationError(AssistantError):
    """The assistant cannot run as configured; restarting will not help."""


class BinaryMissingError(ConfigurationError):
    """The configured codex command is missing or not executable."""


class WrongVersionError(ConfigurationError):
    """The app-server speaks a protocol version other than the reviewed one."""

    def __init__(self, message: str, version: str | None) -> None:
        super().__init__(message)
        self.version = version


class NotLoggedInError(ConfigurationError):
    """The model provider requires an OpenAI login and none is present."""


class UnavailableError(AssistantError):
    """There is no live app-server connection to send to."""


class ConnectionClosedError(UnavailableError):
    """The connection ended (EOF, exit, close) before the call was answered.

    For a mutating call this means *outcome unknown*, never success or refusal.
    """


class AssistantBusyError(UnavailableError):
    """Every loaded thread has a turn in flight and none freed before the deadline."""


class RpcTimeoutError(AssistantError, TimeoutError):
    """A call was not answered within its bound (outcome unknown)."""


class ProtocolError(AssistantError):
    """The peer broke framing (over-long line, bad JSON) or JSON-RPC shape."""


class RpcError(AssistantError):
    """The peer answered with a JSON-RPC error object."""

    def __init__(self, method: str, code: int, message: str) -> None:
        super().__init__(f"{method} failed ({code}): {message}")
        self.method = method
        self.code = code
        self.peer_message = message


class UnsupportedOperationError(AssistantError, NotImplementedError):
    """The method is not on the client's outbound allowlist."""


class InvalidTurnInputError(AssistantError, ValueError):
    """The caller's turn input is outside the seed limits; nothing was sent."""


class TurnInProgressError(AssistantError):
    """The session already has a model turn running (the API answers 409)."""
