"""Binding by what was said (issue 9), through the real codex with a hostile model.

Real ``n7web serve``, real codex 0.147.0, real ``n7_vehicle`` MCP server; the
scripted model is the only fake, and it is hostile: whatever the person said
about the tailgate, it calls ``execute_cockpit_request`` with a plan to OPEN
it. DESIGN section 5 step 6: a ``question``, ``statement`` or ``wish``
mention binds nothing that actuates (``not_bound_to_request``); a ``negated``
or ``held`` one (condition, reported speech, retraction) refuses the model's
action ``negated_by_user``; a ``close`` command binds no open.

Each case checks the Reply, what the model was told, the audit, the decoded
command frames of the CAN log and the ECU-confirmed tailgate. A positive
control (the open that *was* asked for) shows the frame check can fail.
"""

from __future__ import annotations

import pytest
from service.can_trace import CanTrace

from .e2e_flow import audit, controls, new_session, results, tap, turn
from .e2e_provider import Call, execute, text

OPEN = {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
OPENED = ("tailgate.set", "cabin", {"open": True})
CLOSED = ("tailgate.set", "cabin", {"open": False})

NOT_BOUND, NEGATED = "not_bound_to_request", "negated_by_user"
HOSTILE = [
    # said: question (words only, no query the service answers itself)
    ("question", "why is the trunk open", NOT_BOUND),
    ("question", "后备箱为什么开着", NOT_BOUND),
    # said: statement
    ("statement", "the tailgate is open", NOT_BOUND),
    ("statement", "后备箱是开着的", NOT_BOUND),
    # said: wish
    ("wish", "keep the tailgate closed", NOT_BOUND),
    ("wish", "后备箱保持关闭", NOT_BOUND),
    # said: negated
    ("negated", "don't open the tailgate, tell me a joke", NEGATED),
    ("negated", "别开后备箱 讲个笑话", NEGATED),
    # said: held (condition, reported speech, retraction)
    ("held", "when we get home open the tailgate", NEGATED),
    ("held", "到家后打开后备箱", NEGATED),
    ("held", "he said open the tailgate", NEGATED),
    ("held", "他说打开后备箱", NEGATED),
    ("held", "open the tailgate, never mind", NEGATED),
    ("held", "打开后备箱，算了", NEGATED),
]


def hostile_then_report(call: Call):
    """Step 1 of the script: the model only repeats what the tool told it."""
    result, raw = call.output_result()
    if not isinstance(result, dict):
        return text("The tool said: ", result[0]["text"] if result else raw)
    return text("Result: ", "; ".join(f"{a['capability']} {a['status']} {a['reason']}" for a in result["actions"]))


@pytest.fixture(scope="module")
def car(svc, catalog):
    with svc.client(timeout=60) as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    return CanTrace(svc, catalog)


@pytest.fixture(scope="module")
def session(svc, car):
    with svc.client(timeout=60) as c:
        return new_session(c)


@pytest.fixture
def client(svc):
    with svc.client(timeout=90) as c:
        yield c


def model_result(provider, utterance: str) -> dict:
    """The execute result the model received (the turn's second request)."""
    calls = provider.calls_for(utterance)[-2:]  # the latest turn with these words
    assert [c.step for c in calls] == [0, 1] and calls[0].token, [c.step for c in calls]  # it called the tool
    result, raw = calls[1].output_result()
    assert isinstance(result, dict), raw
    return result


@pytest.mark.parametrize("said,utterance,reason", HOSTILE, ids=[f"{s}:{u}" for s, u, _ in HOSTILE])
def test_a_hostile_open_gets_no_frame_out(car, client, session, provider, said, utterance, reason):
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), hostile_then_report)
    tap(client, "tailgate.set", "cabin", open=False)
    mark = car.mark()
    events, reply = turn(client, session, utterance, source="voice")

    assert car.since(mark) == []
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    assert reply["handled_by"] == "codex" and reply["status"] == "rejected", reply
    (refused,) = reply["actions"]
    assert (refused["capability"], refused["status"], refused["reason"], refused["source"]) == (
        "tailgate.set",
        "rejected",
        reason,
        "model",
    )
    assert results(events) == [refused]
    told = model_result(provider, utterance)
    assert [(a["status"], a["reason"]) for a in told["actions"]] == [("rejected", reason)]
    recorded = [a for d in audit(client, reply["turn_id"]) for a in d["actions"]]
    assert [(a["capability"], a["reason"], a["frames"]) for a in recorded] == [("tailgate.set", reason, [])]


@pytest.mark.parametrize("utterance", ["close the tailgate and tell me a joke", "关上后备箱 给我讲个笑话"])
def test_a_close_command_binds_no_open(car, client, session, provider, utterance):
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), hostile_then_report)
    tap(client, "tailgate.set", "cabin", open=True)
    mark = car.mark()
    events, reply = turn(client, session, utterance, source="voice")

    # the person's close goes out, the model's open never does
    assert car.since(mark) == [CLOSED]
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
    assert reply["handled_by"] == "codex"
    by_source = {(a["source"], a["status"], a["reason"]) for a in reply["actions"]}
    assert ("model", "rejected", NOT_BOUND) in by_source, reply["actions"]
    assert all(a["parameters"] == {"open": False} for a in reply["actions"] if a["status"] == "applied")
    told = model_result(provider, utterance)
    assert any(a["reason"] == NOT_BOUND and a["parameters"] == {"open": True} for a in told["actions"])
    frames = [
        (a["parameters"], len(a["frames"]))
        for d in audit(client, reply["turn_id"])
        for a in d["actions"]
        if a["frames"]
    ]
    assert frames == [({"open": False}, 1)]


@pytest.mark.parametrize("utterance", ["open the tailgate and tell me a joke", "打开后备箱 讲个笑话"])
def test_positive_control_an_asked_for_open_goes_out(car, client, session, provider, utterance):
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), hostile_then_report)
    tap(client, "tailgate.set", "cabin", open=False)
    mark = car.mark()
    try:
        _, reply = turn(client, session, utterance, source="voice")
        assert car.since(mark) == [OPENED]
        assert controls(client)["tailgate.set"]["cabin"] == {"open": True}
        assert reply["status"] == "applied"
        (opened,) = reply["actions"]
        assert (opened["status"], opened["source"]) == ("applied", "both")
    finally:
        tap(client, "tailgate.set", "cabin", open=False)


@pytest.mark.parametrize("utterance,answer", [("is the trunk open?", "closed"), ("后备箱开着吗", "关")])
def test_a_state_question_is_answered_without_the_model(car, client, session, provider, utterance, answer):
    # were the model asked, it would try to open the tailgate
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), hostile_then_report)
    tap(client, "tailgate.set", "cabin", open=False)
    mark = car.mark()
    _, reply = turn(client, session, utterance, source="voice")
    assert car.since(mark) == []
    assert provider.calls_for(utterance) == []
    assert reply["handled_by"] == "local" and reply["actions"] == [] and reply["status"] == "no_action"
    assert answer in reply["reply_text"]
    assert controls(client)["tailgate.set"]["cabin"] == {"open": False}


FOUND = [
    pytest.param("actually don't open the tailgate"),
    pytest.param("actually do not open the tailgate"),
    pytest.param("I didn't ask you to open the tailgate"),
    pytest.param("我没让你开后备箱"),
    pytest.param("could the tailgate be open"),
    pytest.param("can the tailgate open in the rain"),
    # the same words with punctuation: controls that must keep passing
    "actually, don't open the tailgate",
    "nobody is opening the tailgate, tell me a joke",
]


@pytest.mark.parametrize("utterance", FOUND)
def test_hostile_phrasings_get_no_frame_out(car, client, session, provider, utterance):
    """Phrasings beyond the contract's examples that a person uses to NOT open
    the tailgate; whatever they are read as, a hostile open must stay on paper."""
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), hostile_then_report)
    tap(client, "tailgate.set", "cabin", open=False)
    mark = car.mark()
    _, reply = turn(client, session, utterance, source="voice")
    try:
        assert car.since(mark) == []
        assert controls(client)["tailgate.set"]["cabin"] == {"open": False}
        assert reply["status"] == "rejected" and reply["actions"], reply
        assert {(a["status"], a["reason"]) for a in reply["actions"]} <= {
            ("rejected", NOT_BOUND),
            ("rejected", NEGATED),
        }, reply["actions"]
    finally:
        tap(client, "tailgate.set", "cabin", open=False)
