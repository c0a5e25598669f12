"""The app factory: assembles routers, the edge guard and the lifespan."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from .api import errors
from .api.responses import install_openapi
from .api.routes import actions, events, health, info, internal, jobs, sessions, sim
from .api.security import EdgeGuard
from .runtime import Runtime, start_runtime, stop_runtime
from .settings import Settings

STATIC = Path(__file__).resolve().parent / "static"
STATUS_POLL_S = 1.0


def create_app(settings: Settings, runtime: Runtime | None = None) -> FastAPI:
    """Build the ASGI app. ``n7web serve`` starts the runtime first (so a bad
    catalog or bus is a clean one-line error, not a lifespan traceback);
    otherwise the lifespan starts it."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        rt = runtime or start_runtime(settings)
        rt.hub.bind(asyncio.get_running_loop())
        if rt.jobs is not None:
            await rt.jobs.start()  # the restart rules, then the scheduler task (DESIGN section 5a)
        if rt.assistant is not None:
            await rt.assistant.start()
        app.state.runtime = rt
        watcher = asyncio.create_task(_watch_status(rt))
        try:
            yield
        finally:
            watcher.cancel()
            if rt.jobs is not None:
                await rt.jobs.stop()
            app.state.runtime = None
            if rt.assistant is not None:
                with contextlib.suppress(Exception):
                    await rt.assistant.close()
            stop_runtime(rt)

    app = FastAPI(
        title="N7Web",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        description="Cockpit assistant service: every vehicle action is revalidated before any CAN frame.",
    )
    errors.install(app)
    install_openapi(app)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """Swagger UI from vendored files: a head unit has no CDN."""
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="N7Web API",
            swagger_js_url="/vendor/swagger-ui/swagger-ui-bundle.js",
            swagger_css_url="/vendor/swagger-ui/swagger-ui.css",
            swagger_favicon_url="data:,",
        )

    for module in (health, info, events, sessions, actions, jobs, sim, internal):
        app.include_router(module.router)
    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="console")
    app.add_middleware(EdgeGuard, port=settings.port)
    return app


async def _watch_status(rt) -> None:
    """Publish ``status.changed`` when the status body changes."""
    last = rt.status()
    while True:
        await asyncio.sleep(STATUS_POLL_S)
        now = rt.status()
        if now != last:
            rt.hub.publish("status.changed", now)
            last = now
