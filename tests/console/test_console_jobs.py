"""The console's Timers tab against the real service, in Debian's Chromium (DESIGN 5a, 6a).

A timed command said in the chat appears in the tab with its local due
time and a cancel button at least 76 px square; a tap on it cancels the job
(DELETE /api/v1/jobs/{id}); while the car moves the list gives way to a
voice hint; a job that fires leaves the list and is shown as done, all
from the event stream (the list is never polled).
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from live import open_console, save_screenshot, start_service


@pytest.fixture
def service(tmp_path: Path):
    svc = start_service(tmp_path / "svc")
    yield svc
    svc.stop()


def test_timers_tab_lists_cancels_and_shows_a_fired_job(playwright_driver, service, tmp_path):
    with open_console(playwright_driver, service, tmp_path / "profile") as console:
        page = console.page
        console.tab("timers")
        assert console.tid("jobs-empty").is_visible()

        console.send("turn on the seat heating in 10 minutes")
        row = page.locator('[data-testid="job"]')
        row.first.wait_for(timeout=5000)
        assert row.count() == 1
        assert "turn on the seat heating in 10 minutes" in row.first.text_content()
        due = page.locator('[data-testid="job"] .job-due').first.text_content()
        assert len(due) == 5 and due[2] == ":"  # HH:MM, the local clock
        cancel = console.tid("job-cancel")
        box = cancel.bounding_box()
        assert box is not None and box["width"] >= 76 and box["height"] >= 76
        save_screenshot(page, tmp_path, "console-timers-1280x720.png")

        console.tap("job-cancel")
        page.wait_for_selector('[data-testid="job-last"][data-status="cancelled"]', timeout=5000)
        assert row.count() == 0
        with httpx.Client(base_url=service.base, timeout=10, trust_env=False) as c:
            (job,) = c.get("/api/v1/jobs").json()["jobs"]
            assert job["status"] == "cancelled"
        assert [p for m, p, _ in console.net.entries if m == "DELETE"] == [f"/api/v1/jobs/{job['id']}"]

        # while the car moves the list gives way to a voice hint; it comes back when parked
        with httpx.Client(base_url=service.base, timeout=10, trust_env=False) as c:
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 40, "gear": "D"}).status_code == 200
            page.wait_for_selector('[data-testid="jobs"][data-locked="true"]', timeout=5000)
            assert console.tid("jobs-locked").is_visible() and not console.tid("job-last").is_visible()
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200
            page.wait_for_selector('[data-testid="jobs"][data-locked="false"]', timeout=5000)
        assert console.tid("job-last").is_visible() and not console.tid("jobs-locked").is_visible()

        console.send("五秒后打开主驾车窗")
        row.first.wait_for(timeout=5000)
        page.wait_for_selector('[data-testid="job-last"][data-status="fired"]', timeout=15_000)
        assert row.count() == 0
        assert "主驾车窗已打开" in console.tid("job-last").text_content()
        console.wait_value("ctl-window.set_position-driver", "100")
        gets = [p for m, p, _ in console.net.entries if m == "GET" and p.startswith("/api/v1/jobs")]
        assert len(gets) == 1  # loaded once at start; the rest came from the events
        assert page.n7_errors == []
