"""A clarify with several options through the real service and the real parser (DESIGN
section 4a): "turn on the lights" (which light?), "set it to 3" (which control?), "21 or 22"
(which amount?). Nothing moves for the question; the chosen option alone moves."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import reset_car

AMBIENT = ("ambient_light.set", "cabin")
READING = ("reading_light.set", "driver")


@pytest.fixture()
def svc(service):
    reset_car(service)
    return service


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def say(c, sid: str, text: str, **kw: Any) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def controls(c) -> dict:
    return c.get("/api/v1/vehicle/state").json()["controls"]


def lights(c) -> tuple[Any, Any]:
    now = controls(c)
    return now[AMBIENT[0]][AMBIENT[1]], now[READING[0]][READING[1]]


def ask_lights(c, svc, command_ids, sid: str, text: str) -> dict:
    before, frames = lights(c), len(svc.command_frames(command_ids))
    reply = say(c, sid, text)
    assert reply["status"] == "asked" and reply["actions"] == [], reply
    question = reply["question"]
    assert question["kind"] == "clarify"
    assert [o["id"] for o in question["options"]] == ["1", "2"]
    assert [o["actions"][0]["capability"] for o in question["options"]] == ["ambient_light.set", "reading_light.set"]
    assert lights(c) == before and len(svc.command_frames(command_ids)) == frames  # nothing sent
    return question


@pytest.mark.parametrize(
    "text,answer",
    [
        ("turn on the lights", "the reading light"),
        ("Turn on the lights.", "The second one."),
        ("开灯", "阅读灯"),
        ("打开灯。", "第二个"),
    ],
)
def test_which_light_the_chosen_one_alone_moves(svc, command_ids, text, answer):
    with svc.client() as c:
        sid = session(c)
        question = ask_lights(c, svc, command_ids, sid, text)
        ambient_before = lights(c)[0]
        assert question["text"].endswith("？" if "灯" in text else "?")
        frames = len(svc.command_frames(command_ids))
        done = say(c, sid, answer)
        assert done["status"] == "applied", done
        assert [(a["capability"], a["target"], a["source"]) for a in done["actions"]] == [
            ("reading_light.set", "driver", "parser")
        ]
        ambient, reading = lights(c)
        assert reading == {"on": True} and ambient == ambient_before
        assert len(svc.command_frames(command_ids)) == frames + 1


@pytest.mark.parametrize("text,answer", [("turn on the lights", "both"), ("开灯", "都要")])
def test_both_moves_every_option(svc, text, answer, command_ids):
    with svc.client() as c:
        sid = session(c)
        ask_lights(c, svc, command_ids, sid, text)
        done = say(c, sid, answer)
        assert [a["capability"] for a in done["actions"]] == ["ambient_light.set", "reading_light.set"]
        ambient, reading = lights(c)
        assert reading == {"on": True} and ambient["brightness"] == 100


def test_a_tap_on_an_option(svc, command_ids):
    with svc.client() as c:
        sid = session(c)
        question = ask_lights(c, svc, command_ids, sid, "turn on the lights")
        done = say(c, sid, "", answer={"question_id": question["id"], "option": "1"})
        assert [a["capability"] for a in done["actions"]] == ["ambient_light.set"]
        assert lights(c)[1] == {"on": False}


@pytest.mark.parametrize(
    "text,answer,control,target",
    [
        ("set it to 3", "the fan", "climate.set_fan_speed", "cabin"),
        ("set it to three", "seat heating", "seat.set_heating", "driver"),
        ("调到3", "座椅通风", "seat.set_ventilation", "driver"),
        ("调到三档。", "第一个", "climate.set_fan_speed", "cabin"),
    ],
)
def test_which_control_the_chosen_one_alone_moves(svc, command_ids, text, answer, control, target):
    with svc.client() as c:
        sid = session(c)
        tap = {"capability": "climate.set_fan_speed", "target": "cabin", "parameters": {"level": 5}}
        assert c.post("/api/v1/actions", json=tap).json()["status"] == "applied"  # not at 3 already
        before, frames = controls(c), len(svc.command_frames(command_ids))
        reply = say(c, sid, text)
        assert reply["status"] == "asked" and len(reply["question"]["options"]) >= 2, reply
        assert controls(c) == before and len(svc.command_frames(command_ids)) == frames
        done = say(c, sid, answer)
        assert [(a["capability"], a["target"]) for a in done["actions"]] == [(control, target)], done
        after = controls(c)
        assert after[control][target]["level"] == 3
        changed = {k for k in after if after[k] != before[k]}
        assert changed == {control}


@pytest.mark.parametrize("text,answer", [("set the temperature to 21 or 22", "22"), ("温度调到21或者22度", "22度")])
def test_which_amount_the_chosen_value_moves(svc, text, answer):
    with svc.client() as c:
        sid = session(c)
        reply = say(c, sid, text)
        assert reply["status"] == "asked" and len(reply["question"]["options"]) == 2, reply
        done = say(c, sid, answer)
        assert done["status"] == "applied", done
        assert {z["celsius"] for z in controls(c)["climate.set_temperature"].values()} == {22.0}


def test_a_rear_seat_is_asked_only_about_what_it_may_operate(svc):
    """From rear_left the only light it may switch is its own reading light: a yes/no."""
    with svc.client() as c:
        sid = session(c)
        reply = say(c, sid, "turn on the lights", seat="rear_left")
        question = reply["question"]
        assert question["seat"] == "rear_left" and [o["id"] for o in question["options"]] == ["yes"]
        assert say(c, sid, "yes", seat="rear_left")["status"] == "applied"
        now = controls(c)["reading_light.set"]
        assert now["rear_left"] == {"on": True} and now["driver"] == {"on": False}
