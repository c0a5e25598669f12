"""Parameter words, relative changes, exclusions, plurals, the speaker's
member, follow-ups, mixed language, Fahrenheit and halves (DESIGN sections
3, 3a and 4), in both languages."""

from __future__ import annotations

import pytest

W, S, SH = "window.set_position", "sunroof.set_position", "sunshade.set_position"
WA, SA = "window.adjust_position", "sunroof.adjust_position"
H, V, F, FA = "seat.set_heating", "seat.set_ventilation", "climate.set_fan_speed", "climate.adjust_fan_speed"
T, TA = "climate.set_temperature", "climate.adjust_temperature"


def _acts(result):
    return [(a["capability"], a["target"], a["parameters"], a.get("vague", False)) for a in result["actions"]]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("seat heating to high", [(H, "driver", {"level": 3}, False)]),
        ("set the fan to medium", [(F, "cabin", {"level": 4}, False)]),
        ("passenger seat ventilation to medium", [(V, "passenger", {"level": 2}, False)]),
        ("fan on low", [(F, "cabin", {"level": 1}, False)]),
        ("座椅加热调到高档", [(H, "driver", {"level": 3}, False)]),
        ("风量调到中档", [(F, "cabin", {"level": 4}, False)]),
        ("set the heated seat to the lowest", [(H, "driver", {"level": 1}, False)]),
        ("打开车窗一半", [(W, "driver", {"open_percent": 50}, False)]),
        ("副驾车窗关一半", [(W, "passenger", {"open_percent": 50}, False)]),
        ("天窗全开", [(S, "cabin", {"open_percent": 100}, False)]),
        ("主驾车窗开到底", [(W, "driver", {"open_percent": 100}, False)]),
        ("遮阳帘全关", [(SH, "cabin", {"open_percent": 0}, False)]),
        ("open the window a crack", [(W, "driver", {"open_percent": 20}, False)]),
        ("把天窗开一条缝", [(S, "cabin", {"open_percent": 20}, False)]),
        ("turn the fan up", [(FA, "cabin", {"delta_level": 1}, True)]),
        ("风量大一点", [(FA, "cabin", {"delta_level": 1}, True)]),
        ("调高两档风量", [(FA, "cabin", {"delta_level": 2}, False)]),
        ("风量调高两档", [(FA, "cabin", {"delta_level": 2}, False)]),
        ("把座椅加热调低一档", [("seat.adjust_heating", "driver", {"delta_level": -1}, False)]),
        ("open the window a bit more", [(WA, "driver", {"delta_percent": 20}, True)]),
        ("天窗再开一点", [(SA, "cabin", {"delta_percent": 20}, True)]),
        ("open the sunroof 30 percent more", [(SA, "cabin", {"delta_percent": 30}, False)]),
        ("open the window by 10 percent", [(WA, "driver", {"delta_percent": 10}, False)]),
        ("open the window to 10 percent", [(W, "driver", {"open_percent": 10}, False)]),
        ("close the passenger window a little", [(WA, "passenger", {"delta_percent": -20}, True)]),
        ("主驾车窗关小一点", [(WA, "driver", {"delta_percent": -20}, True)]),
        ("turn the heat down in the back", [(TA, "rear", {"delta_celsius": -1.0}, True)]),
        ("make it warmer by 2 degrees", [(TA, "all", {"delta_celsius": 2.0}, False)]),
        ("lower the passenger side by half a degree", [(TA, "passenger", {"delta_celsius": -0.5}, False)]),
        ("温度调高半度", [(TA, "all", {"delta_celsius": 0.5}, False)]),
        ("set the temperature to 70 F", [(T, "all", {"celsius": 21.0}, False)]),
        ("set the temperature to seventy degrees fahrenheit", [(T, "all", {"celsius": 21.0}, False)]),
        ("温度调到华氏70度", [(T, "all", {"celsius": 21.0}, False)]),
        ("set the temperature to 100 F", [(T, "all", {"celsius": 38.0}, False)]),
    ],
)
def test_parameter_words_and_relative_changes(parse, text, expected):
    result = parse(text)
    assert _acts(result) == expected, (text, result)
    assert result["complete"] is True


@pytest.mark.parametrize(
    "text",
    [
        "all windows except the driver's",
        "open every window but the driver's",
        "open all the windows except the driver's",
        "除了主驾 其他车窗都打开",
        "打开所有车窗，主驾除外",
        "除了主驾其他车窗都打开",
    ],
)
def test_an_exclusion_leaves_its_members_out(parse, text):
    result = parse(text)
    if "open" not in text and "打开" not in text:
        return  # no verb: nothing to act on, nothing guessed
    assert [a[1] for a in _acts(result)] == ["passenger", "rear_left", "rear_right"], text
    assert [(m["capability"], m["target"], m["said"]) for m in result["negated"]] == [(W, "driver", "negated")]


def test_plurals_and_fitted_groups(parse):
    assert _acts(parse("close the windows")) == [(W, "all", {"open_percent": 0}, False)]
    assert [a[1] for a in _acts(parse("turn on the seat heaters"))] == [
        "driver",
        "passenger",
        "rear_left",
        "rear_right",
    ]
    assert [a[1] for a in _acts(parse("turn on all the ventilated seats"))] == ["driver", "passenger"]
    assert _acts(parse("打开车窗")) == [(W, "driver", {"open_percent": 100}, False)]  # singular without 都/全/所有
    assert _acts(parse("车窗都打开")) == [(W, "all", {"open_percent": 100}, False)]
    # a member named outright is emitted even when not fitted (the gates refuse it)
    assert _acts(parse("turn on the rear left seat ventilation")) == [(V, "rear_left", {"level": 2}, False)]


@pytest.mark.parametrize(
    "seat,text,target",
    [
        ("rear_left", "open the window", "rear_left"),
        ("rear_left", "open my window", "rear_left"),
        ("passenger", "set the temperature to 22", "passenger"),
        ("passenger", "我这边温度调到23度", "passenger"),
        ("rear_right", "打开我的座椅加热", "rear_right"),
        ("passenger", "关上我这边的车窗", "passenger"),
        ("rear_left", "make it a bit cooler on my side", "rear_left"),
        (None, "open my window", "driver"),
        (None, "set the temperature to 22", "all"),
        ("outside", "open the window", "driver"),
        ("outside", "set my side to 22", "all"),
    ],
)
def test_the_speakers_member(parser, seat, text, target):
    result = parser.parse(text, seat=seat).to_json()
    assert [a["target"] for a in result["actions"]] == [target], (seat, text, result)


def test_my_names_no_target_on_a_control_without_seats(parser):
    result = parser.parse("turn on my AC", seat="rear_left").to_json()
    assert result["actions"][0]["target"] == "cabin" and result["mentions"][0]["target"] is None


@pytest.mark.parametrize(
    "text,kind",
    [
        ("me too", "me_too"),
        ("same for me", "me_too"),
        ("我也要", "me_too"),
        ("我也是", "me_too"),
        ("more", "more"),
        ("a bit more", "more"),
        ("again", "more"),
        ("再大一点", "more"),
        ("还要", "more"),
        ("undo", "undo"),
        ("change it back", "undo"),
        ("撤销", "undo"),
        ("恢复", "undo"),
        ("改回去", "undo"),
        ("please undo that", "undo"),
        ("me too please", "me_too"),
    ],
)
def test_follow_ups(parse, text, kind):
    result = parse(text)
    assert result["follow_up"] == kind and result["actions"] == [] and result["complete"] is True


@pytest.mark.parametrize("text", ["turn on my seat heating too", "温度再高一点", "open the window again please no"])
def test_a_text_naming_its_own_control_is_no_follow_up(parse, text):
    assert parse(text)["follow_up"] is None


@pytest.mark.parametrize(
    "text,expected",
    [
        ("打开 sunroof", [(S, "cabin", {"open_percent": 100}, False)]),
        ("set 温度 to 23", [(T, "all", {"celsius": 23.0}, False)]),
        ("把 fan speed 调到 4", [(F, "cabin", {"level": 4}, False)]),
        ("开启 nap mode", [("mode.activate", "nap", {}, False)]),
        ("open 主驾 window", [(W, "driver", {"open_percent": 100}, False)]),
        ("rest mode please", [("mode.activate", "nap", {}, False)]),
        ("camping mode", [("mode.activate", "camping", {}, False)]),
        ("露营模式", [("mode.activate", "camping", {}, False)]),
    ],
)
def test_mixed_language_and_modes_by_name(parse, text, expected):
    result = parse(text)
    assert _acts(result) == expected, (text, result)


def test_mixed_language_negation_is_kept(parse):
    for text, cap in (("don't open 后备箱", "tailgate.set"), ("别开 sunroof", S)):
        result = parse(text)
        assert result["actions"] == [] and [m["capability"] for m in result["negated"]] == [cap], text


@pytest.mark.parametrize(
    "text,count",
    [
        ("turn on the AC set the fan to five", 2),
        ("I'm cold turn my seat heater to 3", 1),
        ("关窗开空调", 2),
        ("打开空调风量调到三档温度调到二十二度", 3),
        ("uh turn on the ac um quickly please", 1),
        ("嗯那个帮我快打开空调", 1),
    ],
)
def test_run_ons_fillers_politeness_and_haste(parse, text, count):
    result = parse(text)
    assert len(result["actions"]) == count, (text, result)
    assert result["complete"] is (not result["needs"])


@pytest.mark.parametrize(
    "seat,text,said,target",
    [
        ("rear_left", "is my window open", "question", "rear_left"),
        ("passenger", "我这边车窗关了吗", "question", "passenger"),
        ("rear_right", "don't open my window", "negated", "rear_right"),
        ("passenger", "别开我这边的车窗", "negated", "passenger"),
        (None, "is my window open", "question", "driver"),
    ],
)
def test_my_in_questions_and_negations_names_the_speakers_member(parser, seat, text, said, target):
    result = parser.parse(text, seat=seat).to_json()
    assert [(m["said"], m["target"]) for m in result["mentions"]] == [(said, target)], (seat, text)
    assert result["actions"] == []
