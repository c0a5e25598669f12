"""Follow-up "undo" after a mode (DESIGN section 3a) through the real
in-process service: the real parser, pipeline, executor, CAN link, ECU
simulator and store. Each test sets the controls it reads with console taps
first (the module shares one service); the ECU's own values and the command
frames on the CAN log are checked, not only the backend's view."""

from __future__ import annotations

import pytest

from tests.service.test_follow_up_more import ecu, say, session, tap

CLIMATE = ("climate.power", "climate.set_ac", "climate.set_fan_speed")
ZONES = ("driver", "passenger", "rear_left", "rear_right")


@pytest.fixture
def car(inproc, command_ids):
    """The service, parked, child lock off; ``car.frames()`` lists the command frames sent."""
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    inproc.frames = lambda: list(inproc.command_frames(command_ids))
    return inproc


def before_pet(c, celsius: float = 25.0) -> None:
    """Climate off last (the ECU powers the climate on when a setting of it changes)."""
    tap(c, "climate.set_ac", "cabin", on=False)
    tap(c, "climate.set_fan_speed", "cabin", level=5)
    tap(c, "climate.set_temperature", "all", celsius=celsius)
    tap(c, "climate.set_temperature", "rear_right", celsius=20.0 if celsius == 25.0 else celsius)
    tap(c, "climate.power", "cabin", on=False)


def test_undo_after_pet_mode_restores_every_step_to_its_value_before(car):
    with car.client() as c:
        before_pet(c)
        sid = session(c)
        assert say(c, sid, "start pet mode")["status"] == "applied"
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 3
        n = len(car.frames())
        reply = say(c, sid, "undo that")
        assert reply["status"] == "applied"
        done = [(a["capability"], a["target"], a["parameters"], a["source"], a["status"]) for a in reply["actions"]]
        # the mode's steps wound back last step first, one set action per member
        assert done == [
            ("climate.set_fan_speed", "cabin", {"level": 5}, "parser", "applied"),
            ("climate.set_ac", "cabin", {"on": False}, "parser", "applied"),
            *[
                ("climate.set_temperature", z, {"celsius": 20.0 if z == "rear_right" else 25.0}, "parser", "applied")
                for z in reversed(ZONES)
            ],
            ("climate.power", "cabin", {"on": False}, "parser", "applied"),
        ]
        assert len(car.frames()) - n == len(done)
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5
        assert ecu(car, "climate.set_ac", "cabin")["on"] is False
        assert ecu(car, "climate.power", "cabin")["on"] is False
        assert {z: ecu(car, "climate.set_temperature", z)["celsius"] for z in ZONES} == {
            "driver": 25.0,
            "passenger": 25.0,
            "rear_left": 25.0,
            "rear_right": 20.0,
        }
        state = c.get("/api/v1/vehicle/state").json()["controls"]
        assert state["climate.power"]["cabin"] == {"on": False}
        assert state["climate.set_fan_speed"]["cabin"]["level"] == 5
        assert reply["reply_text"].startswith("Undoing pet mode.")
        row = next(d for d in c.get("/api/v1/audit").json()["decisions"] if d["turn_id"] == reply["turn_id"])
        assert {a["source"] for a in row["actions"]} == {"parser"}


def test_undo_after_nap_mode_leaves_the_member_another_client_changed(car):
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        tap(c, "window.set_position", "passenger", open_percent=60)
        tap(c, "sunroof.set_position", "cabin", open_percent=30)
        before_pet(c, celsius=24.0)
        sid = session(c)
        mode = say(c, sid, "nap mode")
        assert mode["status"] == "applied" and ecu(car, "window.set_position", "passenger")["open_percent"] == 0
        tap(c, "climate.set_fan_speed", "cabin", level=6)  # another client's tap after the mode
        n = len(car.frames())
        reply = say(c, sid, "undo that")
        restored = {(a["capability"], a["target"]): (a["parameters"], a["status"]) for a in reply["actions"]}
        # the zones were already at 24 and the other windows closed: the mode changed nothing there
        assert restored == {
            ("window.set_position", "passenger"): ({"open_percent": 60}, "applied"),
            ("sunroof.set_position", "cabin"): ({"open_percent": 30}, "applied"),
            ("climate.power", "cabin"): ({"on": False}, "applied"),
            **{k: v for k, v in restored.items() if k[0] in ("sunshade.set_position", "ambient_light.set")},
        }
        assert ("climate.set_fan_speed", "cabin") not in restored
        assert len(car.frames()) - n == sum(s == "applied" for _, s in restored.values())
        assert ecu(car, "window.set_position", "passenger")["open_percent"] == 60
        assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 30
        assert ecu(car, "climate.power", "cabin")["on"] is False
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 6
        assert reply["reply_text"].startswith("Undoing nap mode.")
        assert reply["reply_text"].endswith("The fan speed changed again since, so I left it as it is.")


def test_che_xiao_after_a_mode_in_chinese(car):
    with car.client() as c:
        before_pet(c)
        sid = session(c)
        assert say(c, sid, "打开宠物模式")["status"] == "applied"
        reply = say(c, sid, "撤销")
        assert reply["status"] == "applied" and reply["language"] == "zh"
        assert reply["reply_text"].startswith("正在撤销宠物模式。")
        assert ecu(car, "climate.power", "cabin")["on"] is False
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 5


def test_undo_after_a_mode_from_a_rear_seat_is_refused_per_member_and_sends_nothing(car):
    with car.client() as c:
        before_pet(c, celsius=22.0)  # the mode's temperature step changes nothing
        sid = session(c)
        assert say(c, sid, "start pet mode", seat="driver")["status"] == "applied"
        n = len(car.frames())
        reply = say(c, sid, "undo that", seat="rear_left")
        assert reply["status"] == "rejected"
        assert [(a["capability"], a["reason"]) for a in reply["actions"]] == [
            ("climate.set_fan_speed", "seat_not_permitted"),
            ("climate.set_ac", "seat_not_permitted"),
            ("climate.power", "seat_not_permitted"),
        ]
        assert {m["reason"] for a in reply["actions"] for m in a["members"]} == {"seat_not_permitted"}
        assert len(car.frames()) == n
        assert ecu(car, "climate.power", "cabin")["on"] is True
        assert ecu(car, "climate.set_fan_speed", "cabin")["level"] == 3


def test_undo_after_a_mode_everything_changed_since_says_so(car):
    with car.client() as c:
        tap(c, "climate.set_ac", "cabin", on=True)
        tap(c, "climate.set_fan_speed", "cabin", level=3)
        tap(c, "climate.set_temperature", "all", celsius=22.0)
        tap(c, "climate.power", "cabin", on=False)
        sid = session(c)
        assert say(c, sid, "start pet mode")["status"] == "applied"
        tap(c, "climate.power", "cabin", on=False)
        n = len(car.frames())
        reply = say(c, sid, "undo that")
        assert reply["actions"] == [] and len(car.frames()) == n
        assert "changed again" in reply["reply_text"]


def test_me_too_after_a_mode_says_a_mode_has_no_seats(car):
    with car.client() as c:
        before_pet(c)
        sid = session(c)
        assert say(c, sid, "start pet mode", seat="driver")["status"] == "applied"
        n = len(car.frames())
        reply = say(c, sid, "me too", seat="passenger")
        assert reply["actions"] == [] and len(car.frames()) == n
        assert reply["reply_text"] == (
            "The pet mode is for the whole car, not for one seat, so there is nothing to repeat for you."
        )


def test_undo_after_nap_mode_reopens_through_the_interlocks(car):
    """Re-opening is an opening move: at 130 km/h the sunroof stays shut
    (interlock_speed) while the window, which has no such interlock, re-opens."""
    with car.client() as c:
        tap(c, "window.set_position", "all", open_percent=0)
        tap(c, "window.set_position", "driver", open_percent=40)
        tap(c, "sunroof.set_position", "cabin", open_percent=50)
        before_pet(c, celsius=24.0)
        sid = session(c)
        try:
            assert say(c, sid, "nap mode")["status"] == "applied"
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 130, "gear": "D"}).status_code == 200
            n = len(car.frames())
            reply = say(c, sid, "undo that")
            result = {(a["capability"], a["target"]): (a["status"], a["reason"]) for a in reply["actions"]}
            assert result[("sunroof.set_position", "cabin")] == ("rejected", "interlock_speed")
            assert result[("window.set_position", "driver")] == ("applied", None)
            assert reply["status"] == "partially_applied"
            assert len(car.frames()) - n == sum(s == "applied" for s, _ in result.values())
            assert ecu(car, "sunroof.set_position", "cabin")["open_percent"] == 0
            assert ecu(car, "window.set_position", "driver")["open_percent"] == 40
        finally:
            assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200


def test_undo_from_a_rear_seat_restores_only_its_own_zone(car):
    with car.client() as c:
        before_pet(c)
        sid = session(c)
        assert say(c, sid, "start pet mode", seat="driver")["status"] == "applied"
        n = len(car.frames())
        reply = say(c, sid, "undo that", seat="rear_left")
        assert reply["status"] == "partially_applied" and len(car.frames()) == n + 1
        assert [(a["target"], a["status"]) for a in reply["actions"] if a["status"] == "applied"] == [
            ("rear_left", "applied")
        ]
        assert {a["reason"] for a in reply["actions"] if a["status"] != "applied"} == {"seat_not_permitted"}
        assert {z: ecu(car, "climate.set_temperature", z)["celsius"] for z in ZONES} == {
            "driver": 22.0,
            "passenger": 22.0,
            "rear_left": 25.0,
            "rear_right": 22.0,
        }
