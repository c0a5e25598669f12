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
        path = url[len(self.base) :] if url.startswith(self.base) else url
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
            '([id, v]) => document.querySelector(`[data-testid="${id}"]`)?.dataset.value === v',
            arg=[testid, expected],
            timeout=timeout,
        )

    def wait_live(self) -> None:
        """First render done, the event stream open and its snapshot applied."""
        self.page.wait_for_selector(READY, timeout=20_000)
        self.page.wait_for_selector('[data-testid="badge-events"][data-state="open"]', timeout=20_000)
        self.page.wait_for_function(
            "document.querySelector('[data-testid=\"ctl-window.set_position-driver\"]')?.dataset.value"
            " && document.getElementById('panel').dataset.live === 'live'",
            timeout=20_000,
        )

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
            }""",
            arg=before,
            timeout=timeout,
        )

    def last_assistant(self):
        return self.page.locator('[data-testid="msg"][data-role="assistant"]').last

    def tap(self, testid: str) -> None:
        """A finger on the control's centre: a real click even where it is aria-disabled
        (an unavailable control still answers a tap with its reason)."""
        box = self.tid(testid).bounding_box()
        assert box is not None, f"{testid} is not on screen"
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def tab(self, name: str) -> None:
        """Open a panel tab (the controls live in tabs: everything fits without scrolling)."""
        self.tid(f"tab-{name}").click()
        self.page.wait_for_function("(n) => !document.querySelector(`[data-testid=page-${n}]`).hidden", arg=name)

    def wait_result(self, status: str | None = None) -> dict[str, str | None]:
        """The panel's last tap answer (waits until one is shown, and for ``status`` if given)."""
        cond = (
            "(s) => { const el = document.querySelector('[data-testid=panel-result]');"
            " return el && !el.hidden && el.dataset.status && (s === null || el.dataset.status === s); }"
        )
        self.page.wait_for_function(cond, arg=status, timeout=10_000)
        el = self.tid("panel-result")
        return {
            "status": el.get_attribute("data-status"),
            "reason": el.get_attribute("data-reason") or None,
            "text": el.text_content(),
        }


@contextmanager
def open_console(
    playwright: Playwright, service: Service, profile: Path, width: int = 1280, height: int = 720, query: str = ""
) -> Iterator[Console]:
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


#: Screenshots are test artifacts (gitignored), never committed.
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "console"


def screenshot_dir(tmp: Path) -> Path:
    target = os.environ.get("N7WEB_SCREENSHOT_DIR")
    out = Path(target) if target else ARTIFACTS
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


#: Measures the page as a person sees it (DESIGN 6a). Returns the document's
#: scroll size and, for every visible element: interactive ones smaller than
#: `minTouch`, text smaller than `minFont`, and text whose WCAG contrast (computed
#: colours; the background composited walking up the ancestors; opacity applied)
#: is under 4.5:1, or under 7:1 for values (`.value`) while the panel is live; and
#: text wider than its own box (`cut`: cut off or running under its neighbour).
MEASURE = """({minTouch, minFont}) => {
  const W = innerWidth, H = innerHeight;
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => { const a = top[3]; return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat(1); };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const background = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
    let bg = [255, 255, 255, 1]; for (const c of layers.reverse()) bg = over(c, bg); return bg; };
  const visible = (el) => { if (el.closest('[hidden]')) return false; const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || opacity(el) < 0.05) return false;
    const r = el.getBoundingClientRect(); if (r.width < 1 || r.height < 1) return false;
    if (r.right <= 0 || r.bottom <= 0 || r.left >= W || r.top >= H) return false;
    for (let e = el.parentElement; e; e = e.parentElement) { const s = getComputedStyle(e);
      if (s.overflowY !== 'visible' || s.overflowX !== 'visible') { const b = e.getBoundingClientRect();
        if (r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) return false; } }
    return true; };
  const name = (el) => (el.dataset.testid || el.textContent.trim().slice(0, 30) || el.className || el.tagName);
  const live = document.getElementById('panel')?.dataset.live === 'live';
  const out = { scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight, W, H],
                small: [], tiny: [], faint: [], cut: [], clipped: [], texts: 0, targets: 0 };
  for (const el of document.querySelectorAll('button, input, select, textarea, a[href], [role=tab]')) {
    if (!visible(el)) continue; out.targets++;
    const r = el.getBoundingClientRect();
    if (r.width < minTouch - 0.5 || r.height < minTouch - 0.5) out.small.push(`${name(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    // partly off the screen, or cut by a box that hides its overflow: a control half shown is a clipped control
    let cut = r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5;
    for (let e = el.parentElement; e && !cut; e = e.parentElement) { const s = getComputedStyle(e);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') { const b = e.getBoundingClientRect();
        cut = r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5; } }
    if (cut) out.clipped.push(`${name(el)} ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!(own || el.tagName === 'INPUT') || !visible(el)) continue; out.texts++;
    const cs = getComputedStyle(el); const size = parseFloat(cs.fontSize);
    if (size < minFont - 0.01) out.tiny.push(`${name(el)} ${size}px`);
    if (el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1 && cs.display !== 'inline') out.cut.push(`${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
    const bg = background(el); const fg = parse(cs.color); const eff = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
    const need = live && el.closest('.value') ? 7 : 4.5; const got = ratio(eff, bg);
    if (got < need) out.faint.push(`${name(el)} ${got.toFixed(2)} < ${need}`);
  }
  return out;
}"""
