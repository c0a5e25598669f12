"""Timed commands decided when they are set (DESIGN section 5a), pure: no service.

Everything but the live interlocks refuses now (validation, seat rights,
fitted, the budget); speed, gear, staleness and the child lock refuse
nothing yet. Also the words: when, in both languages, and the cancel words.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from app.jobs import cancel, plan, wording
from app.jobs.clock import next_local
from vehicle.parser.result import ParseResult
from vehicle.safety import StateSnapshot

pytestmark = pytest.mark.unit

NOW = datetime(2026, 12, 1, 18, 32, 0).timestamp()
MOVING = {"speed_kph": 80.0, "gear": "D", "child_lock": True}


def shown(reading=None, stale=False):
    return StateSnapshot(reading or MOVING, stale, {"window.set_position": {"rear_left": {"open_percent": 0}}})


def parse(*entries, language="en"):
    return ParseResult(language=language, schedule=tuple(entries), complete=True)


def action(capability, target, **parameters):
    return {"capability": capability, "target": target, "parameters": parameters}


def test_live_interlocks_refuse_nothing_when_set(catalog):
    tailgate = action("tailgate.set", "cabin", open=True)
    window = action("window.set_position", "rear_left", open_percent=100)
    (entry,) = plan.plan(
        catalog, parse({"actions": [tailgate, window], "after_s": 600}), "rear_left", shown(), NOW, "en"
    )
    # the car moves, the child lock is on, and the state is stale: none of it is known for the due time
    assert [a["capability"] for a in entry.actions] == ["window.set_position"]
    assert entry.refused[0]["reason"] == "seat_not_permitted"  # the tailgate: not the rear seat's, ever
    assert entry.due_at == NOW + 600


def test_stale_state_refuses_nothing_when_set(catalog):
    tailgate = action("tailgate.set", "cabin", open=True)
    (entry,) = plan.plan(catalog, parse({"actions": [tailgate], "after_s": 30}), "driver", shown(stale=True), NOW, "en")
    assert entry.refused == [] and entry.actions[0]["capability"] == "tailgate.set"


def test_not_fitted_and_out_of_range_are_refused_now(catalog):
    vent = action("seat.set_ventilation", "rear_left", level=2)
    hot = action("climate.set_temperature", "driver", celsius=45.0)
    (entry,) = plan.plan(catalog, parse({"actions": [vent, hot], "after_s": 60}), "driver", shown(), NOW, "en")
    assert entry.actions == []
    assert [r["reason"] for r in entry.refused] == ["not_fitted", "out_of_range"]
    assert all(r["status"] == "rejected" and r["message"] for r in entry.refused)


def test_a_group_keeps_only_the_members_the_seat_may_operate(catalog):
    windows = action("window.set_position", "all", open_percent=0)
    (entry,) = plan.plan(catalog, parse({"actions": [windows], "after_s": 60}), "rear_left", shown(), NOW, "en")
    assert [a["target"] for a in entry.actions] == ["rear_left"]
    (refused,) = entry.refused
    assert refused["reason"] == "seat_not_permitted"
    assert {m["target"] for m in refused["members"]} == {"driver", "passenger", "rear_right"}


def test_the_speakers_member_is_resolved_when_set(catalog):
    heat = {"capability": "seat.set_heating", "target": None, "parameters": {"level": 2}}
    (entry,) = plan.plan(catalog, parse({"actions": [heat], "after_s": 60}), "passenger", shown(), NOW, "en")
    assert entry.actions[0]["target"] == "passenger"


@pytest.mark.parametrize("bad", [{"after_s": 4}, {"after_s": 86401}, {"after_s": True}, {"at": "25:00"}, {}])
def test_a_time_out_of_bounds_is_refused_now(catalog, bad):
    heat = action("seat.set_heating", "driver", level=2)
    (entry,) = plan.plan(catalog, parse({"actions": [heat], **bad}), "driver", shown(), NOW, "en")
    assert entry.actions == [] and entry.refused[0]["reason"] == "invalid_time"


def test_a_duration_alone_acts_now(catalog):
    heat = action("seat.set_heating", "driver", level=2)
    (entry,) = plan.plan(catalog, parse({"actions": [heat], "for_s": 1200}), "driver", shown(), NOW, "en")
    assert entry.due_at is None and entry.for_s == 1200.0 and entry.actions


def test_a_clock_time_is_the_next_within_24_hours():
    assert datetime.fromtimestamp(next_local("18:42", NOW)).strftime("%d %H:%M") == "01 18:42"
    assert datetime.fromtimestamp(next_local("07:30", NOW)).strftime("%d %H:%M") == "02 07:30"
    assert datetime.fromtimestamp(next_local("18:32", NOW)).strftime("%d %H:%M") == "02 18:32"  # now is past
    with pytest.raises(ValueError):
        next_local("7:3", NOW)


def test_the_reply_says_when_in_both_languages(catalog):
    heat = action("seat.set_heating", "driver", level=2)
    due = NOW + 600
    assert wording.scheduled(catalog, [heat], due, NOW, "en") == (
        "Driver seat heating will be set to level 2 in 10 minutes, at 18:42."
    )
    zh = wording.scheduled(catalog, [heat], due, NOW, "zh")
    assert zh.startswith("主驾座椅加热将于10分钟后（18:42）") and zh.endswith("。")
    window = action("window.set_position", "driver", open_percent=100)
    assert wording.scheduled(catalog, [window], NOW + 5, NOW, "en") == (
        "Driver window will open in 5 seconds, at 18:32."
    )
    assert wording.duration(5400, "en") == "1 hour 30 minutes" and wording.duration(90, "zh") == "1分钟30秒"
    at = next_local("07:30", NOW)  # 12 h 58 min ahead: said to the minute
    assert wording.when(at, NOW + 17, "en") == "in 12 hours 58 minutes, at 07:30"


@pytest.mark.parametrize(
    "text",
    [
        "cancel the timer",
        "cancel the timers",
        "cancel the seat heating timer",
        "取消定时",
        "别定时了",
        "取消座椅加热的定时",
    ],
)
def test_cancel_words(text):
    assert cancel.is_cancel(text)


@pytest.mark.parametrize("text", ["cancel that", "set a timer", "取消", "打开座椅加热", "the timer is annoying"])
def test_not_cancel_words(text):
    assert not cancel.is_cancel(text)
