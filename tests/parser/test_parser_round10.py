"""Round 10 of understanding v3: amount words, polite verb forms, a control's name asked, "…, OK?".

The classes of the blind table ``tests/utterances/v3/round10.yaml`` (written without reading the
parser) hold what each reading does; these cases pin the guards a black-box red team found around
them: each input here moved something not asked for before its fix.
"""

from __future__ import annotations

import pytest

from .acts import acts as _acts


@pytest.mark.parametrize(
    "text",
    [
        # a report with its subject dropped: "left" was the driver's side, and the rest a command
        "left the trunk open",
        "left the ac on",
        "left open my window",
        # what someone did, or a question about it (the tailgate opened)
        "he did me a favor and opened the trunk",
        "did you do me a favor and open the trunk",
        # "…, OK?" after a command asks consent, spelled as a recogniser does (it opened)
        "打开后备箱好嘛",
        "开窗 好嘛",
        # a choice asked, spaced by a recogniser (the window opened and the climate came on)
        "开窗好 还是开空调好",
        # an amount with no way said is no level and no temperature (the fan went to 2, the cabin to 2 °C)
        "the fan two notches",
        "a couple of degrees",
        # two numbers said for about (the temperature went up 23 degrees, the fan to 34)
        "温度调高两三度",
        "风量调到三四档",
        "温度调到二十二三度",
        "天窗开三四成",
        # how good, never "up" (the sunroof closed)
        "top notch sunroof",
        "the top of the window",
    ],
)
def test_nothing_moves(parse, text):
    result = parse(text)
    assert result["actions"] == [] and result["schedule"] == [], (text, result)


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # "right" said to stress a value is no side (the passenger's zone was set too, or alone)
        ("set my temperature right to 22", [("climate.set_temperature", "all", {"celsius": 22.0})]),
        ("heat right up", [("climate.adjust_temperature", "all", {"delta_celsius": 1.0})]),
        ("turn the seat heating on the right to 3", [("seat.set_heating", "passenger", {"level": 3})]),
        ("lower right back temperature", [("climate.adjust_temperature", "rear_right", {"delta_celsius": -1.0})]),
        # an amount word with its way
        ("a couple of degrees warmer in the back", [("climate.adjust_temperature", "rear", {"delta_celsius": 2.0})]),
        ("drop the seat ventilation two notches", [("seat.adjust_ventilation", "driver", {"delta_level": -2})]),
        ("the fan one more notch", [("climate.adjust_fan_speed", "cabin", {"delta_level": 1})]),
        # polite forms of the verb
        ("would you mind turning on the AC", [("climate.set_ac", "cabin", {"on": True})]),
        ("I'd appreciate it if you closed the sunroof", [("sunroof.set_position", "cabin", {"open_percent": 0})]),
        # 关到最小 is the lowest level on; a verb before the number sets the cabin's temperature
        ("风量关到最小", [("climate.set_fan_speed", "cabin", {"level": 1})]),
        ("车内温度调到二十四度", [("climate.set_temperature", "all", {"celsius": 24.0})]),
    ],
)
def test_what_is_asked_acts(parse, text, acts):
    assert _acts(parse(text)) == acts, text


@pytest.mark.parametrize(
    "text", ["打开天窗好吗", "你帮我开一下天窗好吗", "打开后备箱 行不行", "how about opening the window"]
)
def test_a_command_said_with_ok_or_offered_asks_consent(parser, text):
    result = parser.parse(text)
    assert result.actions == () and result.queries == (), text
    assert result.clarify is not None and result.clarify["missing"] == "consent", (text, result.clarify)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("cabin temp", ("climate.set_temperature", "all")),
        ("车内温度", ("climate.set_temperature", "all")),
        ("the ac", ("climate.set_ac", "cabin")),
        ("sunroof open or closed", ("sunroof.set_position", "cabin")),
    ],
)
def test_a_controls_name_alone_asks_its_state(parse, text, asked):
    result = parse(text)
    assert result["actions"] == [] and [(q["capability"], q["target"]) for q in result["queries"]] == [asked], text


@pytest.mark.parametrize(
    "text",
    # a verb-like name, a setting by its name, a time said with it (in-car logs ask the weather so)
    ["defog my back windshield", "max defrost", "现在温度", "现在多少度", "温度计坏了", "ac milan won last night"],
)
def test_no_state_is_asked_of_a_command_or_the_weather(parse, text):
    result = parse(text)
    assert result["actions"] == [] and result["queries"] == [], (text, result)
