"""An unknown request never hides a known one, in an unpunctuated Chinese run-on
too (DESIGN section 4, `unplaced`): the known command acts, the unknown one is
unplaced, the text is not complete. Sentences written here, from the word
classes people use (a place to go, a device with a number, a setting the
catalog lacks said noun first)."""

from __future__ import annotations

import pytest

SUNROOF_OPEN = {"capability": "sunroof.set_position", "target": "cabin", "parameters": {"open_percent": 100}}
SUNROOF_CLOSED = {"capability": "sunroof.set_position", "target": "cabin", "parameters": {"open_percent": 0}}
HEAT = {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}}


@pytest.mark.parametrize(
    "text,action,unplaced",
    [
        ("打开天窗去加油站", SUNROOF_OPEN, "去加油站"),
        # as said (DESIGN 4 `unplaced`), not in the parser's digits
        ("打开二号摄像头关闭天窗", SUNROOF_CLOSED, "打开二号摄像头"),
        ("歌曲音量调小一点打开座椅加热", HEAT, "歌曲音量调小一点"),
        ("关闭天窗把屏幕亮度调节为自动", SUNROOF_CLOSED, "把屏幕亮度调节为自动"),
    ],
)
def test_the_known_command_acts_and_the_unknown_is_unplaced(parser, text, action, unplaced):
    result = parser.parse(text, "driver").to_json()
    assert result["actions"] == [action], text
    assert result["unplaced"] == [unplaced], text
    assert result["complete"] is False, text
