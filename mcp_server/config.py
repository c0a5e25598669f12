"""The callback configuration, read from the environment codex passes through `env_vars`.

The three variables are the only way the backend's address and its per-start
bearer token reach this process (DESIGN sections 6 and 8). They are checked
before the `mcp` SDK is even imported, so a misconfigured server exits at once
(status 2, one line on stderr naming the variable) instead of starting a
protocol it cannot serve. Messages never contain a value: the token is a
secret and the URL may be one by mistake.

Rules (the seed client's, kept exactly):
- URL: `http` only; host `localhost` or a loopback IP; an explicit port; an
  absolute path (the base of the internal routes, e.g. `/internal/v1`); no
  user, password, query or fragment; at most 2048 characters.
- token: 16-1024 printable ASCII characters, no spaces.
- timeout: seconds, a finite number with 0 < t <= 120.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from mcp_server.errors import ConfigError

URL_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL"
TOKEN_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN"
TIMEOUT_VARIABLE = "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS"

MAX_URL_LENGTH = 2048
MIN_TOKEN_LENGTH = 16
MAX_TOKEN_LENGTH = 1024
MAX_TIMEOUT_SECONDS = 120.0

_PRINTABLE_NO_SPACE = re.compile(r"[\x21-\x7e]+")
# Canonical path segments only: none empty, none starting with "." (so no "."
# or ".." segment), no percent escapes; one optional trailing slash.
_PATH = re.compile(r"(/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+/?|/")


@dataclass(frozen=True, slots=True)
class CallbackConfig:
    """Where and how to reach the backend's internal routes."""

    host: str
    """Host as written in the URL (`localhost` or a loopback IP, IPv6 without brackets)."""
    port: int
    """TCP port, always explicit."""
    base_path: str
    """Absolute path the route names are appended to, without a trailing slash (`/internal/v1`)."""
    token: str
    """The callback bearer token. Secret: never logged, never shown to the model."""
    timeout_seconds: float
    """Whole-call deadline for one backend request, connection included."""

    def route(self, name: str) -> str:
        """Path of an internal route: `route("execute")` -> `/internal/v1/execute`."""
        return f"{self.base_path}/{name}"

    def __repr__(self) -> str:
        # The token must not leak through a stray repr in a log or traceback.
        return (
            f"CallbackConfig(host={self.host!r}, port={self.port}, base_path={self.base_path!r}, "
            f"token='[redacted]', timeout_seconds={self.timeout_seconds})"
        )


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    import ipaddress  # only when the URL names an address; keeps start-up lean

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_url(raw: str) -> tuple[str, int, str]:
    """Check the callback URL; return (host, port, base path). Raises `ConfigError`."""
    from urllib.parse import urlsplit

    def bad(problem: str) -> ConfigError:
        return ConfigError(URL_VARIABLE, problem)

    if not raw:
        raise bad("is empty")
    if len(raw) > MAX_URL_LENGTH:
        raise bad(f"is longer than {MAX_URL_LENGTH} characters")
    if not _PRINTABLE_NO_SPACE.fullmatch(raw):
        raise bad("contains spaces, control or non-ASCII characters")
    if "?" in raw or "#" in raw:
        raise bad("must not have a query or a fragment")
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        raise bad("is not a valid URL (bad host or port)") from None
    if parts.scheme != "http":
        raise bad("must use the http scheme (loopback only, no TLS)")
    if "@" in parts.netloc or parts.username is not None or parts.password is not None:
        raise bad("must not contain a user or password")
    host = parts.hostname or ""
    if not host or not _is_loopback(host):
        raise bad("must name localhost or a loopback IP address")
    if port is None or not 1 <= port <= 65535:
        raise bad("must have an explicit port (1-65535)")
    path = parts.path
    if not path.startswith("/"):
        raise bad("must have an absolute path such as /internal/v1")
    if not _PATH.fullmatch(path):
        raise bad("must have a plain absolute path (no empty, '.' or '..' segments, no escapes)")
    return host, port, path.rstrip("/")


def parse_token(raw: str) -> str:
    """Check the callback bearer token's shape. Raises `ConfigError`."""
    if not MIN_TOKEN_LENGTH <= len(raw) <= MAX_TOKEN_LENGTH:
        raise ConfigError(TOKEN_VARIABLE, f"must be {MIN_TOKEN_LENGTH}-{MAX_TOKEN_LENGTH} characters long")
    if not _PRINTABLE_NO_SPACE.fullmatch(raw):
        raise ConfigError(TOKEN_VARIABLE, "must be printable ASCII without spaces")
    return raw


def parse_timeout(raw: str) -> float:
    """Check the callback timeout (seconds). Raises `ConfigError`."""
    problem = f"must be a number of seconds greater than 0 and at most {MAX_TIMEOUT_SECONDS:g}"
    try:
        value = float(raw.strip())
    except ValueError:
        raise ConfigError(TIMEOUT_VARIABLE, problem) from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT_SECONDS:
        raise ConfigError(TIMEOUT_VARIABLE, problem)
    return value


def load_config(environ: Mapping[str, str]) -> CallbackConfig:
    """Read and check the three callback variables from `environ` (injected, so tests pass their own).

    Variables are checked in the order URL, token, timeout; the first problem
    is raised as `ConfigError`. A missing variable is a problem like any other:
    there are no defaults, because a default address or token would be a guess.
    """
    values: dict[str, str] = {}
    for name in (URL_VARIABLE, TOKEN_VARIABLE, TIMEOUT_VARIABLE):
        raw = environ.get(name)
        if raw is None or raw == "":
            raise ConfigError(name, "is not set")
        values[name] = raw
    host, port, base_path = parse_url(values[URL_VARIABLE])
    token = parse_token(values[TOKEN_VARIABLE])
    timeout = parse_timeout(values[TIMEOUT_VARIABLE])
    return CallbackConfig(host=host, port=port, base_path=base_path, token=token, timeout_seconds=timeout)
