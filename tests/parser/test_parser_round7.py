"""Round 7 of understanding v3: what a driver asks now, and what only sounds like it.

The classes of the blind table ``tests/utterances/v3/round8.yaml`` (written without reading
the parser) beside the red-team finding that came with it; each case failed before the
round's change (the table rows hold the rest of each class).
"""

from __future__ import annotations

import pytest

from .acts import acts as _acts

_HEATING_3 = [("seat.set_heating", "driver", {"level": 3})]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # a command, then 后 and the next command: one after the other
        (
            "打开车窗后打开空调",
            [("window.set_position", "driver", {"open_percent": 100}), ("climate.power", "cabin", {"on": True})],
        ),
        (
            "关闭后备箱后折叠后视镜",
            [("tailgate.set", "cabin", {"open": False}), ("mirror.fold", "cabin", {"folded": True})],
        ),
        (
            "fold the mirrors and after that close the trunk",
            [("mirror.fold", "cabin", {"folded": True}), ("tailgate.set", "cabin", {"open": False})],
        ),
        # a purpose said before the request
        ("为确保安全驾驶我要使用后除霜", [("climate.set_defrost", "rear", {"on": True})]),
        ("为了省电关闭座椅通风", [("seat.set_ventilation", "driver", {"level": 0})]),
        ("for safety turn on the rear defrost", [("climate.set_defrost", "rear", {"on": True})]),
        # what is too much, said after the command that lessens it
        ("空调风力调低一点风力太大", [("climate.adjust_fan_speed", "cabin", {"delta_level": -1})]),
        ("风速调小 风太大了", [("climate.adjust_fan_speed", "cabin", {"delta_level": -1})]),
        # a level said right after "on" is the level it gets (not two values for one seat)
        ("打开座椅加热调到高档", _HEATING_3),
        ("打开座椅加热 调到三档", _HEATING_3),
        ("打开副驾座椅加热调到高档", [("seat.set_heating", "passenger", {"level": 3})]),
        # a level after switching the climate on is the fan's
        (
            "打开空调调到中挡",
            [("climate.power", "cabin", {"on": True}), ("climate.set_fan_speed", "cabin", {"level": 4})],
        ),
        (
            "turn on the ac to medium",
            [("climate.set_ac", "cabin", {"on": True}), ("climate.set_fan_speed", "cabin", {"level": 4})],
        ),
        # a request the catalog lacks never hides the known one beside it (清零 is no zero, "reset" no "set")
        ("里程清零打开制冷", [("climate.set_ac", "cabin", {"on": True})]),
        (
            "reset the trip meter close the sunroof open the trunk",
            [("sunroof.set_position", "cabin", {"open_percent": 0}), ("tailgate.set", "cabin", {"open": True})],
        ),
        # "nah" before a command is the "no" of a correction
        ("open the sunroof nah open the trunk", [("tailgate.set", "cabin", {"open": True})]),
    ],
)
def test_what_is_asked_now_acts(parse, text, acts):
    assert _acts(parse(text)) == acts, text


@pytest.mark.parametrize(
    "text",
    [
        # after something the person or the car does first: a condition
        "启动后打开后备箱",
        "洗完车后展开后视镜",
        "为了打开天窗我该按哪",
        # a lone "nope" / "nah" said as a sentence of its own takes back what came before
        "open the trunk. nope.",
        "turn on the AC. Open the sunroof. Nah.",
        "close the windows. Nope!",
        # a "?" after a list with one family word asks the whole list
        "seat heating and ventilation on?",
        "turn on rear left seat heating and ventilation?",
        "打开座椅加热和通风？",
        # a member denied that is not read holds its sentence (the left one opened too)
        "打开后排车窗 左边的不要",
        # two amounts for two groups are not one amount for all
        "open the front windows a crack and the rear ones halfway",
        "前排车窗开一点后排开一半",
        "后排车窗开到底前排开一条缝",
        # too much, said against the command: held
        "风速调大 风太大了",
    ],
)
def test_nothing_moves(parse, text):
    result = parse(text)
    assert result["actions"] == [] and result["schedule"] == [] and result["needs"] == [], (text, result)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("can you tell me what the temperature is", "climate.set_temperature"),
        ("can you tell me what the ac is on", "climate.set_temperature"),
        ("what temperature is the ac at", "climate.set_temperature"),
        ("空调现在多少度", "climate.set_temperature"),
        ("副驾空调几度", "climate.set_temperature"),
        ("空调开着没", "climate.power"),
    ],
)
def test_a_state_question_in_loose_words_is_answered(parse, text, asked):
    result = parse(text)
    assert result["actions"] == [], text
    assert asked in [q["capability"] for q in result["queries"]], (text, result["queries"])


def test_a_lone_nope_in_its_own_sentence_holds_the_sentence_before_only_when_alone(parse):
    """ "Set the fan to 3. Open the tailgate, nope.": "nope" after a command in its sentence holds that
    sentence (an unread piece); said as a sentence of its own it is a "no" (everything before it)."""
    assert _acts(parse("Set the fan to 3. Open the tailgate, nope.")) == [
        ("climate.set_fan_speed", "cabin", {"level": 3})
    ]
    assert _acts(parse("Set the fan to 3. Open the tailgate. Nope.")) == []


@pytest.mark.parametrize(
    "text",
    ["open the sunroof in 10 minutes, no wait, open it now", "十分钟后打开天窗 不对 现在就开"],
)
def test_a_time_taken_back_is_not_the_time_of_the_correction(parse, text):
    """The time was of what is taken back: the correction after it acts now (it was scheduled with the
    withdrawn time, and "no wait" was read as a new delay of "wait" minutes)."""
    result = parse(text)
    assert _acts(result) == [("sunroof.set_position", "cabin", {"open_percent": 100})], text
    assert result["schedule"] == [], text


def test_a_delay_corrected_by_a_number_word_is_still_the_new_delay(parse):
    assert parse("open the sunroof in 10 minutes, no, five")["schedule"][0]["after_s"] == 300


#: The round's red team (about 1,600 black-box probes of the readings above): each of these moved
#: something, by a reading added this round or an older one; none may act on what it names.
NOT_ASKED = [
    # a question or a choice after a command then 后 (read as a sequence, the first part acted)
    ("打开车窗后打开空调吗", "window.set_position"),
    ("打开车窗后打开空调或者打开天窗", "window.set_position"),
    ("打开后备箱后打开天窗会不会漏雨", "tailgate.set"),
    # a tag or a particle after a list asks the whole list
    ("打开后备箱和天窗吗", "tailgate.set"),
    ("open the trunk and sunroof right?", "tailgate.set"),
    ("open the trunk, right?", "tailgate.set"),
    ("打开车窗和天窗呢", "window.set_position"),
    # a purpose that is no request (avoid it, ask why, or a command of its own)
    ("为了避免打开天窗 请打开空调", "sunroof.set_position"),
    ("为了什么打开后备箱", "tailgate.set"),
    ("为了打开后备箱请打开空调", "tailgate.set"),
    ("为了开后备箱 关空调", "tailgate.set"),
    ("so i can open the trunk, turn off the ac", "tailgate.set"),
    ("to open the windows turn off the ac", "window.set_position"),
    # "before X, Y": X is not asked now (and 前 is no front)
    ("打开后备箱前关闭空调", "tailgate.set"),
    # after "X后": someone else, a hedge, a report or advice leads the next command (it acted alone)
    ("打开天窗后老婆打开后备箱", "tailgate.set"),
    ("打开天窗后我自己打开后备箱", "tailgate.set"),
    ("打开天窗后也许打开后备箱", "tailgate.set"),
    ("打开车窗后已经打开了后备箱", "tailgate.set"),
    ("打开空调后应该打开天窗", "sunroof.set_position"),
    # "tell me" run on into what to tell (a how-to)
    ("can you tell me open the trunk", "tailgate.set"),
    # a level for the climate, negated or asked: not the fan's either
    ("don't turn the ac on high", "climate.set_fan_speed"),
    ("turn on the ac to high?", "climate.set_ac"),
    ("打开空调调到中挡吗", "climate.power"),
]


@pytest.mark.parametrize(("text", "capability"), NOT_ASKED)
def test_what_is_not_asked_now_does_not_act(parse, text, capability):
    result = parse(text)
    assert capability not in [a["capability"] for a in result["actions"]], (text, result["actions"])
    assert result["schedule"] == [], text


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # a group kept closed, or a side of the group named, is left out (they all opened)
        (
            "open the windows but keep the rear ones closed",
            [("window.set_position", m, {"open_percent": 100}) for m in ("driver", "passenger")],
        ),
        (
            "打开所有车窗 后排保持关闭",
            [("window.set_position", m, {"open_percent": 100}) for m in ("driver", "passenger")],
        ),
        ("open the rear windows but not the right", [("window.set_position", "rear_left", {"open_percent": 100})]),
        ("open the front windows but not the right", [("window.set_position", "driver", {"open_percent": 100})]),
        ("open the rear windows but not the left one", [("window.set_position", "rear_right", {"open_percent": 100})]),
        # 都 after members named is "both" (the rear seats came on too)
        ("把主驾副驾座椅加热都打开", [("seat.set_heating", m, {"level": 2}) for m in ("driver", "passenger")]),
        ("座椅加热主驾副驾都打开", [("seat.set_heating", m, {"level": 2}) for m in ("driver", "passenger")]),
        # a place before the control and another with a level after it: the level is the second's
        (
            "打开主驾座椅加热 副驾三档",
            [("seat.set_heating", "driver", {"level": 2}), ("seat.set_heating", "passenger", {"level": 3})],
        ),
        # (both places after the control are one list: the level is both's)
        ("座椅加热主驾副驾都调到三档", [("seat.set_heating", m, {"level": 3}) for m in ("driver", "passenger")]),
        # the request after a purpose that names another command
        ("为了打开后备箱请打开空调", [("climate.power", "cabin", {"on": True})]),
        ("打开后备箱前关闭空调", [("climate.power", "cabin", {"on": False})]),
    ],
)
def test_only_the_members_asked_move(parse, text, acts):
    assert _acts(parse(text)) == acts, text


def test_not_too_hot_is_no_need(parse):
    assert parse("温度调低 不太热")["needs"] == []


#: The round's second red team (about 2,400 black-box probes on members, amounts, ordering, hedges,
#: reports and timers): each moved something it names; none may now.
SECOND_PASS = [
    # a complaint that something open is too much: cut inside 开着, the trunk opened
    ("后备箱开着太吵了", "tailgate.set"),
    ("空调开着太冷了", "climate.power"),
    # a command said with the need it works against
    ("开窗太冷了", "window.set_position"),
    ("打开车窗好冷", "window.set_position"),
    ("温度调高 太热了", "climate.adjust_temperature"),
    ("turn up the heat its too hot", "climate.adjust_temperature"),
    # a take-back spaced off by a recogniser ("哦不" was joined to the next word as a negation)
    ("打开后备箱 哦不 天窗", "tailgate.set"),
    ("打开后备箱 哦不 打开天窗", "tailgate.set"),
    ("打开后备箱 哎呀 天窗", "tailgate.set"),
    ("打开后备箱 不不 天窗", "tailgate.set"),
    # a limit with no amount ("not fully"): how far is not said
    ("open the sunroof but not fully", "sunroof.set_position"),
    ("open the windows but not too much", "window.set_position"),
    ("天窗打开 不要全开", "sunroof.set_position"),
    ("打开天窗，不要开太多", "sunroof.set_position"),
    # a hedge, a hypothetical, an offer, a question put to the others
    ("let's maybe open the trunk", "tailgate.set"),
    ("i could open the trunk", "tailgate.set"),
    ("you could open the sunroof", "sunroof.set_position"),
    ("you ok with the trunk open", "tailgate.set"),
    ("need me to open the trunk", "tailgate.set"),
]


@pytest.mark.parametrize(("text", "capability"), SECOND_PASS)
def test_the_second_passes_inputs_do_not_act(parse, text, capability):
    result = parse(text)
    assert capability not in [a["capability"] for a in result["actions"]], (text, result["actions"])


@pytest.mark.parametrize(
    ("text", "after_s"),
    [
        # a delay corrected after a take-back is the new delay (the window opened now, to 20 %)
        ("open the window in 10 minutes no wait 20", 1200),
        ("十分钟后打开车窗不对二十", 1200),
        ("十分钟后打开车窗，不对，二十。", 1200),
        ("十分钟后打开车窗 不对 五分钟", 300),
    ],
)
def test_a_delay_corrected_after_a_take_back_is_the_new_delay(parse, text, after_s):
    result = parse(text)
    assert result["actions"] == [], text
    assert [(e["after_s"], e["actions"][0]["parameters"]) for e in result["schedule"]] == [
        (after_s, {"open_percent": 100})
    ], text


def test_a_need_said_with_a_command_that_serves_it_still_acts(parse):
    assert _acts(parse("好热 打开车窗")) == [("window.set_position", "driver", {"open_percent": 100})]
    assert _acts(parse("好冷 打开座椅加热")) == [("seat.set_heating", "driver", {"level": 2})]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        # "a crack" said of the second member is its own amount (it took the first one's, 50 % or 100 %)
        (
            "open the driver window halfway and the passenger window a crack",
            [
                ("window.set_position", "driver", {"open_percent": 50}),
                ("window.set_position", "passenger", {"open_percent": 20}),
            ],
        ),
        (
            "open the sunroof all the way and the windows a crack",
            [
                ("sunroof.set_position", "cabin", {"open_percent": 100}),
                ("window.set_position", "all", {"open_percent": 20}),
            ],
        ),
    ],
)
def test_each_member_keeps_its_own_amount(parse, text, acts):
    assert _acts(parse(text)) == acts, text


@pytest.mark.parametrize("text", ["汤太热了", "刚才好冷", "on the plane its cold", "the coffee is too hot"])
def test_food_a_time_past_or_another_place_is_no_need(parse, text):
    assert parse(text)["needs"] == [], text


def test_one_back_seat_window_is_not_guessed(parse):
    """ "open the back seat window" (one of two) opened both."""
    assert parse("open the back seat window")["actions"] == []
