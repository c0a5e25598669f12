"""Clause cutting and the markers around a frame (vehicle.parser.clauses.cut)."""

from __future__ import annotations

import pytest

from vehicle.parser.clauses.cut import clause, join, pieces
from vehicle.parser.clauses.scope import chunks
from vehicle.parser.text.normalize import normalize


def _clause(text):
    norm = normalize(text)
    (chunk,) = chunks(norm.text)
    return clause(chunk.text, norm.language, chunk.asked)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("turn on the ac and open the sunroof", ["turn on ac", "open sunroof"]),
        ("close the windows, then open the sunroof; turn on the ac", ["close windows", "open sunroof", "turn on ac"]),
        ("set it to twenty-one and a half", ["set it to 0"]),
        ("打开空调并且关闭车窗", ["打开空调", "关闭车窗"]),
        ("打开空调，然后把温度调到22度", ["打开空调", "把温度调到0度"]),
        ("主驾、副驾", ["主驾", "副驾"]),
    ],
)
def test_pieces_cut_where_a_command_may_begin(text, expected):
    norm = normalize(text)
    assert [p.text for p in pieces(norm.text, norm.language)] == expected


def test_join_restores_the_separators():
    norm = normalize("open the driver and passenger windows")
    parts = pieces(norm.text, norm.language)
    assert join(parts, "en") == "open driver and passenger windows"


@pytest.mark.parametrize(
    ("text", "body", "negated", "conditional", "question"),
    [
        ("please don't open the sunroof", "open sunroof", True, False, False),
        ("do not open the trunk", "open trunk", True, False, False),
        ("could you turn on the AC?", "turn on ac", False, False, False),
        ("is the AC on?", "is ac on", False, False, True),
        # revision 3: "in 5 minutes" is a delay the service schedules (test_parser_schedule.py);
        # a vague time still holds its clause
        ("in a few minutes turn on the AC", "turn on ac", False, True, False),
        ("turn off the AC later", "turn off ac", False, True, False),
        ("set it at 21 degrees", "set it at 0 degrees", False, False, False),
        ("别开空调", "开空调", True, False, False),
        ("能不能把空调打开吗", "把空调打开", False, False, False),
        ("空调开了吗", "空调开了吗", False, False, True),
        ("如果冷就开座椅加热", "开座椅加热", False, True, False),
        ("一会儿打开空调", "打开空调", False, True, False),
        ("告诉我怎么打开天窗", "告诉我怎么打开天窗", False, False, True),
        ("don't forget to turn on the AC", "turn on ac", False, False, False),
        ("别忘了打开空调", "打开空调", False, False, False),
    ],
)
def test_markers_are_read_and_stripped(text, body, negated, conditional, question):
    cl = _clause(text)
    assert (cl.body, cl.negated, cl.conditional, cl.question) == (body, negated, conditional, question)


@pytest.mark.parametrize("text", ["thanks", "thank you", "please", "谢谢", "好的"])
def test_politeness_alone_is_empty(text):
    assert _clause(text).empty


@pytest.mark.parametrize(
    ("text", "conditional"),
    [
        ("等温度降到20度后再开窗", True),  # "once it is down to 20 degrees"
        ("温度调到22度后打开车窗", True),
        ("开到服务区后座椅加热打开", True),  # 后座椅 or "after": held, as the safer reading
        ("到家后打开空调", True),
        ("风量调到3档右后座椅加热打开", False),  # 右后 is the rear right seat, no "after"
        ("风量调到3档左后车窗打开", False),
    ],
)
def test_a_rear_seat_after_a_setting_is_no_condition(text, conditional):
    assert _clause(text).conditional is conditional


def test_a_run_on_naming_a_rear_seat_after_a_setting_does_both_and_a_real_condition_holds_both():
    """调到3档左后车窗打开 is two commands (it was held whole, as if 到3档左后 were
    "after reaching level 3"); with 等 in front it is a condition and nothing moves."""
    from vehicle.catalog import load_catalog
    from vehicle.parser import Parser

    parser = Parser(load_catalog())
    said = parser.parse("风量调到3档左后车窗打开")
    assert [(a.capability, a.target, a.parameters) for a in said.actions] == [
        ("climate.set_fan_speed", "cabin", {"level": 3}),
        ("window.set_position", "rear_left", {"open_percent": 100}),
    ]
    assert parser.parse("等风量调到3档左后车窗打开").actions == ()
    assert parser.parse("风量调到3档后左后车窗打开").actions == ()  # "once it is at level 3": held
