"""A silent ECU on the console (DESIGN sections 6 and 6a), in Debian's Chromium.

The service runs in-process (``tests/service/harness.py``: uvicorn in a
thread, virtual CAN, the real in-process ECU simulator) so a test can stop
the simulator and start it again; the page only learns of it through
``vehicle.changed`` with ``stale`` on ``GET /api/v1/events``. While the state is
stale nothing may look live: the stream badge is not "Live", the CAN badge says
the ECU is silent, both are red, values are greyed as last known, and a tap
says why instead of sending. When status frames resume, the page is live again.

The top bar must keep every control on the screen whatever its badges say
(live, stale, offline) at the widths the console tests use, English and
Chinese, with the widest readout (three-digit speed, gear, child lock).
Screenshots go to ``test-artifacts/console/`` or ``$N7WEB_SCREENSHOT_DIR``.
"""

from __future__ import annotations

import time

import httpx
import pytest
from live import MEASURE, Console, open_console, save_screenshot
from service.harness import start_in_process  # tests/ is on sys.path: its conftest.py puts it there

PANEL_IS = "(state) => document.getElementById('panel').dataset.live === state"

#: Computed colours of the theme's tokens and of a few things on the page.
COLOURS = """() => {
  const css = (v) => getComputedStyle(document.documentElement).getPropertyValue(v).trim();
  const probe = (c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);
    const out = getComputedStyle(d).color; d.remove(); return out; };
  const col = (sel) => getComputedStyle(document.querySelector(sel)).color;
  return {bad: probe(css('--bad')), old: probe(css('--value-old')), value: probe(css('--value')),
          events: col('[data-testid=badge-events]'), can: col('[data-testid=badge-can]'),
          assistant: col('[data-testid=badge-assistant]'),
          temperature: col('[data-testid="ctl-climate.set_temperature-driver"] .value'),
          speed: col('[data-testid=vehicle-speed]'), gear: col('[data-testid=vehicle-gear]')};
}"""

#: Every visible thing in the top bar, with its box, and whether the bar itself overflows.
TOP_BAR = """() => {
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const items = [...document.querySelectorAll('.topbar *')].filter(e => {
    const r = e.getBoundingClientRect(); return !e.closest('[hidden]') && r.width > 0 && r.height > 0; })
    .map(e => { const r = e.getBoundingClientRect();
      return {name: e.dataset.testid || e.className || e.tagName, text: e.textContent.trim(),
              left: r.left, right: r.right, top: r.top, bottom: r.bottom}; });
  const el = document.querySelector('.topbar');
  return {width: innerWidth, bar: {top: bar.top, bottom: bar.bottom}, items,
          overflow: el.scrollWidth > el.clientWidth + 1};
}"""


@pytest.fixture
def service(tmp_path):
    svc = start_in_process(tmp_path / "svc")
    yield svc
    svc.stop()


def http(service) -> httpx.Client:
    return httpx.Client(base_url=service.base, timeout=15.0, trust_env=False)


def measure(page) -> dict:
    return page.evaluate(MEASURE, {"minTouch": 76, "minFont": 20})


def assert_top_bar_fits(console: Console, when: str) -> None:
    """Every top-bar element inside the viewport and the bar; the theme button clear of the badges."""
    bar = console.page.evaluate(TOP_BAR)
    w = bar["width"]
    outside = [
        i
        for i in bar["items"]
        if i["left"] < -0.5
        or i["right"] > w + 0.5
        or i["top"] < bar["bar"]["top"] - 0.5
        or i["bottom"] > bar["bar"]["bottom"] + 0.5
    ]
    assert outside == [], f"{when}: off the screen or out of the bar at {w} px: {outside}"
    assert not bar["overflow"], f"{when}: the top bar overflows at {w} px"
    toggle = console.tid("theme-toggle").bounding_box()
    assert toggle is not None, f"{when}: no theme button"
    assert toggle["x"] >= 0 and toggle["x"] + toggle["width"] <= w, (when, toggle)
    assert toggle["width"] >= 76 and toggle["height"] >= 76, (when, toggle)
    for testid in ("badge-mode", "badge-assistant", "badge-can", "badge-events"):
        badge = console.tid(testid).bounding_box()
        assert badge is not None and badge["x"] >= 0 and badge["x"] + badge["width"] <= toggle["x"], (
            when,
            testid,
            badge,
        )


def test_a_silent_ecu_is_shown_stale_at_once_and_live_again_when_it_reports(playwright_driver, service, tmp_path):
    with open_console(playwright_driver, service, tmp_path / "profile") as console:
        page, tid = console.page, console.tid
        assert tid("badge-events").text_content() == "Live"
        assert tid("badge-events").get_attribute("data-live") == "true"
        assert tid("badge-can").text_content() == "CAN up"
        live = page.evaluate(COLOURS)
        assert live["temperature"] == live["value"] and live["events"] != live["bad"], live

        service.runtime.simulator.stop()
        stopped = time.monotonic()
        page.wait_for_function(PANEL_IS, arg="stale", timeout=6_000)
        seen = time.monotonic() - stopped
        print(f"silent ECU shown stale after {seen:.2f} s")
        assert seen <= 3.5, f"stale shown {seen:.2f} s after the ECU fell silent"

        # The badges: never "Live" over a stale state; the CAN badge says the ECU is silent; all red.
        events, can = tid("badge-events"), tid("badge-can")
        assert events.text_content() == "Stale"
        assert (events.get_attribute("data-live"), events.get_attribute("data-stale")) == ("false", "true")
        assert events.get_attribute("data-state") == "open"  # the stream itself is fine
        assert can.text_content() == "ECU silent"
        assert (can.get_attribute("data-state"), can.get_attribute("data-live")) == ("up", "false")
        colours = page.evaluate(COLOURS)
        assert colours["events"] == colours["can"] == colours["assistant"] == colours["bad"], colours
        # Values greyed as last known, in the panel and the top bar.
        assert colours["temperature"] == colours["speed"] == colours["gear"] == colours["old"], colours
        assert colours["old"] != colours["value"]
        banner = tid("live-banner")
        assert banner.is_visible() and banner.get_attribute("data-state") == "stale"
        assert "stale" in banner.text_content() and "last known" in banner.text_content()
        temperature = tid("ctl-climate.set_temperature-driver")
        assert "last-known" in temperature.get_attribute("class")
        assert temperature.get_attribute("data-stale") == "true"
        assert console.value("ctl-climate.set_temperature-driver") == "22.0"  # the last known value stays
        # Controls that would send are marked unavailable; a tap says why and sends nothing.
        inc = tid("ctl-climate.set_temperature-driver-inc")
        assert (inc.get_attribute("data-unavailable"), inc.get_attribute("aria-disabled")) == ("stale", "true")
        assert tid("ctl-climate.set_ac-cabin").get_attribute("data-unavailable") == "stale"
        console.tap("ctl-climate.set_temperature-driver-inc")
        result = console.wait_result("unavailable")
        assert result["reason"] == "stale" and "stopped reporting" in result["text"], result
        console.tab("modes")
        assert tid("mode-nap").get_attribute("data-unavailable") == "stale"
        console.tab("climate")
        assert console.net.calls("POST", "/api/v1/actions") == []
        m = measure(page)
        assert m["clipped"] == [] and m["cut"] == [] and m["tiny"] == [] and m["faint"] == [], m
        assert_top_bar_fits(console, "stale")
        save_screenshot(page, tmp_path, "console-1280x720-stale.png")

        service.runtime.simulator.start()
        started = time.monotonic()
        page.wait_for_function(PANEL_IS, arg="live", timeout=5_000)
        back = time.monotonic() - started
        print(f"live again {back:.2f} s after the ECU reported")
        assert back <= 1.5, back
        assert events.text_content() == "Live" and events.get_attribute("data-stale") == "false"
        assert can.text_content() == "CAN up" and can.get_attribute("data-live") == "true"
        assert banner.is_hidden()
        colours = page.evaluate(COLOURS)
        assert colours["temperature"] == colours["value"] and colours["events"] != colours["bad"], colours
        assert inc.get_attribute("data-unavailable") == ""
        inc.click()
        console.wait_value("ctl-climate.set_temperature-driver", "22.5")
        assert console.wait_result("applied")["reason"] is None
        assert [b for _, _, b in console.net.calls("POST", "/api/v1/actions")] == [
            {"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 22.5}}
        ]
        assert page.n7_errors == []


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (1920, "en"), (1280, "zh")])
def test_the_top_bar_keeps_every_control_on_screen_live_stale_and_offline(
    playwright_driver, service, tmp_path, width, language
):
    with open_console(playwright_driver, service, tmp_path / "profile", width=width) as console:
        page = console.page
        if language == "zh":
            console.send("把所有车窗打开一半")
            page.wait_for_function("document.body.dataset.lang === 'zh'")
        # The widest readout: three digits of speed, a gear, the child lock on.
        with http(service) as c:
            c.put("/api/v1/sim/vehicle", json={"speed_kph": 130, "gear": "D", "child_lock": True}).raise_for_status()
        console.wait_value("vehicle-speed", "130")
        page.wait_for_function("document.querySelector('[data-testid=vehicle-child-lock]').dataset.value === 'true'")
        assert_top_bar_fits(console, "live")

        service.runtime.simulator.stop()
        page.wait_for_function(PANEL_IS, arg="stale", timeout=6_000)
        assert console.tid("badge-events").text_content() == ("已过期" if language == "zh" else "Stale")
        assert_top_bar_fits(console, "stale")
        save_screenshot(page, tmp_path, f"console-{width}x720-{language}-stale-topbar.png")

        service.stop()
        page.wait_for_function(PANEL_IS, arg="offline", timeout=8_000)
        page.wait_for_function("document.querySelector('[data-testid=badge-can]').dataset.state === 'offline'")
        assert_top_bar_fits(console, "offline")
        m = measure(page)
        assert m["clipped"] == [] and m["cut"] == [], m
        save_screenshot(page, tmp_path, f"console-{width}x720-{language}-offline-topbar.png")
        # The theme button is on the screen and works with the service gone.
        theme = page.evaluate("document.documentElement.dataset.theme")
        console.tap("theme-toggle")
        assert page.evaluate("document.documentElement.dataset.theme") != theme
        assert page.n7_errors == []
