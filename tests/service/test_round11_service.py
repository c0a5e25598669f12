"""Round 11's readings through the real service (DESIGN §4): the state a thing is in never becomes
the command, a cancelled fold folds nothing, and a rear seat's passenger is that seat alone."""

from __future__ import annotations

from .test_understanding_v3 import car, ecu, say, tap  # noqa: F401 (car is a fixture)

_MEMBERS = ("driver", "passenger", "rear_left", "rear_right")


def test_closing_the_open_windows_closes_them(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        for member in _MEMBERS:
            tap(c, "window.set_position", member, open_percent=50)
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "close the open windows")
    assert [ecu(car, "window.set_position", m)["open_percent"] for m in _MEMBERS] == [0, 0, 0, 0], reply


def test_a_cancelled_fold_folds_nothing(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, "取消折叠后视镜")
        assert car.frames() == before, reply
    assert ecu(car, "mirror.fold", "cabin")["folded"] is False


def test_the_rear_left_passengers_reading_light_is_that_seats_alone(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "turn on the reading light for the rear left passenger")
    lit = [m for m in _MEMBERS if ecu(car, "reading_light.set", m)["on"]]
    assert lit == ["rear_left"], reply


def test_half_a_tailgate_is_asked_before_it_opens(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        before = car.frames()
        reply = say(c, sid, "open the trunk halfway")
        assert car.frames() == before, reply
        assert reply["question"] is not None and reply["question"]["kind"] == "clarify", reply
        assert ecu(car, "tailgate.set", "cabin")["open"] is False
        say(c, sid, "yes")
    assert ecu(car, "tailgate.set", "cabin")["open"] is True


def test_a_negation_spaced_off_keeps_the_tailgate_shut(car):  # noqa: F811 (the fixture)
    with car.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        reply = say(c, sid, "打开天窗 别开 后备箱")
    assert ecu(car, "tailgate.set", "cabin")["open"] is False, reply
    assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 100, reply
