"""``n7web serve``: settings -> app -> uvicorn on 127.0.0.1."""
from __future__ import annotations

import logging
import os
import sys

from .settings import SettingsError, load_settings


def main(argv: list[str]) -> int:
    try:
        settings = load_settings(argv, os.environ)
    except SettingsError as exc:
        print(f"n7web serve: {exc}", file=sys.stderr)
        return 2
    import uvicorn

    from .main import create_app
    from .runtime import StartupError

    from .runtime import start_runtime

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        runtime = start_runtime(settings)
    except StartupError as exc:
        print(f"n7web serve: cannot start: {exc}", file=sys.stderr)
        return 1
    app = create_app(settings, runtime)
    print(f"N7Web console: http://{settings.host}:{settings.port}/", flush=True)
    config = uvicorn.Config(app, host=settings.host, port=settings.port, log_level="warning",
                            access_log=False, lifespan="on", timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    try:
        server.run()
    finally:
        if not server.started:  # the lifespan never ran: close the bus and store here
            from .runtime import stop_runtime

            stop_runtime(runtime)
    return 0 if server.started else 1
