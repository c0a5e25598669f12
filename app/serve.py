"""``n7web serve``: settings -> app -> uvicorn on 127.0.0.1 (and READY=1 to systemd)."""
from __future__ import annotations

import logging
import os
import socket
import sys

import uvicorn

from .settings import SettingsError, load_settings


def sd_notify(state: str, environ: dict[str, str] | None = None) -> bool:
    """Tell systemd (``Type=notify``) our state; a no-op outside systemd.

    The protocol is one datagram on the AF_UNIX socket named by
    ``NOTIFY_SOCKET`` (a leading ``@`` is the abstract namespace); no library
    needed.
    """
    env = os.environ if environ is None else environ
    path = env.get("NOTIFY_SOCKET")
    if not path or path[0] not in "/@":
        return False
    address = "\0" + path[1:] if path[0] == "@" else path
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.sendto(state.encode(), address)
        return True
    except OSError:
        return False


class NotifyingServer(uvicorn.Server):
    """Says READY=1 once the socket is bound and the lifespan has started."""

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets)
        if self.started:
            sd_notify("READY=1")


def uvicorn_config(app: object, settings: object) -> uvicorn.Config:
    """The one uvicorn configuration (the service and the in-process test harness)."""
    from .api.limits import server_options

    return uvicorn.Config(app, host=settings.host, port=settings.port, log_level="warning", access_log=False,
                          lifespan="on", timeout_graceful_shutdown=3, **server_options())


def main(argv: list[str]) -> int:
    if "--print-options" in argv:
        from .settings import Settings, build_parser
        from .settings_table import environment, markdown

        kind = build_parser().parse_args(argv).print_options
        print(markdown(Settings) if kind == "markdown" else environment(Settings))
        return 0
    try:
        settings = load_settings(argv, os.environ)
    except SettingsError as exc:
        print(f"n7web serve: {exc}", file=sys.stderr)
        return 2
    from .main import create_app
    from .runtime import StartupError

    from .runtime import start_runtime

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        runtime = start_runtime(settings)
    except StartupError as exc:
        print(f"n7web serve: cannot start: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a part we did not name: one line, no traceback
        print(f"n7web serve: cannot start: {exc.strerror or type(exc).__name__}", file=sys.stderr)
        return 1
    app = create_app(settings, runtime)
    print(f"N7Web console: http://{settings.host}:{settings.port}/", flush=True)
    config = uvicorn_config(app, settings)
    server = NotifyingServer(config)
    try:
        server.run()
    finally:
        if not server.started:  # the lifespan never ran: close the bus and store here
            from .runtime import stop_runtime

            stop_runtime(runtime)
    return 0 if server.started else 1
