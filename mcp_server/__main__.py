"""`python -m mcp_server [--http]`: check the environment, then serve MCP.

Without arguments the server speaks stdio (one process per client, as a
stdio MCP client starts it); with `--http` it serves streamable HTTP on the
socket the backend hands it (`mcp_server.listen`), one process for every
codex thread of the service. Nothing secret is ever in argv.

Order matters for start-up time and for failing closed: the callback
variables are checked with the standard library only, and a bad one ends the
process with status 2 and one line on stderr naming the variable (never its
value) before the `mcp` SDK is imported. stdout carries nothing but protocol:
logs go to stderr, one line each, at WARNING and above, with the callback
token and recent request tokens redacted and no tracebacks (an exception's
text can carry input values).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING

from mcp_server.config import load_config
from mcp_server.errors import ConfigError

if TYPE_CHECKING:  # imported only to type: the SDK loads after the configuration is checked
    from mcp_server.tools import RecentSecrets

EXIT_CONFIG = 2
EXIT_CRASH = 1


class _OneLineRedactingFormatter(logging.Formatter):
    """Formats a record on one line, without traceback, with secrets replaced."""

    def __init__(self, secrets: RecentSecrets) -> None:
        super().__init__("n7_vehicle %(levelname)s %(name)s: %(message)s")
        self._secrets = secrets

    def formatException(self, ei: object) -> str:  # noqa: N802 (logging's name)
        exc_type = ei[0] if isinstance(ei, tuple) and ei else None
        return f"[{getattr(exc_type, '__name__', 'exception')}]"

    def format(self, record: logging.LogRecord) -> str:
        record.stack_info = None
        text = super().format(record)
        for secret in self._secrets.all():
            if secret:
                text = text.replace(secret, "[redacted]")
        return " ".join(text.split())


def _configure_logging(secrets: RecentSecrets) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLineRedactingFormatter(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--http"]):
        print("n7_vehicle: usage: python -m mcp_server [--http]", file=sys.stderr)
        return EXIT_CONFIG
    listen = None
    try:
        config = load_config(os.environ)
        if args == ["--http"]:
            from mcp_server.listen import load_listen

            listen = load_listen(os.environ)
    except ConfigError as exc:
        print(f"n7_vehicle: refusing to start: {exc}", file=sys.stderr)
        return EXIT_CONFIG

    from mcp_server.tools import RecentSecrets

    secrets = RecentSecrets(fixed=(config.token,) if listen is None else (config.token, listen.bearer))
    _configure_logging(secrets)
    try:
        if listen is None:
            from mcp_server.server import run

            run(config, secrets)
        else:
            import anyio

            from mcp_server.streamable import serve_http

            anyio.run(serve_http, config, listen, secrets)
    except KeyboardInterrupt:
        return 0
    except Exception as exc:  # one line, no traceback: its text could carry input values
        print(f"n7_vehicle: stopped by an internal error ({type(exc).__name__})", file=sys.stderr)
        return EXIT_CRASH
    return 0


if __name__ == "__main__":
    sys.exit(main())
