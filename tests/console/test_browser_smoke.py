"""The console page in real headless Chromium (Debian's, driven by Playwright).

These run against the static files alone (a loopback ``http.server``, no
backend) and against the page's offline ``?demo=1`` mode; the end-to-end
tests against the real service live beside them. Screenshots go to the test's
tmp dir, or to ``$N7WEB_SCREENSHOT_DIR`` when it is set.
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
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
    chat_input = page.get_by_test_id("chat-input")
    assert chat_input.is_visible() and chat_input.is_editable()
    assert page.get_by_test_id("chat-send").is_visible()
    assert page.get_by_test_id("chat-interrupt").is_hidden()
    # No backend behind the static server: the page says so instead of breaking.
    assert page.get_by_test_id("badge-mode").text_content() == "Service unreachable"
    assert page.get_by_test_id("badge-events").get_attribute("data-state") in {"connecting", "closed"}
    assert page.get_by_test_id("sim-controls").is_hidden()
    # Controls exist before the first status frame, with no value.
    window = page.get_by_test_id("ctl-window.set_position-driver")
    assert window.get_attribute("data-value") == ""
    assert window.get_attribute("data-params") == "null"
    error = page.locator('[data-testid="msg"][data-role="error"]')
    assert "Chat unavailable" in error.first.text_content()
    assert page.n7_errors == []
    assert requests, "the page made no requests at all"
    outside = [url for url in requests if not (url.startswith(static_site + "/") or url.startswith("data:"))]
    assert outside == []
    assert not any("/api/v1/vehicle/state" in url for url in requests), "the panel must not poll the state route"


@pytest.mark.parametrize("width", [1280, 1920])
def test_demo_page_fits_the_head_unit(chromium, static_site, tmp_path, width):
    page = chromium(static_site + "/?demo=1", width=width, height=720)
    page.wait_for_selector(READY, timeout=15_000)
    page.wait_for_function("document.querySelector('[data-testid=\"ctl-climate.set_temperature-driver\"]').dataset.value !== ''")
    page.wait_for_timeout(300)  # let the scroll-to-bottom and fonts settle

    shot = tmp_path / f"console-demo-{width}x720.png"
    page.screenshot(path=str(shot))
    keep_screenshot(shot)
    assert png_size(shot) == (width, 720)

    # The page itself never scrolls; the chat log and the panel scroll inside it.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    # Touch targets: every visible button and slider is at least 48 px each way.
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, input')]
              .filter(el => el.offsetParent !== null)
              .map(el => [el.dataset.testid || el.textContent.trim() || el.className, el.getBoundingClientRect()])
              .filter(([, r]) => r.width < 48 || r.height < 48)
              .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == []
    # No toggle label is cut off.
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.toggle-title, .chip-text, .badge')]
              .filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent)"""
    )
    assert clipped == []
    # The chat input and the driver's temperature are on screen without scrolling.
    for testid in ("chat-input", "chat-send", "ctl-climate.set_temperature-driver", "badge-mode", "vehicle-gear"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, testid

    assert page.get_by_test_id("ctl-climate.set_temperature-driver").get_attribute("data-value") == "21.5"
    assert page.get_by_test_id("ctl-window.set_position-passenger").get_attribute("data-value") == "30"
    assert page.get_by_test_id("ctl-seat.set_ventilation-rear_left").get_attribute("data-fitted") == "false"
    assert page.get_by_test_id("badge-mode").get_attribute("data-mode") == "simulation"
    assert page.get_by_test_id("sim-controls").is_visible()
    statuses = {c.get_attribute("data-status") for c in page.get_by_test_id("chip").all()}
    assert {"applied", "rejected", "unconfirmed"} <= statuses
    assert page.locator('[data-testid="msg"][data-role="user"]').count() == 4
    assert page.n7_errors == []


def test_demo_taps_show_results_and_refusals(chromium, static_site, tmp_path):
    page = chromium(static_site + "/?demo=1")
    page.wait_for_selector(READY, timeout=15_000)
    tid = page.get_by_test_id
    value = "(id) => document.querySelector(`[data-testid=\"${id}\"]`).dataset.value"

    tid("ctl-climate.set_temperature-driver-inc").click()
    page.wait_for_function(f"({value})('ctl-climate.set_temperature-driver') === '22.0'")
    assert tid("panel-result").get_attribute("data-status") == "applied"

    tid("ctl-seat.set_heating-passenger").click()
    page.wait_for_function(f"({value})('ctl-seat.set_heating-passenger') === '1'")

    tid("sim-gear-D").click()
    page.wait_for_function(f"({value})('vehicle-gear') === 'D'")
    assert tid("sim-gear-D").get_attribute("aria-pressed") == "true"
    tid("ctl-tailgate.set-cabin").click()
    page.wait_for_function("document.querySelector('[data-testid=panel-result]').dataset.status === 'rejected'")
    assert tid("panel-result").get_attribute("data-reason") == "interlock_gear"
    assert tid("ctl-tailgate.set-cabin").get_attribute("data-value") == "false"

    mode_chip = page.locator('[data-testid="chip"][data-capability="mode.activate"]')
    members = mode_chip.locator("xpath=following-sibling::ul[@data-testid='chip-members']")
    assert "Climate" in mode_chip.get_attribute("title")  # the tooltip lists the steps
    assert members.is_hidden()
    mode_chip.click()
    assert members.is_visible()
    assert mode_chip.get_attribute("aria-expanded") == "true"
    assert members.get_by_test_id("chip-member").count() == 4
    assert {m.get_attribute("data-status") for m in members.get_by_test_id("chip-member").all()} == {"applied"}

    tid("chat-input").fill("hello")
    tid("chat-send").click()
    page.wait_for_function("document.querySelector('[data-testid=chat-log]').dataset.busy === 'true'")
    assert tid("chat-interrupt").is_visible()
    page.wait_for_function("document.querySelector('[data-testid=chat-log]').dataset.busy === 'false'")
    last = page.locator('[data-testid="msg"][data-role="assistant"]').last
    assert last.get_attribute("data-streaming") == "false"
    assert last.get_by_test_id("msg-text").text_content().startswith("Demo mode")
    shot = tmp_path / "console-demo-after-taps-1280x720.png"
    page.screenshot(path=str(shot))
    keep_screenshot(shot)
    assert page.n7_errors == []


def test_sse_parser_follows_the_event_stream_rules(chromium, static_site):
    page = chromium(static_site + "/?demo=1")
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
    page = chromium(static_site + "/?demo=1")
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
