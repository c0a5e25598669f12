"""The sixth-round red team's worst wrong actions, through the real service (DESIGN §4 rev 3).

Each input opened the tailgate or the sunroof with no assistant (the parser alone decided);
here it goes in as words and is checked on the command frames the service wrote and on
what the simulated ECU holds.
"""

from __future__ import annotations

import pytest

from .test_understanding_v3 import _nothing_moves, car, ecu, say, tap  # noqa: F401 (car is a fixture)


@pytest.mark.parametrize(
    "text",
    [
        "打开后备箱 别开",  # a negated bare verb after the command
        "打开天窗 不开了",
        "打开后备箱 慢着",
        "打开天窗 开错了",
        "open the trunk not really",
        "the trunk popped open",  # what happened, told
        "the driver opened the sunroof",
        "后备箱打开了",
        "天窗开了十分钟了",
        "the car in front opened its trunk",  # another car
        "前面的车 打开了后备箱",
        "打开天窗 会怎样",  # a question spaced off its command
        "打开后备箱 安全吗",
        "我 不 想 开 天窗",  # words spaced by a recogniser
        "十 分钟 后 开 后备箱",
        "play open the trunk",  # a title
        "放一首打开天窗",
        "first park then open the tailgate",
        "听我口令打开后备箱",
    ],
)
def test_the_sixth_red_teams_inputs_open_nothing(car, text):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, (text, reply)
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 0, (text, reply)


def test_a_take_back_of_one_thing_keeps_the_other(car):  # noqa: F811 (the fixture)
    """ "open the sunroof and the tailgate never mind the tailgate" opened the tailgate and kept the sunroof shut."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "open the sunroof and the tailgate never mind the tailgate")
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100, reply
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, reply


def test_two_places_of_one_member_open_that_window_only(car):  # noqa: F811 (the fixture)
    """ "open the rear passenger window" opened three windows."""
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "open the rear passenger window")
    opened = {
        m
        for m in ("driver", "passenger", "rear_left", "rear_right")
        if ecu(car, "window.set_position", m)["open_percent"]
    }
    assert opened == {"rear_right"}, reply


@pytest.mark.parametrize("text", ["打开天窗 别开"])
def test_nothing_said_apart_is_lost_from_a_plain_command(car, text):  # noqa: F811 (the fixture)
    _nothing_moves(car, text)
    with car.client() as c:
        tap(c, "sunroof.set_position", "cabin", open_percent=0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        say(c, sid, "打开天窗")
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100
