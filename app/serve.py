"""``n7web serve``: settings -> port -> runtime -> app -> uvicorn on 127.0.0.1,
with READY=1 and the watchdog's WATCHDOG=1 to systemd.

Start-up order (DESIGN section 10): the options are checked, then the port is
bound and listening, and only then is anything built or announced, so a bad
option or a port in use is one line on stderr and a non-zero exit within a
second, before the console URL is printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import sys
from collections.abc import Mapping
from typing import Any

import uvicorn

from .errors import StartupError
from .settings import Settings, SettingsError, load_settings

log = logging.getLogger("n7web")

#: The unit's ``WatchdogSec=`` (systemd/n7web.service); used when systemd does
#: not pass ``WATCHDOG_USEC``.
DEFAULT_WATCHDOG_S = 10.0
#: Pending connections the listening socket queues (uvicorn's default).
BACKLOG = 2048
#: What the service creates is the owner's only (the state dir holds what people said).
UMASK = 0o077


def sd_notify(state: str, environ: Mapping[str, str] | None = None) -> bool:
    """Tell systemd (``Type=notify``) our state; a no-op outside systemd.

    The protocol is one datagram on the AF_UNIX socket named by
    ``NOTIFY_SOCKET`` (a leading ``@`` is the abstract namespace); no library
    needed. Non-blocking: a full socket drops the datagram instead of
    stalling the event loop that sends it.
    """
    env = os.environ if environ is None else environ
    path = env.get("NOTIFY_SOCKET")
    if not path or path[0] not in "/@":
        return False
    address = "\0" + path[1:] if path[0] == "@" else path
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.setblocking(False)
            sock.sendto(state.encode(), address)
        return True
    except OSError:
        return False


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between two ``WATCHDOG=1``: half of ``WATCHDOG_USEC`` (the
    unit's ``WatchdogSec=``), or half of :data:`DEFAULT_WATCHDOG_S` when only
    ``NOTIFY_SOCKET`` is set; None outside systemd, or when ``WATCHDOG_PID``
    names another process (the watchdog is not ours to feed)."""
    env = os.environ if environ is None else environ
    if not env.get("NOTIFY_SOCKET"):
        return None
    pid = env.get("WATCHDOG_PID")
    if pid and pid.strip() != str(os.getpid()):
        return None
    usec = env.get("WATCHDOG_USEC")
    if usec:
        try:
            value = int(usec)
        except ValueError:
            value = 0
        if value <= 0:
            return None
        return value / 2e6
    return DEFAULT_WATCHDOG_S / 2


async def feed_watchdog(interval_s: float, environ: Mapping[str, str] | None = None) -> None:
    """``WATCHDOG=1`` every ``interval_s`` from the event loop itself: a loop
    that hangs stops feeding, and systemd restarts the service."""
    while True:
        sd_notify("WATCHDOG=1", environ)
        await asyncio.sleep(interval_s)


class NotifyingServer(uvicorn.Server):
    """Says READY=1 once the socket listens and the lifespan has started, then
    feeds the watchdog from the event loop until it shuts down."""

    def __init__(self, config: uvicorn.Config, environ: Mapping[str, str] | None = None) -> None:
        super().__init__(config)
        self.environ = os.environ if environ is None else environ
        self._watchdog: asyncio.Task[None] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            sd_notify("READY=1", self.environ)
            interval = watchdog_interval(self.environ)
            if interval is not None:
                self._watchdog = asyncio.create_task(feed_watchdog(interval, self.environ), name="n7web-watchdog")

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        sd_notify("STOPPING=1", self.environ)
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        await super().shutdown(sockets)


def listen(host: str, port: int, backlog: int) -> socket.socket:
    """Bind and listen on ``host:port`` now (uvicorn serves this socket later),
    so a port in use is known before anything starts; raises StartupError naming it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock: socket.socket | None = None
    try:
        sock = socket.socket(family, socket.SOCK_STREAM)
        # as uvicorn does: a restart is not refused for the last run's TIME_WAIT connections
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(backlog)
    except OSError as exc:
        if sock is not None:
            sock.close()
        where = f"{host}:{port}"
        if exc.errno == errno.EADDRINUSE:
            why = f"{where} is already in use (another n7web or another program); choose another --port"
        elif exc.errno == errno.EACCES:
            why = f"{where}: permission denied"
        elif exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
            why = f"{where}: address not available on this machine"
        else:
            why = f"{where}: {exc.strerror or type(exc).__name__}"
        raise StartupError(f"--port {port}: {why}") from None
    sock.set_inheritable(False)
    return sock


def uvicorn_config(app: Any, settings: Settings) -> uvicorn.Config:
    """The one uvicorn configuration (the service and the in-process test harness)."""
    from .api.limits import server_options

    return uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=3,
        backlog=BACKLOG,
        **server_options(),
    )


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
    os.umask(UMASK)
    try:  # the port before anything is built or announced
        listener = listen(settings.host, settings.port, BACKLOG)
    except StartupError as exc:
        print(f"n7web serve: cannot start: {exc}", file=sys.stderr)
        return 1
    try:
        return _serve(settings, listener)
    finally:
        listener.close()


def _serve(settings: Settings, listener: socket.socket) -> int:
    from .main import create_app
    from .runtime import start_runtime, stop_runtime

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
        server.run(sockets=[listener])
    finally:
        if not server.started:  # the lifespan never ran: close the bus and store here
            stop_runtime(runtime)
    return 0 if server.started else 1
