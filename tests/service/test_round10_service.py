"""Round 10's readings through the real service (DESIGN §4, §4a): what moved before does not, and
a command said with "…, OK?" is asked back before anything moves."""

from __future__ import annotations

import pytest

from .test_understanding_v3 import _nothing_moves, car, ecu, say  # noqa: F401 (car is a fixture)


@pytest.mark.parametrize(
    "text", ["left the trunk open", "he did me a favor and opened the trunk", "温度调高两三度", "the fan two notches"]
)
def test_round_tens_inputs_move_nothing(car, text):  # noqa: F811 (the fixture)
    _nothing_moves(car, text)


def test_ok_after_a_command_asks_before_the_sunroof_moves(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, "打开天窗好吗")
        assert car.frames() == before, reply
        assert reply["question"] is not None and reply["question"]["kind"] == "clarify", reply
        say(c, sid, "好的")
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100


def test_a_couple_of_degrees_with_its_way(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = ecu(car, "climate.set_temperature", "rear_left")["celsius"]
        reply = say(c, sid, "a couple of degrees warmer in the back")
    assert ecu(car, "climate.set_temperature", "rear_left")["celsius"] == before + 2.0, reply
