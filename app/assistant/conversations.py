"""Sessions → Codex threads, bounded, and the facade the backend calls.

- The one ``n7_vehicle`` MCP server (:class:`McpHost`) starts beside codex
  (its socket bound first) and is shared by every thread over streamable HTTP: a loaded thread costs
  codex about 1 MiB and a new thread starts no process.
- A session's thread is created lazily at its first model turn and reused.
- At most ``max_loaded_threads`` threads are loaded (16 by default). Past
  the bound, or after ``idle_free_s``, the least recently used idle thread
  is unloaded with ``thread/archive`` (``thread/unsubscribe`` leaves it
  loaded for up to 30 minutes): that bounds codex's memory and its thread
  table. An archived thread comes back with ``thread/unarchive`` +
  ``thread/resume``; a thread with no rollout yet is deleted instead; if
  neither works, the app-server is recycled while no turn is in flight.
- While the MCP server restarts, a turn waits for it (bounded) and
  otherwise fails before reaching codex, so nothing half-happens.
- A restart (crash or recycle) bumps the generation: every thread counts as
  unloaded and is resumed at its next turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from . import launch
from .client import CodexClient
from .errors import (
    AssistantBusyError,
    AssistantError,
    ConfigurationError,
    RpcError,
    TurnInProgressError,
    UnavailableError,
)
from .instructions import BASE_INSTRUCTIONS
from .mcp_host import McpHost
from .settings import AssistantSettings
from .supervisor import Supervisor
from .turns import (
    ASSISTANT_UNAVAILABLE,
    INTERRUPTED,
    TURN_DEADLINE,
    TurnCollector,
    TurnOutcome,
    error,
)

log = logging.getLogger(__name__)

MAX_SESSIONS = 1024
"""Session records kept; the oldest unloaded ones are forgotten past this."""
INTERRUPT_GRACE_S = 2.0
"""After a deadline or interrupt, how long the turn gets to report completion."""
MCP_WAIT_S = 5.0
"""How long a turn waits for a restarting MCP server before failing (it restarts in ~1 s)."""


@dataclass(slots=True)
class _Thread:
    """One session's thread and where it stands."""

    thread_id: str | None = None
    loaded_generation: int | None = None
    """The app-server generation it is loaded in (None: not loaded)."""
    catalog_generation: str | None = None
    """The developer instructions' catalog generation it was loaded with."""
    archived: bool = False
    last_used: float = 0.0
    turn: TurnCollector | None = None
    """The turn in flight, if any (one per session)."""


class CodexAssistant:
    """The assistant as the backend sees it (async, one per service)."""

    def __init__(
        self,
        settings: AssistantSettings,
        callback_url: str,
        callback_token: str,
        developer_instructions: Callable[[], tuple[str, str]],
        *,
        base_instructions: str = BASE_INSTRUCTIONS,
        thread_ids: MutableMapping[str, str] | None = None,
        on_status: Callable[[dict[str, Any]], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self._developer = developer_instructions
        self._base = base_instructions
        self._thread_ids = thread_ids if thread_ids is not None else {}
        """session -> ``"<thread id>@<catalog generation>"`` (opaque to callers); pass a
        persistent mapping to resume threads across service restarts."""
        self._clock = clock
        self._sessions: dict[str, _Thread] = {}
        for session, value in self._thread_ids.items():
            thread_id, _, catalog_generation = str(value).partition("@")
            self._sessions[session] = _Thread(
                thread_id=thread_id or None, catalog_generation=catalog_generation or None
            )
        self._slots = asyncio.Condition()
        self._sweeper: asyncio.Task[None] | None = None
        self.mcp = McpHost(
            callback_url,
            callback_token,
            settings.callback_timeout_s,
            command=settings.mcp_command,
            args=settings.mcp_args,
            environ=settings.child_env,
            startup_timeout_s=settings.startup_timeout_s,
        )
        self.supervisor = Supervisor(
            settings,
            self.mcp.endpoint,
            on_thread_unloaded=self._thread_unloaded,
            on_status=on_status,
            secrets=self.mcp.secrets,
        )

    # -- lifecycle -------------------------------------------------------------
    async def start(self) -> None:
        """The MCP server and codex start side by side; return once both first starts settled.

        The server's socket is bound (its endpoint, codex's ``required``
        server, known) before either child starts, so codex needs nothing of
        the server child to start: a connection it opens early waits in the
        socket's backlog until the child serves.
        """
        if not self.settings.enabled:
            return
        self.mcp.listen()
        await asyncio.gather(self.mcp.first_attempt(), self.supervisor.start())
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep(), name="codex-thread-sweeper")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        await self.supervisor.close()
        await self.mcp.close()

    def status(self) -> dict[str, Any]:
        """The API's ``assistant`` body: codex's mode/reason/version plus ``mcp: up|down``."""
        return {**self.supervisor.status(), "mcp": self.mcp.state}

    def loaded_sessions(self) -> list[str]:
        generation = self.supervisor.generation
        return [s for s, t in self._sessions.items() if t.loaded_generation == generation]

    # -- turns -----------------------------------------------------------------
    async def run_turn(
        self,
        session_id: str,
        text: str,
        trusted_context: dict[str, Any],
        on_delta: Callable[[str], None] | None = None,
        on_tool_call: Callable[[dict[str, Any]], None] | None = None,
        deadline_s: float = 60.0,
        client_message_id: str | None = None,
    ) -> TurnOutcome:
        """Run one model turn; failures come back as ``TurnOutcome.error``.

        Raises only for caller mistakes: InvalidTurnInputError (limits) and
        TurnInProgressError (a second turn in the same session).
        """
        turn_input = launch.turn_text(text, trusted_context)
        record = self._sessions.get(session_id)
        if record is None:
            self._forget_oldest()
            record = self._sessions[session_id] = _Thread()
        if record.turn is not None:
            raise TurnInProgressError("this session already has a model turn running")
        deadline = self._clock() + deadline_s
        collector = TurnCollector("", -1, on_delta, on_tool_call)
        record.turn = collector
        try:
            try:
                if not await self.mcp.wait_up(min(MCP_WAIT_S, deadline - self._clock())):
                    raise UnavailableError("the vehicle tool server is not running")
                client = await self._load(session_id, record, deadline)
            except AssistantError as exc:
                return TurnOutcome("", error(ASSISTANT_UNAVAILABLE, _sentence(exc)), False, [])
            if collector.interrupt_reason == INTERRUPTED:
                return TurnOutcome("", error(INTERRUPTED, "The turn was interrupted."), False, [])
            collector.thread_id = record.thread_id or ""
            collector.generation = client.generation
            return await self._drive(client, collector, turn_input, deadline, client_message_id)
        finally:
            async with self._slots:
                record.turn = None
                record.last_used = self._clock()
                self._slots.notify_all()

    async def interrupt(self, session_id: str) -> bool:
        """Ask the session's running turn to stop; False when none is running."""
        record = self._sessions.get(session_id)
        collector = record.turn if record is not None else None
        if collector is None or collector.done.is_set():
            return False
        collector.interrupt_reason = collector.interrupt_reason or INTERRUPTED
        client = self.supervisor.current_client()
        if collector.turn_id is not None and client is not None and client.generation == collector.generation:
            await client.turn_interrupt(collector.thread_id, collector.turn_id)
        return True

    async def _drive(
        self,
        client: CodexClient,
        collector: TurnCollector,
        turn_input: str,
        deadline: float,
        client_message_id: str | None,
    ) -> TurnOutcome:
        try:
            turn_id = await asyncio.wait_for(
                client.turn_start(collector, turn_input, client_message_id), max(deadline - self._clock(), 0.001)
            )
        except TimeoutError:
            collector.fail(TURN_DEADLINE, "The assistant did not answer in time.")
            return collector.outcome()
        except AssistantError as exc:
            collector.fail(ASSISTANT_UNAVAILABLE, _sentence(exc))
            return collector.outcome()
        try:
            if collector.interrupt_reason is not None:
                await client.turn_interrupt(collector.thread_id, turn_id)
            try:
                await asyncio.wait_for(collector.done.wait(), max(deadline - self._clock(), 0.001))
            except TimeoutError:
                collector.interrupt_reason = TURN_DEADLINE
                collector.error = collector.error or error(TURN_DEADLINE, "The assistant did not answer in time.")
                await client.turn_interrupt(collector.thread_id, turn_id)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(collector.done.wait(), INTERRUPT_GRACE_S)
                collector.fail(TURN_DEADLINE, "The assistant did not answer in time.")
            return collector.outcome()
        finally:
            client.turn_finished(collector)

    # -- threads ---------------------------------------------------------------
    async def _load(self, session_id: str, record: _Thread, deadline: float) -> CodexClient:
        """Make sure the session's thread is loaded in the current generation."""
        client = await self.supervisor.client(deadline - self._clock())
        try:
            catalog_generation, developer = self._developer()
        except Exception as exc:  # the backend's callable: fail this turn, closed
            raise ConfigurationError(f"developer instructions unavailable ({type(exc).__name__})") from None
        if not isinstance(catalog_generation, str) or not isinstance(developer, str):
            raise ConfigurationError("developer instructions must be (generation, text) strings")
        async with self._slots:
            if record.loaded_generation == client.generation and record.catalog_generation == catalog_generation:
                return client
            if record.thread_id is not None and record.catalog_generation != catalog_generation:
                # thread/resume keeps a thread's original developer instructions
                # (measured), so a new catalog needs a new thread.
                if record.loaded_generation == client.generation:
                    await self._free(client, record)
                record.thread_id, record.archived = None, False
            await self._make_room(client, record, deadline)
            record.thread_id = await self._open(client, record, developer)
            self._thread_ids[session_id] = f"{record.thread_id}@{catalog_generation}"
            record.loaded_generation = client.generation
            record.catalog_generation = catalog_generation
            record.archived = False
            record.last_used = self._clock()
            return client

    async def _open(self, client: CodexClient, record: _Thread, developer: str) -> str:
        if record.thread_id is not None:
            try:
                if record.archived:
                    await client.thread_call("thread/unarchive", record.thread_id)
                return await client.thread_resume(record.thread_id, developer, self._base)
            except RpcError as exc:
                if "archived" in exc.peer_message and not record.archived:
                    with contextlib.suppress(RpcError):
                        await client.thread_call("thread/unarchive", record.thread_id)
                        return await client.thread_resume(record.thread_id, developer, self._base)
                log.info("could not resume a thread (%s); starting a new one", exc.code)
        return await client.thread_start(developer, self._base)

    async def _make_room(self, client: CodexClient, keep: _Thread, deadline: float) -> None:
        """Free least-recently-used idle threads until one more fits (lock held)."""
        while True:
            loaded = [t for t in self._sessions.values() if t.loaded_generation == client.generation and t is not keep]
            if len(loaded) < self.settings.max_loaded_threads:
                return
            idle = sorted((t for t in loaded if t.turn is None), key=lambda t: t.last_used)
            if idle:
                await self._free(client, idle[0])
                continue
            remaining = deadline - self._clock()
            if remaining <= 0:
                raise AssistantBusyError("every assistant thread is busy")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._slots.wait(), remaining)

    async def _free(self, client: CodexClient, record: _Thread) -> None:
        """Unload a thread (lock held, no turn on it): codex forgets it until it is resumed."""
        thread_id = record.thread_id
        record.loaded_generation = None
        if thread_id is None:
            return
        try:
            await client.thread_call("thread/archive", thread_id)
            record.archived = True
            return
        except RpcError as exc:
            log.info("thread/archive refused (%s); deleting the thread instead", exc.code)
        try:
            await client.thread_call("thread/delete", thread_id)
            record.thread_id = None
            record.archived = False
            return
        except RpcError as exc:
            log.warning("thread/delete refused (%s); recycling the app-server", exc.code)
        if not any(t.turn is not None and not t.turn.done.is_set() for t in self._sessions.values() if t is not record):
            await self.supervisor.recycle()

    def _forget_oldest(self) -> None:
        """Bound the session table: drop the oldest records with nothing loaded."""
        while len(self._sessions) >= MAX_SESSIONS:
            idle = [
                (t.last_used, s) for s, t in self._sessions.items() if t.turn is None and t.loaded_generation is None
            ]
            if not idle:
                return
            session = min(idle)[1]
            del self._sessions[session]
            self._thread_ids.pop(session, None)

    def _thread_unloaded(self, thread_id: str) -> None:
        for record in self._sessions.values():
            if record.thread_id == thread_id and record.turn is None:
                record.loaded_generation = None

    async def free_idle_threads(self) -> int:
        """Free threads idle for ``idle_free_s``; the sweeper calls this."""
        client = self.supervisor.current_client()
        if client is None or not client.alive:
            return 0
        freed = 0
        async with self._slots:
            now = self._clock()
            for record in list(self._sessions.values()):
                if (
                    record.loaded_generation == client.generation
                    and record.turn is None
                    and now - record.last_used >= self.settings.idle_free_s
                ):
                    await self._free(client, record)
                    freed += 1
        return freed

    async def _sweep(self) -> None:
        period = min(60.0, max(self.settings.idle_free_s / 4, 0.05))
        while True:
            await asyncio.sleep(period)
            try:
                await self.free_idle_threads()
            except AssistantError as exc:
                log.info("idle thread sweep failed: %s", type(exc).__name__)


def _sentence(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if text.endswith(".") else text + "."
