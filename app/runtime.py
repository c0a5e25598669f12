"""Everything a running service holds, built in the lifespan and torn down
in reverse order: catalog -> parser -> vehicle state -> CAN link ->
simulator -> SQLite store -> tokens -> executor -> assistant.

Nothing here is built at import; :func:`start_runtime` takes the settings.
"""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from vehicle.can.dbc import load_vehicle_dbc
from vehicle.can.link import CanLink, LinkConfig
from vehicle.catalog import Catalog, load_catalog
from vehicle.parser import Parser
from vehicle.state import VehicleState

from .errors import StartupError
from .events import EventHub
from .executor import Executor
from .ports import AssistantPort, SimulatorPort
from .settings import Settings
from .store import AsyncStore, Store
from .tokens import TokenRegistry
from .turn import BusRuns, QuestionRegistry, TurnRegistry, restart_reply
from .turn.answers import answer_words

log = logging.getLogger("n7web")


__all__ = ["Runtime", "StartupError", "start_runtime", "stop_runtime"]


@dataclass
class Runtime:
    """The composition root: typed services, built once, torn down in reverse."""

    settings: Settings
    catalog: Catalog
    parser: Parser
    state: VehicleState
    link: CanLink
    store: Store
    """Synchronous: the executor's audit writes (in executor threads)."""
    db: AsyncStore
    """The event loop's store: every call in the store's own threads."""
    tokens: TokenRegistry
    executor: Executor
    bus_runs: BusRuns
    hub: EventHub
    callback_token: str
    simulator: SimulatorPort | None = None
    assistant: AssistantPort | None = None
    turns: TurnRegistry = field(default_factory=TurnRegistry)
    questions: QuestionRegistry = field(default_factory=QuestionRegistry)
    """The open question of each session (DESIGN section 4a), in memory."""
    """The turns in flight (one per session) and their ledgers."""
    jobs: Any = None
    """Timed commands (:class:`app.jobs.service.Jobs`): started and stopped in the lifespan."""

    @property
    def turn_deadline_s(self) -> float:
        return self.settings.turn_deadline_s

    def status(self) -> dict[str, Any]:
        if self.assistant is not None:
            assistant = self.assistant.status()
        else:  # only --no-assistant leaves it unbuilt
            assistant = {"mode": "local_only", "reason": "disabled", "codex_version": None, "mcp": "down"}
        link = self.link.status()
        sim = self.settings.simulator_mode
        can_status = {
            "interface": link["interface"],
            "channel": link["channel"],
            "state": link["state"],
            "simulator": {"in-process": "in_process", "external": "external", "off": "none"}[sim],
        }
        if "log" in link:
            can_status["log"] = link["log"]
        return {
            "assistant": assistant,
            "can": can_status,
            "execution_mode": self.settings.execution_mode,
            "catalog_generation": self.catalog.generation,
        }


#: The state dir holds what people said (DESIGN section 10): the owner only.
STATE_DIR_MODE = 0o700


def _open_state_dir(settings: Settings) -> None:
    """Create the state dir (0700, tightened if it exists) and prove it writable now, not at the first turn.

    A directory shared with others (the sticky bit of /tmp) or owned by
    another user is refused rather than changed: tightening it would take it
    from its other users.
    """
    where = settings.state_dir
    try:
        where.mkdir(mode=STATE_DIR_MODE, parents=True, exist_ok=True)
        info = os.stat(where)
    except OSError as exc:
        raise StartupError(f"--state-dir {where}: not writable ({exc.strerror or exc})") from None
    if info.st_mode & stat.S_ISVTX:
        raise StartupError(
            f"--state-dir {where}: a directory shared with others (like /tmp); give the service a directory of its own"
        )
    if info.st_uid != os.geteuid():
        raise StartupError(f"--state-dir {where}: owned by another user; the service keeps its state private")
    try:
        os.chmod(where, STATE_DIR_MODE)
        settings.codex_home.mkdir(mode=0o700, exist_ok=True)
        os.chmod(settings.codex_home, 0o700)
        probe = settings.state_dir / ".n7web-write-check"
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        probe.unlink()
    except OSError as exc:
        raise StartupError(f"--state-dir {settings.state_dir}: not writable ({exc.strerror or exc})") from None


def _open_store(settings: Settings) -> Store:
    try:
        return Store(
            settings.database, settings.audit_retention_days, settings.audit_max_decisions, settings.max_sessions
        )
    except (sqlite3.Error, OSError) as exc:
        raise StartupError(f"database {settings.database}: {exc}") from None


def _answer_open_turns(store: Store, parser: Parser) -> None:
    """Turns the last run never finished get their ``interrupted_by_restart`` Reply."""
    for row in store.open_turns():
        language = parser.parse(row["text"]).language
        store.finish_turn(
            row["turn_id"],
            restart_reply(
                row["session_id"],
                row["turn_id"],
                row["client_message_id"],
                language,
                store.turn_decisions(row["turn_id"]),
            ),
        )


def start_runtime(settings: Settings, environ: Mapping[str, str] | None = None) -> Runtime:
    """Build the runtime or raise StartupError naming what failed."""
    from vehicle.can.errors import VehicleCanError
    from vehicle.catalog import CatalogError

    try:
        catalog = load_catalog(settings.catalog)
        dbc = load_vehicle_dbc(settings.catalog, catalog)
        parser = Parser(catalog, settings.catalog)
    except CatalogError as exc:
        raise StartupError(f"invalid catalog: {exc}") from None
    try:
        answer_words()  # the words that answer a question: a broken table refuses the start, not a turn
    except (OSError, ValueError, yaml.YAMLError) as exc:
        raise StartupError(f"invalid catalog: {exc}") from None
    _open_state_dir(settings)
    hub = EventHub()
    state = VehicleState(catalog)
    state.subscribe(hub.publish)
    link = CanLink(
        catalog,
        dbc,
        LinkConfig(
            interface=settings.can_interface,
            channel=settings.channel,
            can_log=str(settings.can_log) if settings.can_log else None,
            confirm_timeout_ms=settings.confirm_timeout_ms,
        ),
        state,
    )
    simulator = None
    try:
        link.open()
        if settings.simulator_mode == "in-process":
            from vehicle.sim import EcuSimulator

            simulator = EcuSimulator(catalog, dbc, settings.can_interface, settings.channel)
            simulator.start()
    except (VehicleCanError, OSError) as exc:
        link.close()
        raise StartupError(f"CAN: {exc}") from None
    try:
        store = _open_store(settings)
        _answer_open_turns(store, parser)
    except StartupError:
        if simulator is not None:
            simulator.stop()
        link.close()
        raise
    tokens = TokenRegistry(settings.token_ttl_s)
    executor = Executor(catalog, state, link, store, settings.execution_mode, settings.arm_hardware)
    rt = Runtime(
        settings,
        catalog,
        parser,
        state,
        link,
        store,
        AsyncStore(store),
        tokens,
        executor,
        BusRuns(executor),
        hub,
        callback_token=secrets.token_urlsafe(32),
        simulator=simulator,
    )
    rt.questions.timeout_s = settings.question_timeout_s
    try:
        rt.jobs = _jobs(rt)
    except sqlite3.Error as exc:
        stop_runtime(rt)
        raise StartupError(f"database {settings.database}: jobs: {exc}") from None
    if not settings.no_assistant:
        try:
            rt.assistant = _assistant(rt, os.environ if environ is None else environ)
        except Exception as exc:
            stop_runtime(rt)
            raise StartupError(f"assistant configuration: {exc}") from None
    return rt


def _jobs(rt: Runtime) -> Any:
    """The timed commands' owner: its table in the same database, its scheduler started in the lifespan."""
    from .jobs.fire import Firing
    from .jobs.service import Jobs
    from .jobs.store import JobStore

    return Jobs(JobStore(rt.settings.database), Firing(rt.catalog, rt.state, rt.bus_runs), rt.hub.publish)


def _assistant(rt: Runtime, environ: Mapping[str, str]) -> Any:
    """The Codex assistant; it starts (and may report local_only) in the lifespan."""
    from .assistant import AssistantSettings, CodexAssistant
    from .model_catalog import developer_instructions

    s = rt.settings
    timeouts = s.timeouts  # the loader checked the ladder; the assistant uses the same rungs
    settings = AssistantSettings.from_env(
        environ,
        state_dir=s.state_dir,
        max_loaded_threads=s.max_loaded_threads,
        vehicle_tool_timeout_s=timeouts.tool_s,
        callback_timeout_s=timeouts.callback_s,
        codex_home=s.codex_home.resolve() if not environ.get("CODEX_HOME") else Path(environ["CODEX_HOME"]),
    )
    return CodexAssistant(
        settings,
        f"http://127.0.0.1:{s.port}/internal/v1",
        rt.callback_token,
        developer_instructions=lambda: developer_instructions(rt.catalog),
    )


def stop_runtime(rt: Runtime) -> None:
    for closer in (
        getattr(rt.simulator, "stop", None),
        getattr(rt.jobs, "close", None),
        rt.bus_runs.shutdown,
        rt.link.close,
        rt.db.shutdown,
        rt.store.close,
    ):
        if closer is None:
            continue
        try:
            closer()
        except Exception:  # shutdown must finish; nothing useful to surface
            log.warning("shutdown step failed", exc_info=False)
