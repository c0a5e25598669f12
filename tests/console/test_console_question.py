"""The console shows a question the assistant asked (DESIGN 4a, 6a) as large single-tap
buttons with its expiry, against the REAL service in Debian's Chromium; a tap answers it.

"maybe open the tailgate" ends on a question: nothing moves; the card shows the question,
a "Yes" and a "No" button (each at least 76 x 76 CSS px at 1280 x 720 and 1920 x 720) and
the seconds left. Tapping "Yes" posts the answer and the tailgate opens; tapping "No"
moves nothing. Screenshots are kept as test artifacts.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from live import STATE_ROUTE, open_console, save_screenshot, start_service

TOUCH = 76


@pytest.fixture
def service(tmp_path: Path):
    svc = start_service(tmp_path / "svc")
    yield svc
    svc.stop()


def tailgate(service) -> dict:
    with httpx.Client(base_url=service.base, timeout=15.0, trust_env=False) as c:
        return c.get(STATE_ROUTE).json()["controls"]["tailgate.set"]["cabin"]


def wait_question(page) -> None:
    page.wait_for_selector('[data-testid="question"]:not([hidden])', timeout=20_000)


def sizes(page) -> list[tuple[str, float, float]]:
    out = []
    for b in page.locator('[data-testid="question"] button').all():
        box = b.bounding_box()
        assert box is not None
        out.append((b.text_content() or "", box["width"], box["height"]))
    return out


@pytest.mark.parametrize("width", [1280, 1920])
def test_a_question_is_large_buttons_and_a_tap_answers_it(playwright_driver, service, tmp_path, width):
    with open_console(playwright_driver, service, tmp_path / "profile", width=width, height=720) as console:
        page = console.page
        console.send("maybe open the tailgate")
        wait_question(page)
        card = console.tid("question")
        assert card.get_attribute("data-kind") == "clarify"
        assert console.tid("question-text").text_content() == "Shall I open the tailgate?"
        assert console.tid("question-expiry").text_content().endswith("s left")
        labels = [label for label, _, _ in sizes(page)]
        assert labels == ["Yes", "No"]
        assert all(w >= TOUCH - 0.5 and h >= TOUCH - 0.5 for _, w, h in sizes(page)), sizes(page)
        # everything still fits on the screen: no page scrolling
        scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert scroll == [width, 720]
        save_screenshot(page, tmp_path, f"question-{width}x720.png")
        assert tailgate(service) == {"open": False}  # nothing moved for the question
        answers = []
        page.on("request", lambda r: answers.append(r.post_data_json) if r.method == "POST" else None)
        console.tid("question-option").click()
        page.wait_for_selector('[data-testid="question"][hidden]', state="attached", timeout=10_000)
        page.wait_for_function(
            "document.querySelector('[data-testid=chat-log]').dataset.busy === 'false'", timeout=20_000
        )
        assert [a["answer"]["option"] for a in answers if a and "answer" in a] == ["yes"]
        assert tailgate(service) == {"open": True}
        assert console.last_assistant().get_attribute("data-status") == "applied"
        assert page.n7_errors == []


def test_no_on_the_console_moves_nothing(playwright_driver, service, tmp_path):
    with open_console(playwright_driver, service, tmp_path / "profile") as console:
        page = console.page
        console.send("要不开下后备箱")
        wait_question(page)
        assert console.tid("question-text").text_content() == "要打开尾门吗？"
        console.tid("question-no").click()
        page.wait_for_selector('[data-testid="question"][hidden]', state="attached", timeout=10_000)
        page.wait_for_function(
            "document.querySelector('[data-testid=chat-log]').dataset.busy === 'false'", timeout=20_000
        )
        assert tailgate(service) == {"open": False}
        assert console.last_assistant().get_attribute("data-status") == "no_action"
        assert page.n7_errors == []
