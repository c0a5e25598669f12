"""Round 9 of understanding v3: sides and rows of the car, shares of a position.

The classes of the blind table ``tests/utterances/v3/round9.yaml`` (written without reading
the parser) hold what each reading does; these cases pin the guards around it: the words that
look like a side or a row and are none, and the members a question or an exclusion reaches.
"""

from __future__ import annotations

import pytest

from .acts import acts as _acts

_DRIVER_OPEN = [("window.set_position", "driver", {"open_percent": 100})]


@pytest.mark.parametrize(
    "text",
    [
        # "right" as assent or haste, never the passenger's side
        "right, open the window",
        "right open the window",
        "all right open the window",
        "alright, open the window",
        "open the window right now",
        "open the window right away",
    ],
)
def test_right_that_is_no_side_leaves_the_window_the_drivers(parse, text):
    assert _acts(parse(text)) == _DRIVER_OPEN, text


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("right seat heating on", [("seat.set_heating", "passenger", {"level": 2})]),
        ("open the right window", [("window.set_position", "passenger", {"open_percent": 100})]),
        (
            "close both windows on the left",
            [
                ("window.set_position", "driver", {"open_percent": 0}),
                ("window.set_position", "rear_left", {"open_percent": 0}),
            ],
        ),
        ("后排左边车窗打开", [("window.set_position", "rear_left", {"open_percent": 100})]),
        ("右边车窗开四分之一", [("window.set_position", "passenger", {"open_percent": 25})]),
        ("open the sunroof a quarter", [("sunroof.set_position", "cabin", {"open_percent": 25})]),
    ],
)
def test_a_side_a_pair_and_a_share_act_as_said(parse, text, acts):
    assert _acts(parse(text)) == acts, text


@pytest.mark.parametrize(
    "text",
    [
        # a row that is no row of this car: "a row", "two rows", a third row
        "打开一排车窗",
        "两排车窗都打开",
        "打开第三排车窗",
        # a share that is a time
        "open the window a quarter past 7",
        # a side said of no place
        "turn right and then left",
        "前面右转",
        # the rear row's side is its rear member, and left out it is not read: nothing acts
        "打开后排车窗 左边的不要",
    ],
)
def test_nothing_moves(parse, text):
    result = parse(text)
    assert result["actions"] == [] and result["schedule"] == [], (text, result)


def test_a_quarter_of_an_hour_is_a_time_not_a_quarter_open(parse):
    result = parse("open the window for a quarter of an hour")
    assert all(a["parameters"] != {"open_percent": 25} for a in result["actions"]), result
    assert all(a["parameters"] != {"open_percent": 25} for entry in result["schedule"] for a in entry["actions"]), (
        result
    )


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        # a side only the vocabulary names is the member asked about
        ("右边温度多少", [("climate.set_temperature", "passenger")]),
        ("右侧座椅通风开了没有", [("seat.set_ventilation", "passenger")]),
        # members listed before the question are asked too (only the last one was)
        (
            "are the driver and rear left windows closed",
            [("window.set_position", "driver"), ("window.set_position", "rear_left")],
        ),
        ("主驾和副驾座椅加热开了吗", [("seat.set_heating", "driver"), ("seat.set_heating", "passenger")]),
        # "right now" is no side; "my" asks no member of a control with one
        ("what is the temp right now", [("climate.set_temperature", "all")]),
        ("what is my current ac", [("climate.set_ac", "cabin")]),
        # a side of a control that has none is not asked about
        ("i want to know what the left side a/c settings are", [("climate.set_ac", "cabin")]),
    ],
)
def test_a_state_question_reaches_the_members_said(parse, text, asked):
    result = parse(text)
    assert result["actions"] == [], text
    assert [(q["capability"], q["target"]) for q in result["queries"]] == asked, (text, result["queries"])


def test_an_exclusion_leaves_out_only_a_member_of_what_was_named(parse):
    """ "the windows on the right except the rear one": the rear right one, never the rear left too."""
    result = parse("open the windows on the right except the rear one")
    assert _acts(result) == [("window.set_position", "passenger", {"open_percent": 100})]
    assert [(n["capability"], n["target"]) for n in result["negated"]] == [("window.set_position", "rear_right")]
    everyone = parse("open all windows except the rear ones")
    assert [n["target"] for n in everyone["negated"]] == ["rear_left", "rear_right"]


# -- the red team's findings on this round's readings (each moved a member not asked for) ----------

_W = "window.set_position"


@pytest.mark.parametrize(
    ("text", "members"),
    [
        # a row and a side are one member (both rows' and both sides' members moved)
        ("open the rear windows on the left", ["rear_left"]),
        ("open the back windows on the right", ["rear_right"]),
        ("open both rear windows on the right", ["rear_right"]),
        ("open the front windows on the right", ["passenger"]),
        ("open the windows on the left in the back", ["rear_left"]),
        ("open the right front and rear windows", ["passenger", "rear_right"]),
        ("open all the left side windows except the rear", ["driver"]),
        # a count of a side is no amount (they opened 2 %)
        ("open the two windows on the right", ["passenger", "rear_right"]),
        # a side said after the command names its member (the driver's window opened too)
        ("打开车窗 右边的", ["passenger"]),
        ("车窗打开 右边那个", ["passenger"]),
        # "right" as assent, haste or a lone English word in Chinese (the passenger's window opened)
        ("yes right open the window", ["driver"]),
        ("oh right open the window", ["driver"]),
        ("open the window right there", ["driver"]),
        ("right 打开车窗", ["driver"]),
        # a side left out of a group is both its members; a member by its vocabulary words is that one
        ("open all windows except the left", ["passenger", "rear_right"]),
        ("open all windows except right rear", ["driver", "passenger", "rear_left"]),
    ],
)
def test_only_the_members_meant_open(parse, text, members):
    result = parse(text)
    assert [(a["capability"], a["target"]) for a in result["actions"]] == [(_W, m) for m in members], (text, result)
    assert all(a["parameters"] == {"open_percent": 100} for a in result["actions"]), (text, result)


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("ok right set the temperature to 22", [("climate.set_temperature", "all", {"celsius": 22.0})]),
        ("right right right close the windows", [(_W, "all", {"open_percent": 0})]),
        ("温度调到22度 右边的", [("climate.set_temperature", "passenger", {"celsius": 22.0})]),
        (
            "turn on seat heating for everyone but the left",
            [("seat.set_heating", "passenger", {"level": 2}), ("seat.set_heating", "rear_right", {"level": 2})],
        ),
    ],
)
def test_a_side_that_is_assent_or_left_out_acts_as_meant(parse, text, acts):
    assert _acts(parse(text)) == acts, text


@pytest.mark.parametrize(
    "text",
    [
        # a side corrected: which one was meant is not read (the rejected one opened)
        "不是左边 是右边 打开车窗",
        "open the window not the left the right",
        # a row the car lacks, or a window by its count, with a side after it (the front one opened)
        "open the third row window on the left",
        "open the third window on the right",
        # a share of the windows, a share of an inch, a tag question in recogniser form
        "open a third of the windows",
        "open the window a quarter of an inch",
        "close the window right yes",
    ],
)
def test_red_teams_inputs_move_nothing(parse, text):
    result = parse(text)
    assert result["actions"] == [] and result["schedule"] == [], (text, result)


def test_my_left_from_a_rear_seat_is_no_one_elses_window(parser):
    """ "open the window on my left" from the rear left opened the driver's (the seat gates refused it)."""
    assert parser.parse("open the window on my left", seat="rear_left").actions == ()
