"""Keeps one app-server running: start, restart with backoff, status.

A **generation** counter bumps on every start and every invalidation
(crash, recycle, close). Work tagged with an older generation — a loaded
thread, a server request, an interrupt — cannot act on the new process.
Configuration problems (missing binary, wrong version, no login, refused
configuration) are final until the next :meth:`Supervisor.start`; a crash
of a running app-server is retried with exponential backoff, and in-flight
turns fail with ``assistant_unavailable`` (their connection fails them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from .client import CodexClient
from .errors import (
    AssistantError,
    BinaryMissingError,
    ConfigurationError,
    NotLoggedInError,
    UnavailableError,
    WrongVersionError,
)
from .mcp_host import McpEndpoint
from .redact import redact_text
from .settings import AssistantSettings

log = logging.getLogger(__name__)

BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 30.0
STABLE_AFTER_S = 60.0
"""A process that ran this long resets the backoff."""


def _reason_for(exc: BaseException) -> str:
    if isinstance(exc, BinaryMissingError):
        return "binary_missing"
    if isinstance(exc, WrongVersionError):
        return "wrong_version"
    if isinstance(exc, NotLoggedInError):
        return "not_logged_in"
    return "crashed"


class Supervisor:
    """Owns the current :class:`CodexClient` and the assistant status."""

    def __init__(
        self,
        settings: AssistantSettings,
        endpoint: Callable[[], McpEndpoint],
        on_thread_unloaded: Callable[[str], None] | None = None,
        on_status: Callable[[dict[str, Any]], None] | None = None,
        secrets: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        self.settings = settings
        self._endpoint = endpoint
        """The shared MCP server's URL and bearer, read at each launch (the host binds first)."""
        self._secrets = secrets
        self._on_thread_unloaded = on_thread_unloaded or (lambda thread_id: None)
        self.generation = 0
        self.reason: str | None = "disabled" if not settings.enabled else "starting"
        self.version: str | None = None
        self.diagnostic: str | None = None
        """Why the assistant is not ready, redacted, for logs and support."""
        self.restarts = 0
        self._client: CodexClient | None = None
        self._first_attempt = asyncio.Event()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._recycle = False
        self._on_status = on_status
        self._last_status = self.status()

    # -- status ----------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """``{"mode", "reason", "codex_version"}`` (the API status contract)."""
        ready = self._client is not None and self._client.alive and self.reason is None
        return {
            "mode": "codex" if ready else "local_only",
            "reason": None if ready else (self.reason or "crashed"),
            "codex_version": self.version,
        }

    def current_client(self) -> CodexClient | None:
        """The live client of the current generation, if any (no waiting)."""
        client = self._client
        return client if client is not None and client.alive else None

    def is_current(self, generation: int) -> bool:
        return generation == self.generation and not self._closing

    # -- lifecycle -------------------------------------------------------------
    async def start(self) -> None:
        """Begin supervising; return after the first start attempt settles."""
        if not self.settings.enabled or (self._task is not None and not self._task.done()):
            return
        self._closing = False
        self._first_attempt.clear()
        self._task = asyncio.create_task(self._run(), name="codex-supervisor")
        await self._first_attempt.wait()

    async def close(self) -> None:
        self._closing = True
        self.generation += 1
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._drop_client()
        self._set("disabled" if not self.settings.enabled else "starting")

    async def client(self, timeout: float) -> CodexClient:
        """The ready client, waiting (bounded) through a start or restart."""
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            client = self._client
            if client is not None and client.alive and self.reason is None:
                return client
            if self._closing or self._task is None or self._task.done():
                raise UnavailableError(self._unavailable_text())
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise UnavailableError(self._unavailable_text())
            self._changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def recycle(self) -> None:
        """Restart the app-server on purpose (frees every thread at once)."""
        client = self._client
        if client is not None:
            self._recycle = True
            await client.close()

    def _unavailable_text(self) -> str:
        return f"assistant unavailable ({self.reason or 'crashed'})"

    def _set(self, reason: str | None) -> None:
        self.reason = reason
        self._changed.set()
        current = self.status()
        if current != self._last_status:
            self._last_status = current
            if self._on_status is not None:
                try:
                    self._on_status(dict(current))
                except Exception as exc:  # a listener bug must not stop supervision
                    log.warning("status listener raised %s", type(exc).__name__)

    async def _drop_client(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.close()

    async def _run(self) -> None:
        backoff = BACKOFF_FIRST_S
        while not self._closing:
            self.generation += 1
            self._set("starting")
            try:
                client = await CodexClient.launch(
                    self.settings,
                    self._endpoint(),
                    generation=self.generation,
                    is_current=self.is_current,
                    on_thread_unloaded=self._on_thread_unloaded,
                )
            except ConfigurationError as exc:
                self.version = getattr(exc, "codex_version", None) or getattr(exc, "version", None) or self.version
                self._fail(exc, _reason_for(exc))
                return
            except AssistantError as exc:
                self._fail(exc, "crashed")
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX_S)
                continue
            self._client, self.version, self.diagnostic = client, client.version, None
            self._set(None)
            self._first_attempt.set()
            log.info("codex app-server %s ready (generation %d)", client.version, self.generation)
            started = time.monotonic()
            await client.wait_closed()
            self.generation += 1  # everything tagged with the old one is stale
            self._client = None
            await client.close()
            if self._closing:
                return
            if self._recycle:
                self._recycle = False
                backoff = BACKOFF_FIRST_S
                continue
            self.restarts += 1
            self._fail(UnavailableError("the app-server exited"), "crashed")
            if time.monotonic() - started > STABLE_AFTER_S:
                backoff = BACKOFF_FIRST_S
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX_S)

    def _fail(self, exc: BaseException, reason: str) -> None:
        self.diagnostic = redact_text(str(exc), self._secrets())[:4000]
        log.warning("assistant %s: %s", reason, self.diagnostic)
        self._set(reason)
        self._first_attempt.set()
