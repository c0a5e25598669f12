"""Helpers for the console tests against the real service.

The service is ``n7web serve`` as a uvicorn subprocess (``tests/service/harness.py``:
loopback, a free port, its own virtual CAN channel and CAN log); the page is
Debian's Chromium driven by Playwright (``browser.py``), with every request
the page makes recorded from before its first navigation.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser import launch_chromium
from playwright.sync_api import Page, Playwright, Request

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from service.harness import Service, start_subprocess  # noqa: E402

READY = 'body[data-ready="true"]'
STATE_ROUTE = "/api/v1/vehicle/state"


@dataclass
class NetLog:
    """Every request the page made: (method, path, post body or None)."""

    base: str
    entries: list[tuple[str, str, Any]] = field(default_factory=list)

    def record(self, request: Request) -> None:
        url = request.url
        path = url[len(self.base):] if url.startswith(self.base) else url
        body = None
        if request.method in ("POST", "PUT"):
            try:
                body = json.loads(request.post_data or "null")
            except ValueError:
                body = request.post_data
        self.entries.append((request.method, path, body))

    def calls(self, method: str, prefix: str) -> list[tuple[str, str, Any]]:
        return [e for e in self.entries if e[0] == method and e[1].startswith(prefix)]

    def outside(self) -> list[str]:
        """Requests that left the service's origin (none may)."""
        return [p for _, p, _ in self.entries if p.startswith(("http:", "https:", "ws:", "wss:"))]


@dataclass
class Console:
    page: Page
    net: NetLog
    service: Service

    def tid(self, testid: str):
        return self.page.get_by_test_id(testid)

    def value(self, testid: str) -> str | None:
        return self.tid(testid).get_attribute("data-value")

    def wait_value(self, testid: str, expected: str, timeout: float = 10_000) -> None:
        self.page.wait_for_function(
            "([id, v]) => document.querySelector(`[data-testid=\"${id}\"]`)?.dataset.value === v",
            arg=[testid, expected], timeout=timeout)

    def wait_live(self) -> None:
        """First render done, the event stream open and its snapshot applied."""
        self.page.wait_for_selector(READY, timeout=20_000)
        self.page.wait_for_selector('[data-testid="badge-events"][data-state="open"]', timeout=20_000)
        self.page.wait_for_function(
            "document.querySelector('[data-testid=\"ctl-window.set_position-driver\"]').dataset.value !== ''",
            timeout=20_000)

    def send(self, text: str, timeout: float = 20_000) -> None:
        """Type into the chat and send; returns when the turn has ended in the page."""
        before = self.page.locator('[data-testid="msg"][data-role="assistant"]').count()
        self.tid("chat-input").fill(text)
        self.tid("chat-send").click()
        self.page.wait_for_function(
            """(n) => {
                const done = [...document.querySelectorAll('[data-testid="msg"][data-role="assistant"]')]
                  .filter(m => m.dataset.streaming === 'false');
                return done.length > n && document.querySelector('[data-testid=chat-log]').dataset.busy === 'false';
            }""", arg=before, timeout=timeout)

    def last_assistant(self):
        return self.page.locator('[data-testid="msg"][data-role="assistant"]').last

    def wait_result(self, status: str | None = None) -> dict[str, str | None]:
        """The panel's last tap answer (waits until one is shown, and for ``status`` if given)."""
        cond = ("(s) => { const el = document.querySelector('[data-testid=panel-result]');"
                " return el && !el.hidden && el.dataset.status && (s === null || el.dataset.status === s); }")
        self.page.wait_for_function(cond, arg=status, timeout=10_000)
        el = self.tid("panel-result")
        return {"status": el.get_attribute("data-status"), "reason": el.get_attribute("data-reason") or None,
                "text": el.text_content()}


@contextmanager
def open_console(playwright: Playwright, service: Service, profile: Path, width: int = 1280,
                 height: int = 720, query: str = "") -> Iterator[Console]:
    """The console page of ``service`` in a fresh profile; requests recorded from the start."""
    with launch_chromium(playwright, width=width, height=height, profile_dir=profile) as context:
        page = context.pages[0] if context.pages else context.new_page()
        net = NetLog(service.base)
        page.on("request", net.record)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.n7_errors = errors  # type: ignore[attr-defined]
        page.goto(service.base + "/" + query)
        console = Console(page, net, service)
        console.wait_live()
        yield console


def start_service(tmp: Path, extra: list[str] | None = None, env: dict[str, str] | None = None) -> Service:
    return start_subprocess(tmp, extra, env)


def screenshot_dir(tmp: Path) -> Path:
    target = os.environ.get("N7WEB_SCREENSHOT_DIR")
    out = Path(target) if target else tmp
    out.mkdir(parents=True, exist_ok=True)
    return out


def save_screenshot(page: Page, tmp: Path, name: str) -> Path:
    shot = tmp / name
    page.screenshot(path=str(shot))
    out = screenshot_dir(tmp) / name
    if out != shot:
        shutil.copy(shot, out)
    return out


#: Samples, once per rendered frame, the text of the newest assistant message
#: while it is streaming: what the person actually saw, frame by frame.
FRAME_SAMPLER = """() => {
  window.__n7_frames = [];
  const tick = () => {
    const msgs = document.querySelectorAll('[data-testid="msg"][data-role="assistant"]');
    const m = msgs[msgs.length - 1];
    if (m && m.dataset.streaming === 'true') {
      window.__n7_frames.push(m.querySelector('[data-testid="msg-text"]').textContent);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def elapsed_ms(start: float) -> float:
    return (time.monotonic() - start) * 1000.0
