"""The assistant's one typed settings object, built from an injected mapping.

Precedence, per value: the ``CODEX_ASSISTANT_*`` name, then its
``COGNITIVE_AGENT_CODEX_*`` alias, then the default. ``CODEX_HOME`` and
``N7WEB_MAX_LOADED_THREADS`` are read under their own names. Nothing here
runs at import: the backend calls :meth:`AssistantSettings.from_env` with
``os.environ`` (tests pass their own mapping), so a bad value fails at start
with a sentence naming the variable (never echoing a secret).
"""

from __future__ import annotations

import ipaddress
import re
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from urllib.parse import urlsplit

from .errors import ConfigurationError

#: the reviewed app-server protocol; any other version is refused
PINNED_CODEX_VERSION = "0.147.0"

#: the child's environment allowlist (plus every ``LC_*``); all else is dropped
CHILD_ENV_ALLOWLIST = frozenset(
    {
        "CODEX_ACCESS_TOKEN",
        "CODEX_API_KEY",
        "CODEX_CA_CERTIFICATE",
        "CODEX_HOME",
        "CODEX_SQLITE_HOME",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "OPENAI_FEDERATION_RULE_ID",
        "OPENAI_IDENTITY_TOKEN_FILE",
        "OPENAI_WORKLOAD_IDENTITY_CONTEXT",
        "APPDATA",
        "COMSPEC",
        "HOME",
        "HOMEDRIVE",
        "HOMEPATH",
        "LANG",
        "LOCALAPPDATA",
        "NODE_EXTRA_CA_CERTS",
        "PATH",
        "PATHEXT",
        "SSL_CERT_DIR",
        "SSL_CERT_FILE",
        "SYSTEMDRIVE",
        "SYSTEMROOT",
        "TEMP",
        "TMP",
        "TMPDIR",
        "USERPROFILE",
        "WINDIR",
    }
)

_PROJECT_ROOT = Path(__file__).resolve().parents[2]
_BUNDLED = (
    ".tools/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
    ".tools/codex/node_modules/.bin/codex",
)
_MODEL_RE = re.compile(r"[A-Za-z0-9._:/-]{1,128}")
_PROVIDER_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_WORD_RE = re.compile(r"[a-z][a-z_-]{0,31}")
_TOKEN_RE = re.compile(r"[!-~]{16,1024}")  # printable ASCII, no space


def child_environment(env: Mapping[str, str]) -> dict[str, str]:
    """The allowlisted part of ``env`` that the codex child may inherit."""
    return {k: v for k, v in env.items() if k in CHILD_ENV_ALLOWLIST or k.startswith("LC_")}


def default_codex_command(env: Mapping[str, str]) -> str:
    """The project's pinned native binary, else its node wrapper, else ``codex``."""
    for relative in _BUNDLED:
        candidate = _PROJECT_ROOT / relative
        if candidate.is_file():
            return str(candidate)
    return "codex"


def resolve_command(command: str, env: Mapping[str, str]) -> str | None:
    """An absolute executable path for ``command``, or None when missing."""
    if "/" in command:
        path = Path(command)
        return str(path) if path.is_file() and shutil.which(str(path)) else None
    return shutil.which(command, path=env.get("PATH"))


def validate_callback_url(url: str) -> str:
    """The seed's rules: loopback ``http`` with a port and an absolute path."""
    if not isinstance(url, str) or len(url) > 2048:
        raise ConfigurationError("callback URL must be a string of at most 2048 characters")
    parts = urlsplit(url)
    if parts.scheme != "http":
        raise ConfigurationError("callback URL must use http")
    if parts.username or parts.password or parts.fragment or "@" in parts.netloc:
        raise ConfigurationError("callback URL must not carry a user, password or fragment")
    host = parts.hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ConfigurationError("callback URL host must be localhost or a loopback address")
    try:
        port = parts.port
    except ValueError:
        port = None
    if not port:
        raise ConfigurationError("callback URL must name a port")
    if not parts.path.startswith("/"):
        raise ConfigurationError("callback URL must have an absolute path")
    return url


def validate_callback_token(token: str) -> str:
    """16–1024 printable ASCII characters without spaces."""
    if not isinstance(token, str) or not _TOKEN_RE.fullmatch(token):
        raise ConfigurationError("callback token must be 16-1024 printable ASCII characters")
    return token


@dataclass(frozen=True, slots=True)
class AssistantSettings:
    """Everything the Codex client needs; immutable once built.

    Paths are absolute. ``child_env`` is already allowlisted: the process
    layer adds only ``CODEX_HOME`` and the callback variables to it.
    """

    command: str
    """The codex executable (name or path); missing -> ``binary_missing``."""
    workspace: Path
    """The thread ``cwd`` and MCP server ``cwd``; never a filesystem root."""
    codex_home: Path
    """``CODEX_HOME``: rollouts hold the user's words, so it is mode 0700."""
    child_env: Mapping[str, str] = field(default_factory=dict)
    """Allowlisted parent environment passed to codex."""
    enabled: bool = True
    """False gives status ``local_only``/``disabled`` and never spawns codex."""
    model: str | None = None
    model_provider: str | None = None
    """None: the effective configuration's ``model_provider``."""
    reasoning_effort: str = "low"
    service_tier: str | None = None
    disable_websockets: bool = True
    stream_max_retries: int = 0
    """0 by default so a dead provider is known within 2 s."""
    request_max_retries: int = 0
    request_timeout_s: float = 30.0
    """Bound on each ordinary JSON-RPC call."""
    startup_timeout_s: float = 20.0
    """Bound on spawn -> proven configuration, and the MCP startup timeout."""
    vehicle_tool_timeout_s: float = 45.0
    """MCP ``tool_timeout_sec``: callback timeout < this < turn deadline."""
    callback_timeout_s: float = 30.0
    max_loaded_threads: int = 16
    """``N7WEB_MAX_LOADED_THREADS``: a loaded thread costs codex ~1 MiB (the MCP server is shared)."""
    idle_free_s: float = 600.0
    """A thread idle this long is unloaded (resumed at its next turn)."""
    mcp_command: str = sys.executable
    mcp_args: tuple[str, ...] = ("-m", "mcp_server", "--http")
    """How the backend starts the shared ``n7_vehicle`` server (never a secret in here)."""

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise ConfigurationError with one sentence per violated rule."""
        for name in ("workspace", "codex_home"):
            path = getattr(self, name)
            if not path.is_absolute() or path == Path(path.anchor):
                raise ConfigurationError(f"{name} must be an absolute path, not a filesystem root")
        if self.model is not None and not _MODEL_RE.fullmatch(self.model):
            raise ConfigurationError("CODEX_ASSISTANT_MODEL has characters outside [A-Za-z0-9._:/-]")
        if self.model_provider is not None and not _PROVIDER_RE.fullmatch(self.model_provider):
            raise ConfigurationError("CODEX_ASSISTANT_MODEL_PROVIDER must match [A-Za-z0-9_-]{1,64}")
        for name, value in (("REASONING_EFFORT", self.reasoning_effort), ("SERVICE_TIER", self.service_tier)):
            if value is not None and not _WORD_RE.fullmatch(value):
                raise ConfigurationError(f"CODEX_ASSISTANT_{name} must be a short lower-case word")
        for name in ("stream_max_retries", "request_max_retries"):
            if not 0 <= getattr(self, name) <= 8:
                raise ConfigurationError(f"{name} must be within 0-8")
        if not 1 <= self.max_loaded_threads <= 64:
            raise ConfigurationError("N7WEB_MAX_LOADED_THREADS must be within 1-64")
        for name in ("request_timeout_s", "startup_timeout_s", "vehicle_tool_timeout_s", "idle_free_s"):
            if not 0 < getattr(self, name) <= 3600:
                raise ConfigurationError(f"{name} must be within (0, 3600] seconds")
        if not 0 < self.callback_timeout_s < self.vehicle_tool_timeout_s:
            raise ConfigurationError("callback timeout must be below the vehicle tool timeout")

    @classmethod
    def from_env(
        cls, env: Mapping[str, str], *, state_dir: Path, enabled: bool = True, **overrides: object
    ) -> AssistantSettings:
        """Build from ``env`` (never ``os.environ`` implicitly); see module doc."""
        state_dir = Path(state_dir).resolve()

        def get(name: str) -> str | None:
            for key in (f"CODEX_ASSISTANT_{name}", f"COGNITIVE_AGENT_CODEX_{name}"):
                value = env.get(key)
                if value is not None and value.strip() != "":
                    return value.strip()
            return None

        def number(name: str, default: float, kind: type = float) -> float:
            raw = get(name) if not name.startswith("N7WEB_") else env.get(name)
            if raw is None or raw.strip() == "":
                return default
            try:
                return kind(raw)
            except ValueError:
                raise ConfigurationError(f"{name} must be a number") from None

        def flag(name: str, default: bool) -> bool:
            raw = get(name)
            if raw is None:
                return default
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ConfigurationError(f"CODEX_ASSISTANT_{name} must be true or false")

        codex_home = env.get("CODEX_HOME") or str(state_dir / "codex-home")
        values: dict[str, Any] = dict(
            command=get("COMMAND") or default_codex_command(env),
            workspace=Path(get("WORKSPACE") or state_dir / "codex-workspace"),
            codex_home=Path(codex_home),
            child_env=MappingProxyType(child_environment(env)),
            enabled=enabled,
            model=get("MODEL"),
            model_provider=get("MODEL_PROVIDER"),
            reasoning_effort=get("REASONING_EFFORT") or "low",
            service_tier=get("SERVICE_TIER"),
            disable_websockets=flag("DISABLE_WEBSOCKETS", True),
            stream_max_retries=int(number("STREAM_MAX_RETRIES", 0, int)),
            request_max_retries=int(number("MODEL_REQUEST_MAX_RETRIES", 0, int)),
            request_timeout_s=number("REQUEST_TIMEOUT_SECONDS", 30.0),
            startup_timeout_s=number("STARTUP_TIMEOUT_SECONDS", 20.0),
            vehicle_tool_timeout_s=number("VEHICLE_TOOL_TIMEOUT_SECONDS", 45.0),
            max_loaded_threads=int(number("N7WEB_MAX_LOADED_THREADS", 16, int)),
        )
        # timeouts nest: the MCP server's callback gives up well before codex's tool timeout
        values["callback_timeout_s"] = round(float(values["vehicle_tool_timeout_s"]) * 2 / 3, 1)
        values.update(overrides)
        return cls(**values)
