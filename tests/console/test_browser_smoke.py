"""The console page in real headless Chromium (Debian's, driven by Playwright).

These run against the static files alone (a loopback ``http.server``, no
backend); the end-to-end
tests against the real service live beside them. Screenshots go to the test's
tmp dir, or to ``$N7WEB_SCREENSHOT_DIR`` when it is set.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

from browser import CHROMIUM, CHROMIUM_ARGS, launch_chromium

READY = 'body[data-ready="true"]'


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


def keep_screenshot(path: Path) -> None:
    target = os.environ.get("N7WEB_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / path.name)


def test_playwright_drives_debian_chromium_without_a_download(playwright_driver, tmp_path):
    version = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True, check=True).stdout
    with launch_chromium(playwright_driver, profile_dir=tmp_path / "profile") as context:
        assert context.browser is not None
        # The browser Playwright talks to is the Debian binary, nothing of its own.
        assert context.browser.version in version
        page = context.pages[0]
        page.set_content("<title>probe</title><p id=x>中文 ok</p>")
        assert page.title() == "probe"
        assert page.locator("#x").text_content() == "中文 ok"
    assert (tmp_path / "profile").is_dir(), "the profile must be the fresh directory we gave it"
    assert "--disable-background-networking" in CHROMIUM_ARGS


def test_shell_renders_without_a_service_and_fetches_only_from_its_origin(chromium, static_site):
    requests: list[str] = []
    page = chromium(static_site + "/")
    page.on("request", lambda req: requests.append(req.url))
    page.reload()
    page.wait_for_selector(READY, timeout=15_000)

    assert page.title() == "N7 Cockpit Console"
    assert page.get_by_test_id("chat-input").is_visible()
    # No backend behind the static server (and so no catalog, no words): the page says it is
    # not live through its state, never by pretending.
    page.wait_for_function("document.getElementById('panel').dataset.live === 'offline'")
    assert page.get_by_test_id("badge-can").get_attribute("data-state") == "offline"
    assert page.get_by_test_id("badge-assistant").get_attribute("data-mode") == "offline"
    assert page.get_by_test_id("badge-events").get_attribute("data-state") in {"connecting", "closed"}
    assert page.get_by_test_id("live-banner").is_visible()
    assert page.get_by_test_id("tab-sim").is_hidden()
    error = page.locator('[data-testid="msg"][data-role="error"]')
    assert error.count() == 1
    assert page.n7_errors == []
    assert requests, "the page made no requests at all"
    outside = [url for url in requests if not (url.startswith(static_site + "/") or url.startswith("data:"))]
    assert outside == []
    assert not any("/api/v1/vehicle/state" in url for url in requests), "the panel must not poll the state route"


def test_no_words_or_ranges_are_copied_into_the_page():
    """Labels, members, ranges and UI words come from the catalog route, not from the page."""
    from browser import STATIC_DIR

    sources = {p.name: p.read_text(encoding="utf-8") for p in (STATIC_DIR / "js").glob("*.js")}
    sources["index.html"] = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    assert "labels.js" not in sources and "demo.js" not in sources
    for name, text in sources.items():
        for copied in (
            "Seat heating",
            "Rear left",
            "Passenger",
            "Car wash",
            "Garage door",
            "座椅",
            "车窗",
            "16, 30",
            "min: 16",
            "max: 30",
            "rear_left",
            "Not fitted",
            "Refused",
        ):
            assert copied not in text, f"{name} keeps a copy of {copied!r}"


def test_sse_parser_follows_the_event_stream_rules(chromium, static_site):
    page = chromium(static_site + "/")
    page.wait_for_selector(READY, timeout=15_000)
    events = page.evaluate(
        """async () => {
          const { SSEParser } = await import('./js/sse.js');
          const out = [];
          const p = new SSEParser((e) => out.push([e.event, e.data]));
          const stream = ': keep-alive\\r\\n\\r\\nevent: turn.started\\r\\ndata: {"turn_id":"t1"}\\r\\n\\r\\n'
            + 'event: assistant.delta\\rdata: {"text":"好"}\\r\\r'
            + 'data: line one\\ndata: line two\\n\\n'
            + 'event: error\\ndata:{"code":"x"}\\n\\nevent: lost\\ndata: never dispatched';
          for (let i = 0; i < stream.length; i += 3) p.feed(stream.slice(i, i + 3));  // split everywhere, CR/LF too
          return out;
        }"""
    )
    assert events == [
        ["turn.started", '{"turn_id":"t1"}'],
        ["assistant.delta", '{"text":"好"}'],
        ["message", "line one\nline two"],
        ["error", '{"code":"x"}'],
    ]


def test_history_shapes_become_messages(chromium, static_site):
    page = chromium(static_site + "/")
    page.wait_for_selector(READY, timeout=15_000)
    result = page.evaluate(
        """async () => {
          const { historyToMessages } = await import('./js/chat.js');
          const reply = {turn_id: 't', reply_text: 'ok', actions: [{capability: 'climate.set_ac', status: 'applied'}], handled_by: 'local'};
          return [
            historyToMessages({turns: [{text: 'ac on', reply}]}).map(m => [m.role, m.text, (m.actions || []).length]),
            historyToMessages([{role: 'user', text: 'hi'}, {role: 'assistant', text: 'hello'}]).map(m => [m.role, m.text]),
            historyToMessages({turns: [{utterance: 'b', reply_text: 'B', time: '2026-01-02T00:00:00Z'},
                                       {utterance: 'a', reply_text: 'A', time: '2026-01-01T00:00:00Z'}]}).map(m => m.text),
            historyToMessages({unexpected: true}),
          ];
        }"""
    )
    assert result == [
        [["user", "ac on", 0], ["assistant", "ok", 1]],
        [["user", "hi"], ["assistant", "hello"]],
        ["a", "A", "b", "B"],
        [],
    ]
