"""Two commands said with nothing between them act on no more than each alone.

Every ordered pair of twenty commands per language, run together as a
recogniser sends them (no punctuation, no conjunction; Chinese with no space):
each action of the pair must be one the first or the second command gives
when said alone. A frame that swallowed the next command's targets or its
verb ("set the driver side to 21 degrees turn on the passenger seat
heating", "open the driver window set the passenger side to 22") fails here.
"""

from __future__ import annotations

import itertools
import json

import pytest

EN = [
    "open the driver window",
    "close the passenger window",
    "turn on the ac",
    "turn off the ac",
    "set the fan to 3",
    "set the driver side to 21",
    "set the passenger side to 24 degrees",
    "turn on the passenger seat heating",
    "turn off the driver seat ventilation",
    "open the sunroof halfway",
    "close the tailgate",
    "fold the mirrors",
    "turn the fan up",
    "lower the rear left window",
    "raise the rear right window",
    "turn on the rear defrost",
    "massage on for the driver",
    "recirculation on",
    "ambient light off",
    "open the trunk",
]
ZH = [
    "打开主驾车窗",
    "关闭副驾车窗",
    "打开空调",
    "关闭空调",
    "风量调到三档",
    "主驾温度调到二十一度",
    "副驾温度调到二十四度",
    "打开副驾座椅加热",
    "关闭主驾座椅通风",
    "天窗打开一半",
    "关闭后备箱",
    "折叠后视镜",
    "风量调大一点",
    "左后车窗降下",
    "右后车窗升起",
    "打开后除霜",
    "打开主驾按摩",
    "打开内循环",
    "关闭氛围灯",
    "打开后备箱",
]


def _actions(parser, text: str) -> set[str]:
    return {json.dumps(a.to_json(), sort_keys=True) for a in parser.parse(text).actions}


@pytest.mark.parametrize("commands,joint", [(EN, " "), (ZH, "")], ids=["en", "zh"])
def test_a_pair_run_together_acts_on_no_more_than_each_alone(parser, commands, joint):
    alone = {c: _actions(parser, c) for c in commands}
    wrong = []
    for first, second in itertools.permutations(commands, 2):
        extra = _actions(parser, first + joint + second) - (alone[first] | alone[second])
        if extra:
            wrong.append(f"{first + joint + second!r}: {sorted(extra)}")
    assert not wrong, "\n".join(wrong)
