"""Time words the red team found misread (DESIGN sections 4 and 5a): compound
delays said in two units, English amounts around "hour", bare Chinese clock
hours, 差N分 (minutes to the hour), 12 at night, quarters of an hour.

A delay or clock time makes its sentence's commands a `schedule` entry and
nothing runs now; a bare hour where no time can start (after a verb or a
control) is no value and no sure time: it holds its sentence.
"""

from __future__ import annotations

import pytest

from vehicle.parser.text.timing import lift

WINDOW_OPEN = {"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 100}}
AC_ON = {"capability": "climate.power", "target": "cabin", "parameters": {"on": True}}
AC_OFF = {"capability": "climate.power", "target": "cabin", "parameters": {"on": False}}
SUNROOF_CLOSE = {"capability": "sunroof.set_position", "target": "cabin", "parameters": {"open_percent": 0}}
TAILGATE_OPEN = {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
FAN_UP = {"capability": "climate.adjust_fan_speed", "target": "cabin", "parameters": {"delta_level": 1}, "vague": True}
VENT_DRIVER = {"capability": "seat.set_ventilation", "target": "driver", "parameters": {"level": 2}}
VENT_FRONT = [VENT_DRIVER, {"capability": "seat.set_ventilation", "target": "passenger", "parameters": {"level": 2}}]


def _waits(result: dict, text: str, actions: list, **keys: int | str) -> None:
    """Nothing runs now; one schedule entry with `actions` and exactly `keys`."""
    assert result["actions"] == [], text
    assert result["schedule"] == [{"actions": actions, **keys}], text
    assert result["unplaced"] == [], text


# ---------------------------------------------------------------- 1. Chinese hours + minutes: one amount
@pytest.mark.parametrize(
    "text,after_s",
    [
        ("1小时30分钟后打开车窗", 5400),
        ("两小时十分钟后打开车窗", 7800),
        ("一个小时二十分钟后打开车窗", 4800),
        ("1个钟头20分钟以后打开车窗", 4800),
        ("再过一小时十分钟打开车窗", 4200),
        ("一小时半后打开车窗", 5400),
        ("1分30秒后打开车窗", 90),
    ],
)
def test_zh_hours_and_minutes_make_one_delay(parse, text, after_s):
    """Read apart, 1小时30分钟后 was a 30-minute delay plus a one-hour duration: it fired early, then undid itself."""
    _waits(parse(text), text, [WINDOW_OPEN], after_s=after_s)


def test_zh_hours_and_minutes_without_after_are_one_duration(parse):
    _waits(parse("座椅通风开一小时二十分钟"), "座椅通风开一小时二十分钟", [VENT_DRIVER], for_s=4800)


def test_zh_a_minute_and_a_half(parse):
    _waits(parse("一分半钟后打开后备箱"), "一分半钟后打开后备箱", [TAILGATE_OPEN], after_s=90)


# ---------------------------------------------------------------- 2. English compound amounts
@pytest.mark.parametrize(
    "text,after_s",
    [
        ("open the window in 1 hour 30 minutes", 5400),
        ("open the window in an hour and 30 minutes", 5400),
        ("open the window in one hour and a half", 5400),
        ("open the window in a minute and a half", 90),
        ("open the window in two and a half hours", 9000),
        ("open the window in 2 hours and a half", 9000),
        ("open the window in three quarters of an hour", 2700),
        ("open the window in 1 hour and 15 minutes", 4500),
        ("in 10 minutes and 30 seconds open the window", 630),
        # unchanged: the plain forms
        ("open the window in an hour and a half", 5400),
        ("open the window in half an hour", 1800),
        ("open the window in an hour", 3600),
    ],
)
def test_en_compound_delay_is_one_delay(parse, text, after_s):
    _waits(parse(text), text, [WINDOW_OPEN], after_s=after_s)


def test_en_compound_duration_is_one_duration(parse):
    text = "ventilate the seats for an hour and 30 minutes"
    _waits(parse(text), text, VENT_FRONT, for_s=5400)


def test_en_a_minute_alone_is_still_soon_not_a_time(parse):
    result = parse("open the window in a minute")
    assert result["actions"] == [] and result["schedule"] == []


def test_en_two_amounts_of_one_unit_hold(parse):
    """ "in 5 minutes and 10 minutes" is no one delay: held, nothing now, nothing scheduled."""
    result = parse("open the window in 5 minutes and 10 minutes")
    assert result["actions"] == [] and result["schedule"] == []
    assert result["unplaced"]


# ---------------------------------------------------------------- 3. Chinese bare clock hours
@pytest.mark.parametrize(
    "text,actions,at",
    [
        ("八点打开空调", [AC_ON], "08:00"),
        ("两点关天窗", [SUNROOF_CLOSE], "02:00"),
        ("十二点打开空调", [AC_ON], "12:00"),
        ("21点打开空调", [AC_ON], "21:00"),
        ("在八点打开空调", [AC_ON], "08:00"),
        ("到了八点打开空调", [AC_ON], "08:00"),
        ("等到八点打开空调", [AC_ON], "08:00"),
        ("八点的时候打开空调", [AC_ON], "08:00"),
        ("好的 八点打开空调", [AC_ON], "08:00"),
        ("八点风量大一点", [FAN_UP], "08:00"),
        ("晚上八点打开空调", [AC_ON], "20:00"),
    ],
)
def test_zh_bare_hour_where_a_time_starts_is_a_clock_time(parse, text, actions, at):
    _waits(parse(text), text, actions, at=at)


@pytest.mark.parametrize(
    "text,now,actions,at",
    [
        (
            "风量调到三档；八点关闭空调",
            [{"capability": "climate.set_fan_speed", "target": "cabin", "parameters": {"level": 3}}],
            [AC_OFF],
            "08:00",
        ),
        ("关闭天窗。两点打开车窗", [SUNROOF_CLOSE], [WINDOW_OPEN], "02:00"),
    ],
)
def test_zh_bare_hour_after_a_sentence_end_times_only_its_sentence(parse, text, now, actions, at):
    result = parse(text)
    assert result["actions"] == now, text
    assert result["schedule"] == [{"actions": actions, "at": at}], text


@pytest.mark.parametrize(
    "text",
    [
        "天窗开到八点",
        "温度调到八点",
        "打开车窗十二点",
        "空调开到八点",
        "温度调高两点",
        "八点多打开空调",  # around eight: no time to set
    ],
)
def test_zh_bare_hour_after_a_verb_or_control_holds(parse, text):
    """Never a value (the sunroof opened 8 %, the temperature went to 8 °C) and never a sure time."""
    result = parse(text)
    assert result["actions"] == [], text
    assert result["schedule"] == [], text
    assert result["unplaced"], text


@pytest.mark.parametrize(
    "text,action",
    [
        (
            "温度调到二十二点五度",
            {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.5}},
        ),
        (
            "调到二十二点五度",
            {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.5}},
        ),
        ("温度调到22.5度", {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.5}}),
        (
            "温度调到二十一点",
            {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 21.0}},
        ),
        (
            "温度调高1点",
            {"capability": "climate.adjust_temperature", "target": "all", "parameters": {"delta_celsius": 1.0}},
        ),
        ("风量调大一点", FAN_UP),
        ("车窗开一点点", {"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 20}}),
        ("快点打开空调", AC_ON),
        ("空调开一点", AC_ON),
    ],
)
def test_zh_a_bit_and_decimals_are_unchanged(parse, text, action):
    result = parse(text)
    assert result["actions"] == [action], text
    assert result["schedule"] == [], text


def test_zh_a_bit_alone_stays_nothing(parse):
    result = parse("亮一点")
    assert result["actions"] == [] and result["schedule"] == [] and result["unplaced"] == []


@pytest.mark.parametrize(
    "text",
    [
        "温度调到22点5度",
        "二十点五",
        "风量调大一点",
        "一点点",
        "有点热",
        "快点",
        "早点",
        "晚点",
        "点儿",
        "两点儿",
        "八点度",
        "八点档",
        "八点%",
    ],
)
def test_zh_no_time_is_lifted_from_a_bit_or_a_decimal(text):
    assert lift(text, "zh")[1] == (), text


# ---------------------------------------------------------------- 4. 差N分 / 差一刻: minutes to the hour
@pytest.mark.parametrize(
    "text,at",
    [
        ("差五分八点打开空调", "07:55"),
        ("差一刻八点打开空调", "07:45"),
        ("差十分钟九点打开空调", "08:50"),
        ("晚上差五分十二点打开空调", "23:55"),
    ],
)
def test_zh_minutes_to_the_hour(parse, text, at):
    _waits(parse(text), text, [AC_ON], at=at)


# ---------------------------------------------------------------- 5. 12 at night is midnight
@pytest.mark.parametrize(
    "text,at",
    [
        ("晚上12点打开空调", "00:00"),
        ("今晚12点打开空调", "00:00"),
        ("半夜12点打开空调", "00:00"),
        ("晚上12点半打开空调", "00:30"),
        ("半夜两点打开空调", "02:00"),
        ("中午12点打开空调", "12:00"),
    ],
)
def test_zh_twelve_at_night_is_midnight(parse, text, at):
    _waits(parse(text), text, [AC_ON], at=at)


# ---------------------------------------------------------------- 6. quarters of an hour, 过后
@pytest.mark.parametrize(
    "text,after_s",
    [
        ("一刻钟后打开空调", 900),
        ("两刻钟后打开空调", 1800),
        ("三刻钟后打开空调", 2700),
        ("十分钟过后打开空调", 600),
    ],
)
def test_zh_quarters_and_guohou(parse, text, after_s):
    _waits(parse(text), text, [AC_ON], after_s=after_s)
