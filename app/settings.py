"""The service's one configuration loader: flags over ``N7WEB_*`` over defaults.

One table — the fields of :class:`Settings`, each with its description and
bounds — feeds the argument parser (``n7web serve --help`` has help for
every option), the README's option table and the systemd environment
(``n7web serve --print-options markdown|env``). Values are read by
pydantic-settings from an explicit environ mapping (never ``os.environ`` at
import), so tests pass their own.

Validation refuses unsafe combinations at start (fail closed): a
non-loopback host, hardware mode without ``--arm-hardware``, a real bus in
simulation, an in-process ECU on a hardware bus, and a timeout ladder that
does not nest (:class:`Timeouts`).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import AliasChoices, Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, EnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict
from pydantic_settings.sources.utils import parse_env_vars

from .errors import ConfigError
from .settings_table import add_arguments
from .settings_table import env_name as table_env_name

SettingsError = ConfigError
"""Settings that must not start the service; the message names the option and why."""

MAX_TOKEN_TTL_S = 120.0
TOOL_TIMEOUT_ENV = (
    "CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS",
    "COGNITIVE_AGENT_CODEX_VEHICLE_TOOL_TIMEOUT_SECONDS",
)


@dataclass(frozen=True)
class Timeouts:
    """The ladder of DESIGN section 2: each waits strictly inside the next.

    callback (MCP server -> backend) < tool (codex ``tool_timeout_sec``)
    < turn deadline < token expiry <= 120 s. A ladder that does not nest
    would let a token die under a running call, or a turn outlive its tool.
    """

    callback_s: float
    tool_s: float
    turn_deadline_s: float
    token_ttl_s: float

    def __post_init__(self) -> None:
        rungs = [
            ("callback timeout", self.callback_s),
            ("vehicle tool timeout", self.tool_s),
            ("turn deadline", self.turn_deadline_s),
            ("token expiry", self.token_ttl_s),
        ]
        for (low_name, low), (high_name, high) in zip(rungs, rungs[1:]):
            if not 0 < low < high:
                raise ConfigError(
                    f"timeouts must nest: {low_name} ({low:g} s) must be below the {high_name} ({high:g} s)"
                )
        if self.token_ttl_s > MAX_TOKEN_TTL_S:
            raise ConfigError(
                f"timeouts must nest: token expiry ({self.token_ttl_s:g} s) is at most {MAX_TOKEN_TTL_S:g} s"
            )

    @classmethod
    def for_tool(cls, tool_s: float, turn_deadline_s: float, token_ttl_s: float) -> Timeouts:
        """The MCP server's callback gives up at two thirds of the tool timeout."""
        return cls(round(tool_s * 2 / 3, 1), tool_s, turn_deadline_s, token_ttl_s)


_ENVIRON: ContextVar[Mapping[str, str]] = ContextVar("n7web_environ", default=MappingProxyType({}))


class _GivenEnviron(EnvSettingsSource):
    """``N7WEB_*`` from the mapping handed to :func:`load_settings`, not ``os.environ``."""

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return parse_env_vars(_ENVIRON.get(), self.case_sensitive, self.env_ignore_empty, self.env_parse_none_str)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="N7WEB_",
        extra="forbid",
        frozen=True,
        env_ignore_empty=True,
        populate_by_name=True,
        case_sensitive=False,
    )

    host: str = Field("127.0.0.1", description="address to bind; loopback only (127.0.0.1, ::1, localhost)")
    port: int = Field(8470, ge=1, le=65535, description="TCP port of the console, API and MCP callback")
    can_interface: Literal["virtual", "socketcan", "remote"] = Field(
        "virtual", description="python-can interface (remote: a python-can-remote hub at ws://…)"
    )
    can_channel: str | None = Field(None, description="CAN channel (default: n7web on virtual, vcan0 on socketcan)")
    execution_mode: Literal["simulation", "dry_run", "hardware"] = Field(
        "simulation", description="simulation (vcan/virtual), dry_run (encode, send nothing) or hardware"
    )
    arm_hardware: bool = Field(False, description="required with --execution-mode hardware")
    simulator: Literal["in-process", "external", "off"] | None = Field(
        None, description="ECU simulator (default: in-process on virtual, external on socketcan)"
    )
    confirm_timeout_ms: int = Field(300, ge=10, le=5000, description="how long a command waits for its status echo")
    can_log: Path | None = Field(None, description="append every frame sent and received to this .log or .asc file")
    state_dir: Path = Field(description="database, codex home and voice session (default $XDG_STATE_HOME/n7web)")
    catalog: Path | None = Field(None, description="capability catalog directory (default: the bundled one)")
    no_assistant: bool = Field(False, description="local-only: never start the model")
    max_loaded_threads: int = Field(16, ge=1, le=64, description="Codex threads kept loaded (about 1 MiB each)")
    turn_deadline_s: float = Field(60.0, gt=0, lt=MAX_TOKEN_TTL_S, description="a model turn's deadline, seconds")
    question_timeout_s: float = Field(
        15.0, gt=0, le=300, description="how long a question the assistant asked waits for its answer, seconds"
    )
    token_ttl_s: float = Field(120.0, gt=0, le=MAX_TOKEN_TTL_S, description="request token lifetime, seconds")
    vehicle_tool_timeout_s: float = Field(
        45.0,
        gt=0,
        lt=MAX_TOKEN_TTL_S,
        validation_alias=AliasChoices("vehicle_tool_timeout_s", *TOOL_TIMEOUT_ENV),
        description="codex tool_timeout_sec for the vehicle tool, seconds (env CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS)",
    )
    audit_retention_days: int = Field(30, ge=1, le=3650, description="audit rows and stored turns are kept this long")
    audit_max_decisions: int = Field(100_000, ge=100, le=10_000_000, description="audit rows kept at most")
    max_sessions: int = Field(10_000, ge=10, le=1_000_000, description="sessions kept at most (oldest dropped first)")

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, _GivenEnviron(settings_cls)

    @model_validator(mode="after")
    def _safe(self) -> Settings:
        if self.host not in ("localhost",):
            try:
                if not ipaddress.ip_address(self.host).is_loopback:
                    raise ValueError
            except ValueError:
                raise ValueError(
                    f"--host {self.host!r} is not a loopback address; the service binds to loopback only"
                ) from None
        channel = self.channel
        if self.execution_mode == "hardware":
            if self.can_interface != "socketcan" or channel.startswith("vcan"):
                raise ValueError("hardware mode needs --can-interface socketcan on a real (non-vcan) channel")
            if not self.arm_hardware:
                raise ValueError("hardware mode needs --arm-hardware")
            if self.simulator_mode == "in-process":
                raise ValueError("an in-process simulator cannot run on a hardware bus")
        if self.can_interface == "remote" and not (self.can_channel or "").startswith(("ws://", "wss://")):
            raise ValueError("--can-interface remote needs --can-channel ws://HOST:PORT/ (a python-can-remote hub)")
        if self.execution_mode == "simulation" and self.can_interface == "socketcan" and not channel.startswith("vcan"):
            raise ValueError(
                f"simulation mode refuses the real bus {channel!r}: use a vcan channel or --execution-mode hardware"
            )
        if self.can_log is not None and self.can_log.suffix.lower() not in (".log", ".asc"):
            raise ValueError("--can-log must end in .log or .asc (convert later with python -m can.logconvert)")
        try:
            self.timeouts  # noqa: B018 (validates the ladder)
        except ConfigError as exc:
            raise ValueError(exc.message) from None
        return self

    @property
    def timeouts(self) -> Timeouts:
        return Timeouts.for_tool(self.vehicle_tool_timeout_s, self.turn_deadline_s, self.token_ttl_s)

    @property
    def channel(self) -> str:
        if self.can_channel:
            return self.can_channel
        return "vcan0" if self.can_interface == "socketcan" else "n7web"

    @property
    def simulator_mode(self) -> str:
        if self.simulator:
            return self.simulator
        return "in-process" if self.can_interface == "virtual" else "external"

    @property
    def codex_home(self) -> Path:
        return self.state_dir / "codex-home"

    @property
    def database(self) -> Path:
        return self.state_dir / "n7web.sqlite3"


def default_state_dir(environ: Mapping[str, str]) -> Path:
    base = environ.get("XDG_STATE_HOME") or os.path.join(environ.get("HOME", "/tmp"), ".local", "state")
    return Path(base) / "n7web"


def env_name(field: str) -> str:
    return table_env_name(field, Settings.model_fields[field])


def build_parser() -> argparse.ArgumentParser:
    """``n7web serve``'s flags, one per field of :class:`Settings`, help from the same table."""
    p = argparse.ArgumentParser(prog="n7web serve", description="Run the N7Web service (127.0.0.1 only).")
    add_arguments(p, Settings)
    return p


def load_settings(argv: list[str], environ: Mapping[str, str]) -> Settings:
    """Flags over ``N7WEB_*`` over defaults; raises SettingsError naming the option and why."""
    args = vars(build_parser().parse_args(argv))
    flags: dict[str, Any] = {k: v for k, v in args.items() if v is not None and k in Settings.model_fields}
    if "state_dir" not in flags and not environ.get("N7WEB_STATE_DIR"):
        flags["state_dir"] = str(default_state_dir(environ))
    token = _ENVIRON.set(environ)
    try:
        return Settings(**flags)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err["loc"] else ""
        msg = err["msg"].removeprefix("Value error, ")
        if field in Settings.model_fields:
            where = f"--{field.replace('_', '-')}" if field in flags else env_name(field)
            raise SettingsError(f"{where} ({field}): {msg}") from None
        if field in TOOL_TIMEOUT_ENV:
            raise SettingsError(f"{field}: {msg}") from None
        raise SettingsError(msg) from None
    finally:
        _ENVIRON.reset(token)
