"""Headless Debian Chromium for the console tests, driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (``scripts/bootstrap_browser.sh``
installs it); Playwright never downloads one. Each launch gets a fresh,
empty profile directory and the flags this machine needs: without the
background-networking flags Chromium keeps trying to reach Google's hosts,
which the closed network refuses.

Fixtures (re-exported by ``conftest.py`` of this folder):

``chromium``
    a factory ``open_page(url, width=1280, height=720) -> Page``; every
    context it opened is closed at teardown, and uncaught page errors are
    collected on ``page.n7_errors`` (a list of strings).
``static_site``
    a loopback ``http.server`` serving ``app/static`` (the console page with
    no backend behind it); yields the base URL.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
STATIC_DIR = Path(__file__).resolve().parents[2] / "app" / "static"

#: ``--headless`` comes from Playwright's ``headless=True``.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_missing_message() -> str:
    return (
        f"{CHROMIUM} is missing: run `bash scripts/bootstrap_browser.sh` "
        "(as root it installs Debian's chromium; otherwise it prints the apt-get line)"
    )


@contextmanager
def launch_chromium(
    playwright: Playwright,
    *,
    width: int = 1280,
    height: int = 720,
    profile_dir: Path | None = None,
) -> Iterator[BrowserContext]:
    """A headless Chromium context with a fresh profile; removed on exit."""
    if not CHROMIUM.exists():
        raise RuntimeError(chromium_missing_message())
    owned = profile_dir is None
    directory = Path(tempfile.mkdtemp(prefix="n7web-chromium-")) if owned else profile_dir
    context = playwright.chromium.launch_persistent_context(
        str(directory),
        executable_path=str(CHROMIUM),
        headless=True,
        args=list(CHROMIUM_ARGS),
        viewport={"width": width, "height": height},
        device_scale_factor=1,
        locale="en-US",
        timezone_id="UTC",
        service_workers="block",
    )
    try:
        yield context
    finally:
        context.close()
        if owned:
            shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Playwright]:
    """Module-scoped: Playwright's sync API keeps an asyncio loop marked running
    on the main thread while it is started, which would break every later
    test that runs its own loop (anyio, asyncio.run)."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture
def chromium(playwright_driver: Playwright, tmp_path: Path):
    """``open_page(url, width=1280, height=720)``: a page in its own fresh profile."""
    stack: list = []

    def open_page(url: str, width: int = 1280, height: int = 720) -> Page:
        manager = launch_chromium(
            playwright_driver,
            width=width,
            height=height,
            profile_dir=tmp_path / f"profile-{len(stack)}",
        )
        context = manager.__enter__()
        stack.append(manager)
        page = context.pages[0] if context.pages else context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.n7_errors = errors  # type: ignore[attr-defined]
        page.goto(url)
        return page

    yield open_page
    while stack:
        stack.pop().__exit__(None, None, None)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@contextmanager
def serve_directory(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (ephemeral port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def static_site() -> Iterator[str]:
    with serve_directory(STATIC_DIR) as url:
        yield url
