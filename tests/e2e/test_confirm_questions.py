"""Confirm what only the model understood (DESIGN section 4a), through the real codex.

Real ``n7web serve``, real codex, real ``n7_vehicle`` MCP server; the scripted model is the
only fake. The person never names a control ("my neck is stiff from this video"); the model
proposes one (the driver's seat massage). ``decide()`` holds it ``needs_confirmation``: the
model's tool answer says so, nothing is sent, the turn ends ``asked`` with a confirm
question (the held action in the question, not in the Reply's actions), and only the
speaker's "yes" moves it, through every gate, with ``source: "model"`` and ``confirmed:
true`` in the audit. "No" moves nothing. A proposal against a control that was named is
refused as before and asks nothing.
"""

from __future__ import annotations

import pytest
from service.can_trace import CanTrace

from .e2e_flow import audit, controls, new_session, results, turn
from .e2e_provider import Call, execute, text

MASSAGE_ON = {"capability": "seat.set_massage", "target": "driver", "parameters": {"on": True}}
MASSAGE_OFF = {"capability": "seat.set_massage", "target": "driver", "parameters": {"on": False}}


def report(call: Call):
    """The model's second step: it only repeats what the tool told it."""
    result, raw = call.output_result()
    if not isinstance(result, dict):
        return text("The tool said: ", raw)
    return text("Result: ", "; ".join(f"{a['capability']} {a['reason']}" for a in result["actions"]), ".")


@pytest.fixture(scope="module")
def car(svc, catalog):
    with svc.client(timeout=60) as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    return CanTrace(svc, catalog)


@pytest.fixture
def client(svc, car):
    with svc.client(timeout=90) as c:
        r = c.post("/api/v1/actions", json=MASSAGE_OFF)
        assert r.status_code == 200 and r.json()["status"] in ("applied", "already_applied"), r.text
        yield c


def ask(provider, client, car, utterance: str, seat: str = "driver") -> tuple[str, dict, int]:
    provider.script(utterance, lambda call: execute(call.token, {"actions": [MASSAGE_ON]}), report)
    session = new_session(client)
    before = car.mark()
    events, reply = turn(client, session, utterance, seat=seat)
    # the model's tool answer: held for the person's confirmation, nothing sent
    result, _ = provider.calls_for(utterance)[1].output_result()
    assert [a["reason"] for a in result["actions"]] == ["needs_confirmation"] and result["status"] == "rejected"
    assert reply["handled_by"] == "codex" and reply["status"] == "asked", reply
    assert reply["actions"] == []  # awaiting the answer: in the question, not among the actions
    question = reply["question"]
    assert question["kind"] == "confirm" and question["seat"] == seat
    [option] = question["options"]
    assert option["id"] == "yes" and option["actions"] == [MASSAGE_ON]
    assert question["text"] in reply["reply_text"]
    names = [name for name, _ in events]
    assert names[-2:] == ["turn.question", "turn.completed"] and events[-2][1] == question
    assert [r["reason"] for r in results(events)] == ["needs_confirmation"]
    assert car.since(before) == [] and controls(client)["seat.set_massage"]["driver"] == {"on": False}
    return session, question, before


@pytest.mark.parametrize(
    "utterance,yes,lang",
    [("my neck is stiff from this video", "yes", "en"), ("看了半天视频脖子好僵", "好的", "zh")],
)
def test_yes_moves_the_held_action(svc, provider, client, car, utterance, yes, lang):
    session, question, before = ask(provider, client, car, utterance)
    assert question["text"].endswith("？" if lang == "zh" else "?")
    _, done = turn(client, session, yes, seat="driver")
    assert done["status"] == "applied" and done["handled_by"] == "local" and done["question"] is None
    [action] = done["actions"]
    assert (action["capability"], action["target"], action["source"]) == ("seat.set_massage", "driver", "model")
    assert controls(client)["seat.set_massage"]["driver"] == {"on": True}
    assert car.since(before) == [("seat.set_massage", "driver", {"on": True})]
    [decision] = audit(client, done["turn_id"])
    [audited] = decision["actions"]
    assert audited["confirmed"] is True and audited["question"]["id"] == question["id"]
    assert audited["question"]["kind"] == "confirm" and audited["answer"]["text"] == yes


@pytest.mark.parametrize("utterance,no", [("my neck hurts after that long video", "no"), ("看视频看得脖子疼", "算了")])
def test_no_moves_nothing(svc, provider, client, car, utterance, no):
    session, _, before = ask(provider, client, car, utterance)
    _, declined = turn(client, session, no, seat="driver")
    assert declined["actions"] == [] and declined["question"] is None
    assert controls(client)["seat.set_massage"]["driver"] == {"on": False}
    assert car.since(before) == []


def test_another_seat_cannot_say_yes(svc, provider, client, car):
    session, _, before = ask(provider, client, car, "my neck feels stiff from watching")
    provider.script("yes", text("Sure."))  # a new message from the passenger: the model may talk, nothing moves
    _, other = turn(client, session, "yes", seat="passenger")
    assert all(a["capability"] != "seat.set_massage" for a in other["actions"])
    assert controls(client)["seat.set_massage"]["driver"] == {"on": False}
    assert car.since(before) == []


def test_a_named_control_is_refused_not_asked(svc, provider, client, car):
    """ "don't turn on the massage": the same proposal is negated_by_user and no question is asked."""
    utterance = "don't turn on the seat massage, my neck is fine"
    provider.script(utterance, lambda call: execute(call.token, {"actions": [MASSAGE_ON]}), report)
    before = car.mark()
    _, reply = turn(client, new_session(client), utterance, seat="driver")
    assert reply["question"] is None and reply["status"] == "rejected"
    assert [a["reason"] for a in reply["actions"]] == ["negated_by_user"]
    assert car.since(before) == []


def test_a_held_action_beside_a_bound_one(svc, provider, client, car):
    """ "open my window and tell me a joke": the window was asked for and moves; the massage the
    model added is asked about, and only it is in the question."""
    utterance = "open my window and tell me a joke"
    window = {"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 100}}
    provider.script(utterance, lambda call: execute(call.token, {"actions": [window, MASSAGE_ON]}), report)
    r = client.post("/api/v1/actions", json={**window, "parameters": {"open_percent": 0}})
    assert r.status_code == 200 and r.json()["status"] in ("applied", "already_applied"), r.text
    before = car.mark()
    session = new_session(client)
    _, reply = turn(client, session, utterance, seat="driver")
    assert reply["status"] == "applied" and reply["question"]["kind"] == "confirm", reply
    assert [(a["capability"], a["status"]) for a in reply["actions"]] == [("window.set_position", "applied")]
    assert reply["question"]["options"][0]["actions"] == [MASSAGE_ON]
    assert car.since(before) == [("window.set_position", "driver", {"open_percent": 100})]
    _, done = turn(client, session, "sure", seat="driver")
    assert [a["capability"] for a in done["actions"]] == ["seat.set_massage"]
    assert controls(client)["seat.set_massage"]["driver"] == {"on": True}


def test_a_clarify_in_a_model_turn_is_the_one_question(svc, provider, client, car):
    """ "maybe open the tailgate, I'm cold": the need goes to the model (its seat heating binds and
    moves), the hedge is asked about at the end; the model's massage is not asked (one question)."""
    utterance = "maybe open the tailgate, I'm cold"
    heat = {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}}
    provider.script(utterance, lambda call: execute(call.token, {"actions": [heat, MASSAGE_ON]}), report)
    r = client.post("/api/v1/actions", json={**heat, "parameters": {"level": 0}})
    assert r.status_code == 200 and r.json()["status"] in ("applied", "already_applied"), r.text
    before = car.mark()
    session = new_session(client)
    _, reply = turn(client, session, utterance, seat="driver")
    question = reply["question"]
    assert question["kind"] == "clarify" and question["options"][0]["actions"] == [
        {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
    ]
    assert car.since(before) == [("seat.set_heating", "driver", {"level": 2})]
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    [massage] = [a for a in reply["actions"] if a["capability"] == "seat.set_massage"]
    assert massage["reason"] == "needs_confirmation" and "ask for it on its own" in massage["message"]
    _, done = turn(client, session, "no", seat="driver")
    assert done["actions"] == [] and controls(client)["tailgate.set"]["cabin"] == {"open": False}
