"""The console page against the REAL service, in Debian's Chromium.

Each test starts ``n7web serve`` as a uvicorn subprocess (loopback, free port,
its own virtual CAN channel, in-process ECU simulator, local-only unless a test
says otherwise) and drives the page the way a person would: typing in the
chat, tapping panel controls, moving the simulator's speed and gear. Every
request the page makes is recorded from before its first navigation.
Screenshots go to ``$N7WEB_SCREENSHOT_DIR`` when set, else the test's tmp dir.
"""

from __future__ import annotations

import struct
import time
from pathlib import Path

import httpx
import pytest
from live import FRAME_SAMPLER, STATE_ROUTE, Console, open_console, save_screenshot, start_service


@pytest.fixture
def service(tmp_path: Path):
    svc = start_service(tmp_path / "svc")
    yield svc
    svc.stop()


@pytest.fixture
def console(playwright_driver, service, tmp_path):
    with open_console(playwright_driver, service, tmp_path / "profile") as c:
        yield c
        assert c.page.n7_errors == []


def http(service) -> httpx.Client:
    return httpx.Client(base_url=service.base, timeout=15.0, trust_env=False)


def chips(console: Console, capability: str) -> list[dict[str, str | None]]:
    return [
        {
            "status": c.get_attribute("data-status"),
            "reason": c.get_attribute("data-reason") or None,
            "target": c.get_attribute("data-target"),
            "source": c.get_attribute("data-source"),
        }
        for c in console.last_assistant().locator(f'[data-testid="chip"][data-capability="{capability}"]').all()
    ]


def no_state_polling(console: Console) -> None:
    gets = console.net.calls("GET", STATE_ROUTE)
    assert gets == [], f"the page fetched {STATE_ROUTE}: {gets}"
    assert console.net.outside() == []


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", header[16:24])


# --------------------------------------------------------------------------------------------


def test_typed_command_changes_the_panel_and_shows_an_applied_chip(console, service):
    page = console.page
    responses: list[tuple[str, str]] = []
    page.on("response", lambda r: responses.append((r.url, r.headers.get("content-type", ""))))
    assert console.tid("badge-mode").get_attribute("data-mode") == "simulation"
    assert console.tid("badge-assistant").get_attribute("data-mode") == "local_only"
    assert console.tid("badge-can").get_attribute("data-state") == "up"
    assert console.value("ctl-window.set_position-driver") == "0"

    console.send("open the driver window")

    console.wait_value("ctl-window.set_position-driver", "100")
    assert chips(console, "window.set_position") == [
        {"status": "applied", "reason": None, "target": "driver", "source": "parser"}
    ]
    last = console.last_assistant()
    assert last.get_attribute("data-handled-by") == "local"
    assert last.get_attribute("data-turn-id", timeout=1000).startswith("t_")
    assert "Driver window opened" in last.get_by_test_id("msg-text").text_content()
    # The turn was read as an event stream (a local turn sends its reply as one delta).
    [post] = console.net.calls("POST", "/api/v1/sessions/")
    assert (
        post[1].endswith("/messages") and post[2]["source"] == "console" and post[2]["text"] == "open the driver window"
    )
    assert [t for u, t in responses if u.endswith("/messages")] == ["text/event-stream; charset=utf-8"]
    # The panel changed from the event stream alone: confirmed state, never a poll.
    with http(service) as c:
        assert c.get(STATE_ROUTE).json()["controls"]["window.set_position"]["driver"] == {"open_percent": 100}
    no_state_polling(console)


def test_chinese_command_with_a_group_chip(console):
    console.send("把所有车窗打开一半")
    for window in ("driver", "passenger", "rear_left", "rear_right"):
        console.wait_value(f"ctl-window.set_position-{window}", "50")
    chip = console.last_assistant().get_by_test_id("chip").first
    assert chip.get_attribute("data-status") == "applied"
    assert "车窗" in console.last_assistant().get_by_test_id("msg-text").text_content()
    no_state_polling(console)


def test_change_from_another_client_reaches_the_page_within_500_ms(console, service):
    console.page.wait_for_timeout(200)  # the stream is open; let the first render settle
    assert console.value("ctl-seat.set_heating-passenger") == "0"
    with http(service) as other:
        sid = other.post("/api/v1/sessions").json()["session_id"]
        r = other.post(
            f"/api/v1/sessions/{sid}/messages", json={"text": "set the passenger seat heating to 3", "source": "voice"}
        )
        returned = time.monotonic()  # the other client's POST has returned: the clock starts here
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
        console.wait_value("ctl-seat.set_heating-passenger", "3", timeout=5_000)
        seen_ms = (time.monotonic() - returned) * 1000
        assert seen_ms <= 500, f"the page showed the change {seen_ms:.0f} ms after the POST returned"

        # A console tap elsewhere (the actions route, no session at all) shows up the same way.
        tap = other.post(
            "/api/v1/actions", json={"capability": "mirror.fold", "target": "cabin", "parameters": {"folded": True}}
        )
        returned = time.monotonic()
        assert tap.json()["status"] == "applied", tap.text
        console.wait_value("ctl-mirror.fold-cabin", "true", timeout=5_000)
        seen_ms = (time.monotonic() - returned) * 1000
        assert seen_ms <= 500, f"the page showed the change {seen_ms:.0f} ms after the POST returned"

        # A status frame on the bus: the simulated ECU broadcasts a new Vehicle_Sts (speed, gear);
        # the PUT answers once the backend's state, fed only by that frame, shows it.
        moved = other.put("/api/v1/sim/vehicle", json={"speed_kph": 30, "gear": "D"})
        returned = time.monotonic()
        assert moved.status_code == 200, moved.text
        console.wait_value("vehicle-gear", "D", timeout=5_000)
        console.wait_value("vehicle-speed", "30", timeout=5_000)
        seen_ms = (time.monotonic() - returned) * 1000
        assert seen_ms <= 500, f"the page showed the status frame {seen_ms:.0f} ms after the PUT returned"
    # The other session's turn is not in this page's chat.
    assert console.page.locator('[data-testid="msg"]').count() == 0
    no_state_polling(console)


def test_interlock_refusal_through_the_simulator_controls(console, service):
    assert console.tid("tab-sim").is_visible()
    console.tab("sim")
    assert console.tid("sim-controls").is_visible()
    console.tid("sim-speed-preset-50").click()
    console.wait_value("vehicle-speed", "50")
    console.tid("sim-gear-D").click()
    console.wait_value("vehicle-gear", "D")
    assert console.tid("sim-gear-D").get_attribute("aria-pressed") == "true"
    sim_puts = console.net.calls("PUT", "/api/v1/sim/vehicle")
    assert [b for _, _, b in sim_puts] == [{"speed_kph": 50, "gear": "P"}, {"speed_kph": 50, "gear": "D"}]

    # The tailgate looks unavailable before the tap; the tap says why and sends nothing.
    console.tab("lights")
    assert console.tid("ctl-tailgate.set-cabin").get_attribute("data-unavailable") == "stop"
    console.tap("ctl-tailgate.set-cabin")
    result = console.wait_result("unavailable")
    assert result["reason"] == "stop", result
    assert console.net.calls("POST", "/api/v1/actions") == []
    # The backend refuses the same for any other client (its gates decide, not the page).
    with http(service) as c:
        refused = c.post(
            "/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
        ).json()
        assert refused["status"] == "rejected" and refused["reason"].startswith("interlock_"), refused
        assert c.get(STATE_ROUTE).json()["controls"]["tailgate.set"]["cabin"] == {"open": False}
    assert console.value("ctl-tailgate.set-cabin") == "false"

    # Back to P at 0 km/h with the simulator: the same tap now opens it.
    console.tab("sim")
    console.tid("sim-speed-preset-0").click()
    console.wait_value("vehicle-speed", "0")
    console.tid("sim-gear-P").click()
    console.wait_value("vehicle-gear", "P")
    console.tab("lights")
    console.tid("ctl-tailgate.set-cabin").click()
    console.wait_value("ctl-tailgate.set-cabin", "true")
    assert console.wait_result("applied")["reason"] is None
    [tap] = console.net.calls("POST", "/api/v1/actions")
    assert tap[2] == {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
    no_state_polling(console)


def test_panel_taps_post_actions_and_change_state(console, service):
    # Seat heating + : 0 -> 1 (a tap sends set_* with the next absolute value).
    console.tab("seats")
    console.tid("ctl-seat.set_heating-driver-inc").click()
    console.wait_value("ctl-seat.set_heating-driver", "1")
    assert console.wait_result("applied")["status"] == "applied"
    # Temperature +: 22.0 -> 22.5 (the catalog's step).
    console.tab("climate")
    console.tid("ctl-climate.set_temperature-driver-inc").click()
    console.wait_value("ctl-climate.set_temperature-driver", "22.5")
    # A toggle: A/C on.
    console.tid("ctl-climate.set_ac-cabin").click()
    console.wait_value("ctl-climate.set_ac-cabin", "true")
    # Window +: 0 -> 10 percent (a tenth of the range), twice.
    console.tab("openings")
    console.tid("ctl-window.set_position-passenger-inc").click()
    console.wait_value("ctl-window.set_position-passenger", "10")
    console.tid("ctl-window.set_position-passenger-inc").click()
    console.wait_value("ctl-window.set_position-passenger", "20")

    taps = [b for _, _, b in console.net.calls("POST", "/api/v1/actions")]
    assert taps == [
        {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 1}},
        {"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 22.5}},
        {"capability": "climate.set_ac", "target": "cabin", "parameters": {"on": True}},
        {"capability": "window.set_position", "target": "passenger", "parameters": {"open_percent": 10}},
        {"capability": "window.set_position", "target": "passenger", "parameters": {"open_percent": 20}},
    ]
    with http(service) as c:
        controls = c.get(STATE_ROUTE).json()["controls"]
        audit = c.get("/api/v1/audit", params={"limit": 10}).json()["decisions"]
    assert controls["seat.set_heating"]["driver"] == {"level": 1}
    assert controls["climate.set_temperature"]["driver"] == {"celsius": 22.5}
    assert controls["window.set_position"]["passenger"] == {"open_percent": 20}
    assert controls["climate.set_ac"]["cabin"] == {"on": True}
    # Every tap is audited as a console action.
    console_rows = [a for d in audit for a in d["actions"] if a["source"] == "console"]
    assert len(console_rows) == 5 and {a["status"] for a in console_rows} == {"applied"}
    no_state_polling(console)


def test_reload_restores_history(console, service):
    console.send("turn on the ac")
    console.send("set the driver side to 21 degrees")
    session_id = console.page.evaluate("localStorage.getItem('n7web.console.session_id')")
    assert session_id and session_id.startswith("s_")
    before = [
        (m.get_attribute("data-role"), m.get_by_test_id("msg-text").text_content())
        for m in console.page.locator('[data-testid="msg"]').all()
    ]
    assert [r for r, _ in before] == ["user", "assistant", "user", "assistant"]

    console.page.reload()
    console.wait_live()
    console.page.wait_for_function("document.querySelectorAll('[data-testid=msg]').length === 4")
    after = [
        (m.get_attribute("data-role"), m.get_by_test_id("msg-text").text_content())
        for m in console.page.locator('[data-testid="msg"]').all()
    ]
    assert after == before
    assert console.page.evaluate("localStorage.getItem('n7web.console.session_id')") == session_id
    restored = console.page.locator('[data-testid="chip"]')
    assert [(c.get_attribute("data-capability"), c.get_attribute("data-status")) for c in restored.all()] == [
        ("climate.set_ac", "applied"),
        ("climate.set_temperature", "applied"),
    ]
    assert console.value("ctl-climate.set_temperature-driver") == "21.0"
    assert console.value("ctl-climate.set_ac-cabin") == "true"
    history = console.net.calls("GET", f"/api/v1/sessions/{session_id}/messages")
    assert len(history) == 1  # once, after the reload (the first load created the session)
    no_state_polling(console)


@pytest.mark.parametrize("width", [1280, 1920])
def test_live_screenshots_fit_the_head_unit(playwright_driver, service, tmp_path, width):
    with open_console(playwright_driver, service, tmp_path / "profile", width=width, height=720) as console:
        console.send("set the driver side to 21 degrees and turn on the seat heating")
        console.send("open all windows halfway")
        console.send("open the fridge")
        console.tab("openings")
        console.tid("ctl-sunroof.set_position-cabin-inc").click()
        console.wait_value("ctl-sunroof.set_position-cabin", "10")
        console.page.wait_for_timeout(300)  # scroll-to-bottom and fonts settle
        shot = save_screenshot(console.page, tmp_path, f"console-live-{width}x720.png")
        assert png_size(shot) == (width, 720)
        page = console.page
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate("document.documentElement.scrollHeight") <= 720
        for testid in ("chat-input", "chat-send", "ctl-sunroof.set_position-cabin", "vehicle-gear", "tab-sim"):
            box = console.tid(testid).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, testid
        statuses = {c.get_attribute("data-status") for c in page.get_by_test_id("chip").all()}
        assert {"applied", "rejected"} <= statuses
        assert page.n7_errors == []
        no_state_polling(console)


# -- a codex turn in the page --------------------------------------------------------------------
# The service is configured for the fake model exactly as the end-to-end tests do it
# (tests/e2e/e2e_harness.py: a config.toml in the state dir's codex-home naming the
# loopback provider); only the provider differs: its text arrives delta by delta, slowly.


@pytest.fixture(scope="module")
def slow_model():
    from e2e.e2e_provider import Provider as SlowProvider

    provider = SlowProvider()
    yield provider
    provider.close()


@pytest.fixture(scope="module")
def codex_service(tmp_path_factory, slow_model):
    from e2e.e2e_harness import provider_toml
    from e2e.e2e_harness import start_service as start_codex_service

    svc = start_codex_service(tmp_path_factory.mktemp("codex-svc"), provider_toml(slow_model.base_url))
    yield svc
    svc.stop()


@pytest.fixture
def codex_console(playwright_driver, codex_service, tmp_path):
    with open_console(playwright_driver, codex_service, tmp_path / "profile") as c:
        c.page.wait_for_selector('[data-testid="badge-assistant"][data-mode="codex"]', timeout=60_000)
        yield c
        assert c.page.n7_errors == []


def test_codex_reply_streams_partial_texts_and_its_plan_moves_the_panel(codex_console, slow_model):
    from e2e.e2e_provider import execute
    from e2e.e2e_provider import text as slow_text

    console = codex_console
    utterance = "I'm freezing"
    plan = {
        "actions": [
            {"capability": "climate.adjust_temperature", "target": "all", "parameters": {"delta_celsius": 2.0}},
            {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}},
        ]
    }
    parts = ("Warming you up: ", "all zones are two degrees warmer ", "and your seat heating is on level 2.")
    slow_model.script(utterance, lambda call: execute(call.token, plan), slow_text(*parts, gap_s=0.4))
    assert console.value("ctl-climate.set_temperature-driver") == "22.0"
    assert console.value("ctl-seat.set_heating-driver") == "0"

    console.page.evaluate(FRAME_SAMPLER)
    console.send(utterance, timeout=60_000)

    final = "".join(parts)
    last = console.last_assistant()
    assert last.get_attribute("data-handled-by") == "codex"
    assert last.get_by_test_id("msg-text").text_content() == final
    seen = list(dict.fromkeys(console.page.evaluate("window.__n7_frames")))  # distinct, in order
    partial = [t for t in seen if t and t != final]
    assert len(partial) >= 2, f"partial texts rendered while streaming: {seen}"
    assert all(final.startswith(t) for t in partial), seen
    # The model's plan went through the executor: chips and the panel show the result.
    statuses = {
        (c["target"], c["status"], c["source"])
        for cap in ("climate.adjust_temperature", "seat.set_heating")
        for c in chips(console, cap)
    }
    assert statuses == {("all", "applied", "model"), ("driver", "applied", "model")}, statuses
    for zone in ("driver", "passenger", "rear_left", "rear_right"):
        console.wait_value(f"ctl-climate.set_temperature-{zone}", "24.0")
    console.wait_value("ctl-seat.set_heating-driver", "2")
    assert [c.utterance for c in slow_model.calls_for(utterance)] == [utterance, utterance]
    no_state_polling(console)


def test_stop_button_interrupts_a_streaming_codex_reply(codex_console, slow_model, tmp_path):
    from e2e.e2e_provider import text as slow_text

    console = codex_console
    utterance = "tell me about the seats"
    parts = tuple(f"Part {n} of a long answer. " for n in range(1, 9))
    slow_model.script(utterance, slow_text(*parts, gap_s=0.8))
    console.tid("chat-input").fill(utterance)
    console.tid("chat-send").click()
    console.page.wait_for_function(
        """() => { const m = [...document.querySelectorAll('[data-testid="msg"][data-role="assistant"]')].pop();
                   return m && m.dataset.streaming === 'true'
                          && m.querySelector('[data-testid="msg-text"]').textContent.startsWith('Part 1'); }""",
        timeout=60_000,
    )
    assert console.tid("chat-interrupt").is_visible() and console.tid("chat-send").is_hidden()
    console.tid("chat-interrupt").click()
    console.page.wait_for_function(
        "document.querySelector('[data-testid=chat-log]').dataset.busy === 'false'", timeout=30_000
    )
    last = console.last_assistant()
    assert last.get_attribute("data-streaming") == "false"
    shown = last.get_by_test_id("msg-text").text_content()
    assert shown.startswith("Part 1") and shown != "".join(parts), shown
    assert len(console.net.calls("POST", "/api/v1/sessions/")) == 2  # the turn and its interrupt
    assert [c[1].rsplit("/", 1)[1] for c in console.net.calls("POST", "/api/v1/sessions/")] == ["messages", "interrupt"]
    assert console.tid("chat-send").is_visible()
    # The person's own Stop is said as such, not as an offline assistant.
    assert last.locator(".tag-warn").text_content() == "Stopped"
    assert last.get_attribute("data-handled-by") == "codex"
    save_screenshot(console.page, tmp_path, "console-live-interrupted-1280x720.png")
    no_state_polling(console)
