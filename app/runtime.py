"""Everything a running service holds, built in the lifespan and torn down
in reverse order: catalog -> parser -> vehicle state -> CAN link ->
simulator -> SQLite store -> tokens -> executor -> assistant.

Nothing here is built at import; :func:`start_runtime` takes the settings.
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vehicle.can.dbc import load_vehicle_dbc
from vehicle.can.link import CanLink, LinkConfig
from vehicle.catalog import Catalog, load_catalog
from vehicle.parser import Parser
from vehicle.state import VehicleState

from .events import EventHub
from .executor import Executor, Ledger
from .settings import Settings
from .store import Store
from .tokens import TokenRegistry

log = logging.getLogger("n7web")


class StartupError(RuntimeError):
    """The service must not start; the message says why (no secrets)."""


@dataclass
class ActiveTurn:
    turn_id: str
    session_id: str
    task: asyncio.Task | None = None
    emit: Any = None
    execute_results: list | None = None
    """Action results of the model's execute calls in this turn (model turns only)."""


@dataclass
class Runtime:
    settings: Settings
    catalog: Catalog
    parser: Parser
    state: VehicleState
    link: CanLink
    store: Store
    tokens: TokenRegistry
    executor: Executor
    hub: EventHub
    callback_token: str
    simulator: Any = None
    assistant: Any = None
    active: dict[str, ActiveTurn] = field(default_factory=dict)
    """session_id -> the turn in progress (one per session)."""
    ledgers: dict[str, Ledger] = field(default_factory=dict)
    """turn_id -> what the turn's token has sent (once per token)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ledger(self, turn_id: str) -> Ledger:
        with self.lock:
            return self.ledgers.setdefault(turn_id, Ledger())

    def drop_ledger(self, turn_id: str) -> None:
        with self.lock:
            self.ledgers.pop(turn_id, None)

    def status(self) -> dict[str, Any]:
        if self.assistant is not None:
            assistant = self.assistant.status()
        else:  # only --no-assistant leaves it unbuilt
            assistant = {"mode": "local_only", "reason": "disabled", "codex_version": None, "mcp": "down"}
        link = self.link.status()
        sim = self.settings.simulator_mode
        return {
            "assistant": assistant,
            "can": {"interface": link["interface"], "channel": link["channel"], "state": link["state"],
                    "simulator": {"in-process": "in_process", "external": "external", "off": "none"}[sim]},
            "execution_mode": self.settings.execution_mode,
            "catalog_generation": self.catalog.generation,
        }


def _open_state_dir(settings: Settings) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.codex_home.mkdir(mode=0o700, exist_ok=True)
    os.chmod(settings.codex_home, 0o700)


def start_runtime(settings: Settings, environ: Mapping[str, str] | None = None) -> Runtime:
    """Build the runtime or raise StartupError naming what failed."""
    from vehicle.catalog import CatalogError
    from vehicle.can.errors import VehicleCanError

    try:
        catalog = load_catalog(settings.catalog)
        dbc = load_vehicle_dbc(settings.catalog, catalog)
        parser = Parser(catalog, settings.catalog)
    except CatalogError as exc:
        raise StartupError(f"invalid catalog: {exc}") from None
    _open_state_dir(settings)
    hub = EventHub()
    state = VehicleState(catalog)
    state.subscribe(hub.publish)
    link = CanLink(catalog, dbc, LinkConfig(
        interface=settings.can_interface, channel=settings.channel,
        can_log=str(settings.can_log) if settings.can_log else None,
        confirm_timeout_ms=settings.confirm_timeout_ms), state)
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
    store = Store(settings.database, settings.audit_retention_days, settings.audit_max_decisions)
    tokens = TokenRegistry(settings.token_ttl_s)
    executor = Executor(catalog, state, link, store, settings.execution_mode, settings.arm_hardware)
    rt = Runtime(settings, catalog, parser, state, link, store, tokens, executor, hub,
                 callback_token=secrets.token_urlsafe(32), simulator=simulator)
    if not settings.no_assistant:
        try:
            rt.assistant = _assistant(rt, os.environ if environ is None else environ)
        except Exception as exc:
            stop_runtime(rt)
            raise StartupError(f"assistant configuration: {exc}") from None
    return rt


def _assistant(rt: Runtime, environ: Mapping[str, str]) -> Any:
    """The Codex assistant; it starts (and may report local_only) in the lifespan."""
    from .assistant import AssistantSettings, CodexAssistant
    from .model_catalog import developer_instructions

    s = rt.settings
    settings = AssistantSettings.from_env(environ, state_dir=s.state_dir, max_loaded_threads=s.max_loaded_threads,
                                          codex_home=s.codex_home.resolve()
                                          if not environ.get("CODEX_HOME") else Path(environ["CODEX_HOME"]))
    return CodexAssistant(settings, f"http://127.0.0.1:{s.port}/internal/v1", rt.callback_token,
                          developer_instructions=lambda: developer_instructions(rt.catalog))


def stop_runtime(rt: Runtime) -> None:
    for closer in (
        getattr(rt.simulator, "stop", None),
        rt.link.close,
        rt.store.close,
    ):
        if closer is None:
            continue
        try:
            closer()
        except Exception:  # shutdown must finish; nothing useful to surface
            log.warning("shutdown step failed", exc_info=False)
