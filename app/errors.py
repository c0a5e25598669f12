"""The one error root of ``app/`` (as ``vehicle/can/errors.py`` is for the CAN side).

Every error the service raises on purpose derives from :class:`N7WebError`
and carries a machine ``code`` and a human ``message`` that never holds a
token, a secret or a traceback. The HTTP edge (``app/api/errors.py``) maps
this tree to the ``{"error": {"code", "message"}}`` envelope; foreign
exceptions (pydantic, sqlite, python-can, OS) are mapped there or where they
are caught, never passed through raw.

    N7WebError
    ├── ConfigError        settings that must not start the service
    ├── StartupError       a part that did not come up (catalog, bus, state dir)
    ├── TurnInProgress     one turn per session at a time (409)
    └── ApiError           an HTTP answer chosen by a route (status + code)
"""

from __future__ import annotations


class N7WebError(Exception):
    """Base of every deliberate error in ``app/``."""

    code = "error"
    status = 500

    def __init__(self, message: str, code: str | None = None, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status


class ConfigError(N7WebError, ValueError):
    code = "invalid_settings"


class StartupError(N7WebError, RuntimeError):
    """The service must not start; the message says why (no secrets)."""

    code = "startup_failed"


class TurnInProgress(N7WebError):
    code = "turn_in_progress"
    status = 409

    def __init__(self, what: str = "a turn is already in progress in this session") -> None:
        super().__init__(what)


class ApiError(N7WebError):
    """An HTTP answer chosen by a route: ``ApiError(404, "unknown_session", "...")``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message, code=code, status=status)
