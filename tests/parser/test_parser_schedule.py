"""Timed commands in the parse (DESIGN sections 4 and 5a): a delay, a clock
time or a duration makes its sentence's commands `schedule` entries, never
actions; a vague time or one out of bounds holds them; a number that is a
setting is never read as a time.
"""

from __future__ import annotations

import pytest

from vehicle.parser.text.timing import lift


@pytest.fixture
def parse(parser):
    """parse(text, seat) -> the DESIGN section 4 JSON object."""
    return lambda text, seat: parser.parse(text, seat).to_json()


HEAT = {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}}


@pytest.mark.parametrize(
    "text,language,kind,seconds,clock",
    [
        ("in 10 minutes", "en", "after", 600, ""),
        ("in ten minutes", "en", "after", 600, ""),
        ("in twenty five minutes", "en", "after", 1500, ""),
        ("after 30 seconds", "en", "after", 30, ""),
        ("in half an hour", "en", "after", 1800, ""),
        ("in an hour and a half", "en", "after", 5400, ""),
        ("in 1.5 hours", "en", "after", 5400, ""),
        ("10 minutes from now", "en", "after", 600, ""),
        ("for 20 minutes", "en", "for", 1200, ""),
        ("for half an hour", "en", "for", 1800, ""),
        ("at 7:30", "en", "at", 0, "07:30"),
        ("at 7:30 pm", "en", "at", 0, "19:30"),
        ("at 7 pm", "en", "at", 0, "19:00"),
        ("at 12 am", "en", "at", 0, "00:00"),
        ("at half past seven", "en", "at", 0, "07:30"),
        ("at quarter to eight", "en", "at", 0, "07:45"),
        ("at noon", "en", "at", 0, "12:00"),
        ("十分钟后", "zh", "after", 600, ""),
        ("10分钟以后", "zh", "after", 600, ""),
        ("半小时后", "zh", "after", 1800, ""),
        ("一个半小时之后", "zh", "after", 5400, ""),
        ("再过五分钟", "zh", "after", 300, ""),
        ("三十秒后", "zh", "after", 30, ""),
        ("二十分钟", "zh", "for", 1200, ""),
        ("持续半小时", "zh", "for", 1800, ""),
        ("七点半", "zh", "at", 0, "07:30"),
        ("晚上八点", "zh", "at", 0, "20:00"),
        ("下午三点十五分", "zh", "at", 0, "15:15"),
        ("19:30", "zh", "at", 0, "19:30"),
    ],
)
def test_a_time_is_lifted_out_of_the_text(text, language, kind, seconds, clock):
    lifted, timings = lift(text, language)
    assert len(timings) == 1, text
    (t,) = timings
    assert (t.kind, t.seconds, t.clock) == (kind, seconds, clock), text
    assert not any(ch.isdigit() for ch in lifted), text


@pytest.mark.parametrize(
    "text,language",
    [
        ("set the fan at 7", "en"),  # a level, not 7 o'clock
        ("keep the temperature at 72", "en"),
        ("in a minute open it", "en"),  # soon, not a time to set
        ("in a few minutes", "en"),
        ("温度调到二十点五度", "zh"),  # 20.5 degrees
        ("车窗开一点", "zh"),  # a bit
        ("十分温暖", "zh"),  # very
    ],
)
def test_a_setting_or_a_vague_time_is_no_time(text, language):
    assert lift(text, language)[1] == ()


@pytest.mark.parametrize(
    "text,key,value",
    [
        ("turn on my seat heating in 10 minutes", "after_s", 600),
        ("in 30 seconds turn on the seat heating", "after_s", 30),
        ("十分钟后打开座椅加热", "after_s", 600),
        ("半小时后打开座椅加热", "after_s", 1800),
        ("turn on the seat heating at 7:30", "at", "07:30"),
        ("七点半打开座椅加热", "at", "07:30"),
        ("turn on the seat heating for 20 minutes", "for_s", 1200),
        ("座椅加热开二十分钟", "for_s", 1200),
    ],
)
def test_a_timed_command_is_scheduled_not_done(parse, text, key, value):
    result = parse(text, "driver")
    assert result["actions"] == [], text
    assert result["schedule"] == [{"actions": [HEAT], key: value}], text
    assert result["complete"] is True, text
    # the model binds nothing of it: its control is held
    assert {m["said"] for m in result["mentions"]} == {"held"}, text


def test_a_delay_and_a_duration_make_one_entry(parse):
    result = parse("in 10 minutes turn on the seat heating for 20 minutes", "driver")
    assert result["schedule"] == [{"actions": [HEAT], "after_s": 600, "for_s": 1200}]


def test_only_the_timed_sentence_is_scheduled(parse):
    result = parse("open the sunroof. in 10 minutes close the sunroof", None)
    assert result["actions"] == [
        {"capability": "sunroof.set_position", "target": "cabin", "parameters": {"open_percent": 100}}
    ]
    assert result["schedule"] == [
        {
            "actions": [{"capability": "sunroof.set_position", "target": "cabin", "parameters": {"open_percent": 0}}],
            "after_s": 600,
        }
    ]


@pytest.mark.parametrize(
    "text",
    [
        "turn on the seat heating in 2 seconds",  # under 5 s
        "turn on the seat heating in 30 hours",  # over 24 h
        "in 5 minutes and in 10 minutes turn on the seat heating",  # two delays
        "turn on the seat heating at 7:30 in 10 minutes",
    ],
)
def test_a_time_out_of_bounds_schedules_nothing_and_moves_nothing(parse, text):
    result = parse(text, "driver")
    assert result["actions"] == [] and result["schedule"] == [] and result["complete"] is False, text
    assert result["negated"] and all(m["said"] == "held" for m in result["negated"]), text
    assert result["unplaced"], text


@pytest.mark.parametrize(
    "text",
    [
        "turn on the seat heating later",
        "turn on the seat heating tonight",
        "一会儿打开座椅加热",
        "if it gets cold in 10 minutes turn on the seat heating",
    ],
)
def test_a_vague_time_or_a_condition_still_holds(parse, text):
    result = parse(text, "driver")
    assert result["actions"] == [] and result["schedule"] == [], text
    assert result["negated"] and all(m["said"] == "held" for m in result["negated"]), text


def test_a_clock_time_in_a_name_is_no_schedule(parse):
    result = parse("cancel my 5:30 pm table reservation", None)
    assert result["schedule"] == [] and result["actions"] == []


@pytest.mark.parametrize(
    "text", ["maybe open the window in 10 minutes", "open the tailgate in 5 minutes?", "要不十分钟后开天窗"]
)
def test_a_hedged_timed_command_is_neither_asked_nor_scheduled(parse, text):
    """A yes to "shall I open the window?" would act now, and no one agreed to a timer."""
    result = parse(text, "driver")
    assert result["actions"] == [] and result["schedule"] == [] and result["clarify"] is None, text
    assert result["negated"] and all(m["said"] == "held" for m in result["negated"]), text
