"""Follow-ups go the way they are told, and undo never overrides a later
change nor reaches past a refused turn (DESIGN section 3a, issue 18).

Through the real in-process service: the real parser (the words are the
person's, nothing is stubbed), pipeline, executor, CAN link, ECU simulator
and store. Each test sets the controls it reads with console taps first (the
module shares one service), and checks what the simulated ECU itself holds.
"""

from __future__ import annotations

import pytest


def say(c, sid, text, **kw) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def tap(c, capability, target, **parameters) -> dict:
    r = c.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.json()["status"] == "applied", r.text
    return r.json()


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def ecu(svc, capability, member) -> dict:
    """What the simulated ECU itself holds (not the backend's view of it)."""
    return svc.runtime.simulator.control(capability, member)


def window(svc, member="driver") -> int:
    return ecu(svc, "window.set_position", member)["open_percent"]


def only(reply) -> dict:
    [action] = reply["actions"]
    return action


# -- the said direction wins over the last turn's ---------------------------------------------
def test_close_it_a_bit_more_after_an_opening_closes(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=30)
        sid = session(c)
        assert say(c, sid, "open the driver window a bit more")["status"] == "applied"
        assert window(car) == 50
        n = car.frames()
        reply = say(c, sid, "close it a bit more")
        action = only(reply)
        assert (action["capability"], action["target"], action["parameters"], action["status"]) == (
            "window.adjust_position",
            "driver",
            {"delta_percent": -20},
            "applied",
        )
        assert car.frames() == n + 1 and window(car) == 30
        assert reply["reply_text"] == "Driver window closed to 30 percent."


def test_zai_kai_da_yi_dian_after_a_half_close_opens(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=100)
        sid = session(c)
        first = say(c, sid, "把主驾车窗关一半")
        assert first["status"] == "applied" and window(car) == 50
        reply = say(c, sid, "再开大一点")
        action = only(reply)
        assert (action["capability"], action["parameters"], action["status"]) == (
            "window.adjust_position",
            {"delta_percent": 20},
            "applied",
        )
        assert window(car) == 70 and "开大" in reply["reply_text"]


def test_zai_duo_kai_yi_dian_opens_and_zai_guan_yi_dian_closes(car):
    with car.client() as c:
        tap(c, "window.set_position", "passenger", open_percent=0)
        sid = session(c)
        assert say(c, sid, "副驾车窗开大一点")["status"] == "applied"
        start = window(car, "passenger")
        assert start == 20
        assert only(say(c, sid, "再多开一点"))["parameters"] == {"delta_percent": 20}
        assert window(car, "passenger") == start + 20
        assert only(say(c, sid, "再关一点"))["parameters"] == {"delta_percent": -20}
        assert window(car, "passenger") == start


def test_turn_it_down_a_bit_more_after_setting_the_fan_up_lowers_it(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 5")["status"] == "applied"
        n = car.frames()
        action = only(say(c, sid, "turn it down a bit more"))
        assert (action["capability"], action["parameters"], action["status"]) == (
            "climate.adjust_fan_speed",
            {"delta_level": -1},
            "applied",
        )
        assert car.frames() == n + 1 and ecu(car, "climate.set_fan_speed", "cabin")["level"] == 4


def test_turn_it_down_a_bit_more_after_26_degrees_gives_25(car):
    with car.client() as c:
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        sid = session(c)
        assert say(c, sid, "set the temperature to 26")["status"] == "applied"
        action = only(say(c, sid, "turn it down a bit more"))
        assert (action["capability"], action["target"], action["parameters"]) == (
            "climate.adjust_temperature",
            "all",
            {"delta_celsius": -1.0},
        )
        assert {
            ecu(car, "climate.set_temperature", m)["celsius"]
            for m in ("driver", "passenger", "rear_left", "rear_right")
        } == {25.0}


@pytest.mark.parametrize("text", ["a bit less", "少一点"])
def test_less_goes_back_the_other_way_once(car, text):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 5")["status"] == "applied"
        action = only(say(c, sid, text))
        assert (action["capability"], action["parameters"], action["status"]) == (
            "climate.adjust_fan_speed",
            {"delta_level": -1},
            "applied",
        )
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 4


def test_a_bit_less_after_opening_a_window_closes_it_a_bit(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the driver window to 60 percent")["status"] == "applied"
        assert only(say(c, sid, "a bit less"))["parameters"] == {"delta_percent": -20}
        assert window(car) == 40


def test_turn_it_up_after_a_window_moves_nothing_and_says_so(car):
    """ "Window up" closes a window and "turn it up" could open it: we never guess."""
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=0)
        sid = session(c)
        assert say(c, sid, "open the driver window by 20 percent")["status"] == "applied"
        n, before = car.frames(), window(car)
        reply = say(c, sid, "turn it up a bit more")
        assert reply["actions"] == [] and car.frames() == n and window(car) == before
        assert reply["reply_text"] == "I couldn't tell which way to move the driver window, so I left it as it is."


def test_a_bare_more_still_repeats_the_last_way(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=90)
        sid = session(c)
        assert say(c, sid, "close the driver window a bit")["status"] == "applied"
        assert only(say(c, sid, "a bit more"))["parameters"] == {"delta_percent": -20}
        assert window(car) == 50


# -- undo never overrides a later change ---------------------------------------------------------
def test_undo_after_a_relative_change_leaves_what_another_session_changed_since(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        a, b = session(c), session(c)
        assert say(c, a, "close the driver window a little")["status"] == "applied"
        assert window(car) == 30
        assert say(c, b, "open the driver window")["status"] == "applied"
        assert window(car) == 100
        n = car.frames()
        reply = say(c, a, "undo")
        assert reply["actions"] == [] and car.frames() == n and window(car) == 100
        assert "changed again" in reply["reply_text"]


@pytest.mark.parametrize(
    "first,later,capability,member,field,start,after",
    [
        (
            "a bit warmer",
            ("climate.set_temperature", "all", {"celsius": 20.0}),
            "climate.set_temperature",
            "driver",
            "celsius",
            22.0,
            20.0,
        ),
        ("fan up", ("climate.set_fan_speed", "cabin", {"level": 6}), "climate.set_fan_speed", "cabin", "level", 2, 6),
        (
            "turn up my seat heating",
            ("seat.set_heating", "driver", {"level": 3}),
            "seat.set_heating",
            "driver",
            "level",
            1,
            3,
        ),
    ],
)
def test_undo_after_a_relative_change_leaves_a_console_tap_since(
    car, first, later, capability, member, field, start, after
):
    with car.client() as c:
        target = "all" if capability == "climate.set_temperature" else member
        tap(c, capability, target, **{field: start})
        sid = session(c)
        reply = say(c, sid, first, seat="driver")
        assert reply["status"] == "applied", reply
        assert ecu(car, capability, member)[field] != start
        tap(c, later[0], later[1], **later[2])
        n = car.frames()
        undone = say(c, sid, "undo", seat="driver")
        assert undone["actions"] == [] and car.frames() == n
        assert ecu(car, capability, member)[field] == after


def test_undo_after_a_relative_change_leaves_another_seats_change(car):
    with car.client() as c:
        tap(c, "window.set_position", "rear_left", open_percent=60)
        a, b = session(c), session(c)
        assert say(c, a, "close the rear left window a bit", seat="driver")["status"] == "applied"
        assert window(car, "rear_left") == 40
        assert say(c, b, "open my window", seat="rear_left")["status"] == "applied"
        assert window(car, "rear_left") == 100
        reply = say(c, a, "undo", seat="driver")
        assert reply["actions"] == [] and window(car, "rear_left") == 100


def test_undo_after_an_untouched_relative_change_still_goes_back(car):
    with car.client() as c:
        tap(c, "window.set_position", "driver", open_percent=50)
        sid = session(c)
        assert say(c, sid, "close the driver window a little")["status"] == "applied"
        reply = say(c, sid, "undo")
        action = only(reply)
        assert (action["capability"], action["parameters"], action["status"]) == (
            "window.set_position",
            {"open_percent": 50},
            "applied",
        )
        assert window(car) == 50 and reply["reply_text"] == "Driver window opened to 50%."


def test_undo_after_a_more_follow_up_left_alone_goes_back_one_step(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 4")["status"] == "applied"
        assert say(c, sid, "a bit more")["status"] == "applied"
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5
        assert only(say(c, sid, "undo"))["parameters"] == {"level": 4}
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 4


# -- a follow-up never reaches past a refused turn ----------------------------------------------
@pytest.mark.parametrize("follow", ["undo", "a bit more", "撤销"])
def test_a_follow_up_after_a_refused_turn_does_nothing(car, follow):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 5", seat="driver")["status"] == "applied"
        refused = say(c, sid, "open the tailgate", seat="rear_left")
        assert refused["status"] == "rejected"
        n = car.frames()
        reply = say(c, sid, follow, seat="driver")
        assert reply["actions"] == [] and car.frames() == n
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5
        assert reply["reply_text"] in (
            "Your last request changed nothing, so there is nothing to follow up on.",
            "上一次的请求没有改变任何设置，没有可以接着做的操作。",
        )


def test_undo_after_a_range_end_refusal_does_not_undo_the_turn_before(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=3)
        sid = session(c)
        assert say(c, sid, "set the fan to 7")["status"] == "applied"
        assert say(c, sid, "fan up")["status"] == "rejected"  # already at its highest
        reply = say(c, sid, "undo")
        assert reply["actions"] == [] and ecu(car, "climate.set_fan_speed", "cabin")["level"] == 7


def test_a_state_question_between_does_not_block_undo(car):
    with car.client() as c:
        tap(c, "climate.set_fan_speed", "cabin", level=2)
        sid = session(c)
        assert say(c, sid, "set the fan to 5")["status"] == "applied"
        assert say(c, sid, "what is the fan speed?")["actions"] == []
        assert only(say(c, sid, "undo"))["parameters"] == {"level": 2}
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 2
