"""The service's settings: one typed object, built from flags and ``N7WEB_*``.

Precedence, highest first: command-line flags, ``N7WEB_<OPTION>`` in the
environment, then the defaults below. Built by :func:`load_settings` from an
explicit argv and environ mapping (never at import), so tests pass their own.
Validation refuses unsafe combinations at start (fail closed): a non-loopback
host, hardware mode without ``--arm-hardware``, a real bus in simulation, an
in-process ECU on a hardware bus.
"""
from __future__ import annotations

import argparse
import ipaddress
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class SettingsError(ValueError):
    """Settings that must not start the service; the message says which and why."""


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str = "127.0.0.1"
    port: int = Field(8470, ge=1, le=65535)
    can_interface: Literal["virtual", "socketcan", "remote"] = "virtual"
    can_channel: str | None = None
    """Default: ``n7web`` on virtual, ``vcan0`` on socketcan."""
    execution_mode: Literal["simulation", "dry_run", "hardware"] = "simulation"
    arm_hardware: bool = False
    simulator: Literal["in-process", "external", "off"] | None = None
    """Default: in-process on virtual, external on socketcan (never two ECUs)."""
    confirm_timeout_ms: int = Field(300, ge=10, le=5000)
    can_log: Path | None = None
    state_dir: Path
    catalog: Path | None = None
    no_assistant: bool = False
    max_loaded_threads: int = Field(16, ge=1, le=64)
    turn_deadline_s: float = Field(60.0, gt=0, le=110)
    token_ttl_s: float = Field(120.0, gt=0, le=120)
    audit_retention_days: int = Field(30, ge=1)
    audit_max_decisions: int = Field(100_000, ge=100)

    @model_validator(mode="after")
    def _safe(self) -> "Settings":
        if self.host not in ("localhost",):
            try:
                if not ipaddress.ip_address(self.host).is_loopback:
                    raise ValueError
            except ValueError:
                raise ValueError(f"--host {self.host!r} is not a loopback address; the service binds to loopback only") from None
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
            raise ValueError(f"simulation mode refuses the real bus {channel!r}: use a vcan channel or --execution-mode hardware")
        if self.can_log is not None and self.can_log.suffix.lower() not in (".log", ".asc"):
            raise ValueError("--can-log must end in .log or .asc (convert later with python -m can.logconvert)")
        return self

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


_BOOL_FLAGS = ("arm_hardware", "no_assistant")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="n7web serve", description="Run the N7Web service (127.0.0.1 only).")
    p.add_argument("--host")
    p.add_argument("--port", type=int)
    p.add_argument("--can-interface", choices=["virtual", "socketcan", "remote"])
    p.add_argument("--can-channel")
    p.add_argument("--execution-mode", choices=["simulation", "dry_run", "hardware"])
    p.add_argument("--arm-hardware", action="store_true", default=None)
    p.add_argument("--simulator", choices=["in-process", "external", "off"])
    p.add_argument("--confirm-timeout-ms", type=int)
    p.add_argument("--can-log")
    p.add_argument("--state-dir")
    p.add_argument("--catalog")
    p.add_argument("--no-assistant", action="store_true", default=None)
    p.add_argument("--max-loaded-threads", type=int)
    return p


def _env_bool(value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off", ""):
        return False
    raise SettingsError(f"expected a boolean, got {value!r}")


def load_settings(argv: list[str], environ: Mapping[str, str]) -> Settings:
    """Flags over ``N7WEB_*`` over defaults; raises SettingsError with a reason."""
    args = vars(build_parser().parse_args(argv))
    values: dict[str, object] = {}
    for name in Settings.model_fields:
        env = environ.get(f"N7WEB_{name.upper()}")
        if env is not None and env != "":
            try:
                values[name] = _env_bool(env) if name in _BOOL_FLAGS else env
            except SettingsError as exc:
                raise SettingsError(f"N7WEB_{name.upper()}: {exc}") from None
        if args.get(name) is not None:
            values[name] = args[name]
    values.setdefault("state_dir", str(default_state_dir(environ)))
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(x) for x in err["loc"]) or "settings"
        msg = err["msg"].removeprefix("Value error, ")
        raise SettingsError(f"{field}: {msg}" if field != "settings" else msg) from None
