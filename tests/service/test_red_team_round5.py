"""The second black-box red team's wrong actions, through the real service (DESIGN §4 rev 3).

Each input moved something on ``0720b2a`` (the red team drove the service with no
assistant, so the parser alone decided); here it goes in as words and is checked on
the command frames the service wrote and on what the simulated ECU holds. The
counter-cases beside them show the same words still act when they ask now.
"""

from __future__ import annotations

import pytest

from .test_understanding_v3 import _nothing_moves, car, ecu, say, tap  # noqa: F401 (car is a fixture)


@pytest.mark.parametrize(
    "text",
    [
        # a command cancelled with its own verb
        "取消打开天窗",
        "cancel open the trunk",
        "取消 开后备箱",
        # what the driver does first, then the command
        "let me get my bags then close the trunk and open the sunroof",
        "我先拿行李 然后打开后备箱",
        "wait, then open the sunroof",
        "hold on a sec then open the trunk",
        # what happened, told with 了
        "我打开了后备箱",
        "后备箱打开了",
        "你把天窗打开了",
        # negations this round's text forms cut off
        "禁止 打开后备箱",
        "勿 打开天窗",
        "不许 开天窗",
        "别呀 打开后备箱",
        "don’t, open the trunk",
        # 后 followed by a comma or a recogniser's space
        "启动后，打开后备箱",
        "停好车后 打开天窗",
        # another car, a relay, a place outside the car said apart
        "我老婆的车 打开后备箱",
        "open the trunk of my wife's car",
        "叫他 打开后备箱",
        "帮我转告 打开天窗",
        "ask my son to open the trunk",
        "我家 打开天窗",
        "卧室里 打开天窗",
        # a bare number after "in" is a time, never an amount
        "open the sunroof in 5",
    ],
)
def test_the_red_teams_inputs_move_nothing(car, text):  # noqa: F811 (the fixture)
    _nothing_moves(car, text)


@pytest.mark.parametrize("text", ["打开后备箱", "open this car's trunk", "把天窗打开了"])
def test_the_same_words_asked_now_still_act(car, text):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, text)
        assert car.frames() > before, reply
    moved = ecu(car, "tailgate.set", "cabin")["open"] or ecu(car, "sunroof.set_position", "cabin")["open_percent"] > 0
    assert moved, text


@pytest.mark.parametrize(
    "text",
    [
        "把座椅加热和通风关闭",
        "座椅加热和通风 关闭",
        "seat heating and ventilation off",
        "my seat heater and seat cooling both off",
    ],
)
def test_a_list_with_its_verb_after_it_switches_every_member_off(car, text):  # noqa: F811 (the fixture)
    """The first member used to be read alone, as its own verb: it came ON."""
    with car.client() as c:
        tap(c, "seat.set_heating", "driver", level=1)
        tap(c, "seat.set_ventilation", "driver", level=1)
        tap(c, "seat.set_ventilation", "passenger", level=1)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, text)
    assert ecu(car, "seat.set_heating", "driver")["level"] == 0, reply
    assert ecu(car, "seat.set_ventilation", "driver")["level"] == 0, reply
    assert ecu(car, "seat.set_ventilation", "passenger")["level"] == 1, reply  # nobody asked for the passenger's


def test_a_named_seats_list_with_its_state_after_it_stays_on_that_seat(car):  # noqa: F811 (the fixture)
    """ "rear left seat heating and ventilation on" switched the driver's ventilation on and lost the heating."""
    with car.client() as c:
        tap(c, "seat.set_heating", "rear_left", level=0)
        tap(c, "seat.set_heating", "driver", level=0)
        tap(c, "seat.set_ventilation", "driver", level=0)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "rear left seat heating and ventilation on")
    assert ecu(car, "seat.set_heating", "rear_left")["level"] > 0, reply
    # the rear seats have no ventilation on this car: refused by name, never widened to another seat
    vents = [a for a in reply["actions"] if a["capability"] == "seat.set_ventilation"]
    assert [(a["target"], a["status"]) for a in vents] == [("rear_left", "rejected")], reply
    assert ecu(car, "seat.set_ventilation", "driver")["level"] == 0, reply
    assert ecu(car, "seat.set_heating", "driver")["level"] == 0, reply
