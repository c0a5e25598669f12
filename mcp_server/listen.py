"""The streamable-HTTP mode's own environment: the inherited socket and the bearer.

The backend binds the listening socket itself and hands it to this process
(`pass_fds`), so no other process can take the port while the server is
restarted (DESIGN section 8). Both values arrive through the environment
only, never argv: the bearer is a secret, and argv is world-readable in
`/proc`. Like the callback variables they are checked with the standard
library before the `mcp` SDK is imported, and a bad one ends the process
with status 2 and one line naming the variable (never its value).

- `N7WEB_MCP_LISTEN_FD`: the number of an inherited descriptor that is a
  listening TCP socket bound to a loopback address (not 0-2).
- `N7WEB_MCP_BEARER_TOKEN`: 32-1024 printable ASCII characters, no spaces;
  every HTTP request must carry `Authorization: Bearer <it>`.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass

from mcp_server.errors import ConfigError

FD_VARIABLE = "N7WEB_MCP_LISTEN_FD"
BEARER_VARIABLE = "N7WEB_MCP_BEARER_TOKEN"
MIN_BEARER_LENGTH = 32
MAX_BEARER_LENGTH = 1024

_PRINTABLE_NO_SPACE = re.compile(r"[\x21-\x7e]+")


@dataclass(frozen=True, slots=True)
class ListenConfig:
    """Where to serve and which bearer to demand."""

    sock: socket.socket
    """The inherited listening socket (already bound and listening)."""
    host: str
    """The loopback address it is bound to."""
    port: int
    bearer: str
    """Secret: never logged, never echoed."""

    @property
    def allowed_hosts(self) -> frozenset[str]:
        """`Host` values accepted (DESIGN section 6: the loopback names with this port)."""
        names = {"127.0.0.1", "localhost", self.host if ":" not in self.host else f"[{self.host}]"}
        return frozenset(f"{name}:{self.port}" for name in names)

    @property
    def allowed_origins(self) -> frozenset[str]:
        """`Origin` values accepted: the server's own, nothing else."""
        return frozenset(f"http://{host}" for host in self.allowed_hosts)

    def __repr__(self) -> str:
        return f"ListenConfig(host={self.host!r}, port={self.port}, bearer='[redacted]')"


def parse_bearer(raw: str) -> str:
    """Check the bearer's shape. Raises `ConfigError`."""
    if not MIN_BEARER_LENGTH <= len(raw) <= MAX_BEARER_LENGTH:
        raise ConfigError(BEARER_VARIABLE, f"must be {MIN_BEARER_LENGTH}-{MAX_BEARER_LENGTH} characters long")
    if not _PRINTABLE_NO_SPACE.fullmatch(raw):
        raise ConfigError(BEARER_VARIABLE, "must be printable ASCII without spaces")
    return raw


def inherited_socket(raw: str) -> tuple[socket.socket, str, int]:
    """Adopt the descriptor named by `raw`; (socket, host, port). Raises `ConfigError`."""

    def bad(problem: str) -> ConfigError:
        return ConfigError(FD_VARIABLE, problem)

    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        raise bad("must be a descriptor number")
    fd = int(raw)
    if fd < 3:
        raise bad("must not name stdin, stdout or stderr")
    try:
        sock = socket.socket(fileno=fd)
    except OSError:
        raise bad("does not name an open socket") from None
    try:
        listening = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
        kind = sock.type
        address = sock.getsockname()
    except OSError:
        sock.detach()
        raise bad("does not name a usable socket") from None
    if kind != socket.SOCK_STREAM or sock.family not in (socket.AF_INET, socket.AF_INET6) or not listening:
        sock.detach()  # not ours to close: the descriptor belongs to whoever passed it
        raise bad("must be a listening TCP socket")
    host, port = str(address[0]), int(address[1])
    import ipaddress

    if not ipaddress.ip_address(host).is_loopback:
        sock.detach()
        raise bad("must be bound to a loopback address")
    return sock, host, port


def load_listen(environ: Mapping[str, str]) -> ListenConfig:
    """Read and check the two variables (bearer first: it needs no system call)."""
    values: dict[str, str] = {}
    for name in (BEARER_VARIABLE, FD_VARIABLE):
        raw = environ.get(name)
        if raw is None or raw == "":
            raise ConfigError(name, "is not set")
        values[name] = raw
    bearer = parse_bearer(values[BEARER_VARIABLE])
    sock, host, port = inherited_socket(values[FD_VARIABLE])
    return ListenConfig(sock=sock, host=host, port=port, bearer=bearer)
