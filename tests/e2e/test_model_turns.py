"""Model turns end to end: real ``n7web serve``, real codex 0.147.0, real
``python -m mcp_server``; only the Responses-API model is scripted.

Every test asserts on real effects: command frames in the CAN log, the
ECU-confirmed ``/api/v1/vehicle/state``, the SSE stream of the message route,
the audit trail, and what the model itself received back from the tool.
"""

from __future__ import annotations

import json
import time

import pytest

from .e2e_flow import TOOLS_OF_CODEX, audit, controls, deltas, new_session, results, tap, turn
from .e2e_provider import Call, execute, http_error, text

WARM = {"delta_celsius": 2.0}


def act(capability: str, target: str, **parameters: object) -> dict:
    return {"capability": capability, "target": target, "parameters": parameters}


@pytest.fixture
def client(svc):
    with svc.client(timeout=60) as c:
        yield c


@pytest.fixture
def frames(svc, command_ids):
    """Call for the number of command frames in the CAN log so far."""
    return lambda: len(svc.command_frames(command_ids))


def explain(call: Call) -> text:
    """The fake model's second answer: built only from the tool output it got."""
    result, raw = call.output_result()
    if not isinstance(result, dict):  # an error result: its content text
        return text("The tool said: ", result[0]["text"] if result else raw)
    parts = [
        f"{a['capability']} {a['target']}: {a['status']}" + (f" ({a['reason']})" if a["reason"] else "")
        for a in result["actions"]
    ]
    return text("Result: ", "; ".join(parts) + ".", " " + result["message"])


def test_status_reports_codex_with_the_pinned_version(client):
    assert client.get("/api/v1/status").json()["assistant"] == {
        "mode": "codex",
        "reason": None,
        "codex_version": "0.147.0",
        "mcp": "up",
    }


def test_question_is_answered_with_text_only(svc, client, provider, frames):
    utterance = "what is the capital of France?"
    provider.script(utterance, text("Paris ", "is the capital ", "of France."))
    before = frames()
    events, reply = turn(client, new_session(client), utterance)
    assert reply["handled_by"] == "codex" and reply["assistant_error"] is None
    assert deltas(events) == ["Paris ", "is the capital ", "of France."]
    assert reply["reply_text"] == "Paris is the capital of France."
    assert reply["actions"] == [] and reply["status"] == "no_action" and results(events) == []
    assert frames() == before
    (call,) = provider.calls_for(utterance)
    # the trusted context carries a token and the confirmed vehicle state
    assert len(call.token) >= 32 and call.context["vehicle_state"]["vehicle"]["gear"] == "P"
    # the model is offered n7_vehicle's two tools and codex's five, nothing else
    assert call.tools() == {
        "mcp__n7_vehicle": ["execute_cockpit_request", "get_n7web_capabilities"],
        "": TOOLS_OF_CODEX,
    }
    assert call.token not in json.dumps(reply)


def test_comfort_need_runs_the_models_plan_and_explains_the_result(svc, client, provider, frames):
    utterance = "I'm freezing"
    plan = {"actions": [act("climate.adjust_temperature", "all", **WARM), act("seat.set_heating", "driver", level=2)]}
    provider.script(utterance, lambda call: execute(call.token, plan), explain)
    start = controls(client)
    before = frames()
    events, reply = turn(client, new_session(client), utterance)

    assert reply["handled_by"] == "codex" and reply["assistant_error"] is None
    assert reply["status"] == "applied"
    streamed = results(events)
    assert [(r["capability"], r["status"], r["source"]) for r in streamed] == [
        ("climate.adjust_temperature", "applied", "model"),
        ("seat.set_heating", "applied", "model"),
    ]
    assert reply["actions"] == streamed
    after = controls(client)
    for zone, value in start["climate.set_temperature"].items():
        assert after["climate.set_temperature"][zone]["celsius"] == value["celsius"] + 2.0
    assert after["seat.set_heating"]["driver"] == {"level": 2}
    sent = frames() - before
    assert sent >= 2
    # the model received the executor's own result and its answer quotes it
    call = provider.calls_for(utterance)[1]
    result, _ = call.output_result()
    assert result["status"] == "applied" and [a["status"] for a in result["actions"]] == ["applied"] * 2
    assert result["message"] in reply["reply_text"] and "".join(deltas(events)) == reply["reply_text"]
    (decision,) = audit(client, reply["turn_id"])
    assert decision["handled_by"] == "codex" and decision["utterance"] == utterance
    assert sum(len(a["frames"]) for a in decision["actions"]) == sent


def test_voice_reply_of_a_model_turn_is_speakable(svc, client, provider):
    utterance = "I'm so cold"
    plan = {"actions": [act("climate.adjust_temperature", "driver", delta_celsius=0.5)]}
    provider.script(
        utterance,
        lambda call: execute(call.token, plan),
        text("**Done**: ", "driver side up by 0.5 °C 🔥, fan at 40%."),
    )
    _, reply = turn(client, new_session(client), utterance, source="voice")
    assert reply["handled_by"] == "codex" and reply["status"] == "applied"
    spoken = reply["reply_text"]
    assert not any(mark in spoken for mark in ("°", "%", "*", "🔥")), spoken
    assert spoken.startswith("Done: driver side up by 0.5 degrees") and "40 percent" in spoken


def test_saved_mode_without_a_plan_is_applied_once(svc, client, provider, frames):
    utterance = "start nap mode and tell me a joke"
    # the model omits the plan (the key, never null) for a saved mode
    provider.script(
        utterance,
        lambda call: execute(call.token),
        lambda call: text(call.output_result()[0]["message"], " Why did the car nap? It was tired."),
    )
    tap(client, "window.set_position", "driver", open_percent=40)
    before = frames()
    events, reply = turn(client, new_session(client), utterance)

    assert reply["handled_by"] == "codex" and reply["status"] == "applied"
    modes = [a for a in reply["actions"] if a["capability"] == "mode.activate"]
    assert len(modes) == 1 and modes[0]["target"] == "nap" and modes[0]["status"] == "applied"
    assert [r["capability"] for r in results(events)] == ["mode.activate"]
    state = controls(client)
    assert state["window.set_position"]["driver"] == {"open_percent": 0}
    assert state["climate.set_temperature"]["driver"] == {"celsius": 24.0}
    # sent once: the turn-end leftover run found it consumed and sent nothing
    decisions = audit(client, reply["turn_id"])
    mode_frames = [
        len(a["frames"]) for d in decisions for a in d["actions"] if a["capability"] == "mode.activate" and a["frames"]
    ]
    assert len(mode_frames) == 1
    assert frames() - before == mode_frames[0] > 0
    assert "tired" in reply["reply_text"]


@pytest.mark.parametrize(
    "utterance,proposal,reason",
    [
        # named, only asked about: refused (a control never named at all is asked about instead,
        # DESIGN section 4a: tests/e2e/test_confirm_questions.py)
        ("why is the trunk open", act("tailgate.set", "cabin", open=True), "not_bound_to_request"),
        (
            "don't open the sunroof, what's the weather",
            act("sunroof.set_position", "cabin", open_percent=100),
            "negated_by_user",
        ),
    ],
)
def test_unbound_or_negated_model_action_is_refused(svc, client, provider, frames, utterance, proposal, reason):
    provider.script(utterance, lambda call: execute(call.token, {"actions": [proposal]}), explain)
    start = controls(client)
    before = frames()
    events, reply = turn(client, new_session(client), utterance)

    assert frames() == before
    assert controls(client)[proposal["capability"]] == start[proposal["capability"]]
    assert reply["handled_by"] == "codex" and reply["status"] == "rejected"
    (refused,) = reply["actions"]
    assert (refused["status"], refused["reason"], refused["source"]) == ("rejected", reason, "model")
    assert results(events) == [refused]
    # the model is told why, in the tool output it receives
    result, raw = provider.calls_for(utterance)[1].output_result()
    assert result["status"] == "rejected" and result["actions"][0]["reason"] == reason
    assert reason in reply["reply_text"]


def test_forged_and_replayed_tokens_are_refused(svc, client, provider, frames):
    plan = {"actions": [act("seat.set_heating", "driver", level=3)]}
    forged = "forged" + "Q" * 37
    provider.script("it's freezing in here", lambda call: execute(forged, plan), explain)
    # the replay: the token of this session's previous turn (now closed)
    provider.script("so cold", lambda call: execute(call.earlier_contexts[-1]["request_token"], plan), explain)
    session = new_session(client)
    before = frames()
    start = controls(client)["seat.set_heating"]
    replies = {}
    for utterance, code in (("it's freezing in here", "token_invalid"), ("so cold", "turn_closed")):
        _, replies[utterance] = turn(client, session, utterance)
        reply = replies[utterance]
        assert reply["handled_by"] == "codex" and reply["actions"] == [] and reply["status"] == "no_action"
        result, raw = provider.calls_for(utterance)[1].output_result()
        # an isError result: a text content item, no structured answer
        (content,) = result
        assert content["type"] == "text" and f"error {code} (HTTP 403)" in content["text"]
        assert "Nothing was sent to the vehicle." in content["text"]
        assert code in reply["reply_text"]
    replayed = provider.calls_for("so cold")[0]
    assert replayed.earlier_contexts[-1]["request_token"] == provider.calls_for("it's freezing in here")[0].token
    assert frames() == before
    assert controls(client)["seat.set_heating"] == start


def test_parser_action_runs_when_the_model_never_calls_the_tool(svc, client, provider, frames):
    utterance = "turn on the AC and tell me a joke"
    provider.script(utterance, text("Why did the AC ", "break up with the heater? Too hot to handle."))
    tap(client, "climate.set_ac", "cabin", on=False)
    before = frames()
    events, reply = turn(client, new_session(client), utterance)

    assert controls(client)["climate.set_ac"]["cabin"] == {"on": True}
    assert frames() > before
    assert reply["handled_by"] == "codex" and reply["status"] == "applied"
    (ac,) = reply["actions"]
    assert (ac["capability"], ac["status"], ac["source"]) == ("climate.set_ac", "applied", "parser")
    assert results(events) == [ac]
    assert reply["reply_text"].startswith("Why did the AC break up") and ac["message"] in reply["reply_text"]
    assert "".join(deltas(events)) == reply["reply_text"]
    assert len(provider.calls_for(utterance)) == 1  # the model made no tool call


def test_provider_error_answers_offline_at_once(svc, client, provider, frames):
    utterance = "I am freezing"
    session = new_session(client)
    provider.script("hello there, how are you?", text("Fine, thanks."))
    turn(client, session, "hello there, how are you?")  # the thread is loaded: time only the turn
    provider.script(utterance, http_error(500))
    tap(client, "climate.set_temperature", "all", celsius=22.0)
    before = frames()
    began = time.monotonic()
    events, reply = turn(client, session, utterance)
    elapsed = time.monotonic() - began

    assert elapsed < 2.0, elapsed
    assert reply["handled_by"] == "local"
    assert reply["assistant_error"]["code"] == "provider_error"
    # the offline path: the comfort need runs the catalog's offline plan
    assert {a["source"] for a in reply["actions"]} == {"catalog"}
    assert reply["status"] == "applied" and frames() > before
    assert controls(client)["climate.set_temperature"]["rear_right"] == {"celsius": 24.0}
    assert reply["reply_text"].startswith("Running the cold comfort plan.")
    assert len(provider.calls_for(utterance)) == 1  # no retries
    # and a complete command stays local: the model is not asked
    calls = len(provider.calls)
    _, reply = turn(client, session, "set the passenger side to 21 degrees")
    assert reply["handled_by"] == "local" and reply["status"] == "applied"
    assert controls(client)["climate.set_temperature"]["passenger"] == {"celsius": 21.0}
    assert len(provider.calls) == calls


def test_no_token_in_the_log_audit_or_history(svc, client, provider):
    utterance = "I'm cold"
    provider.script(
        utterance, lambda call: execute(call.token, {"actions": [act("seat.set_heating", "driver", level=1)]}), explain
    )
    session = new_session(client)
    turn(client, session, utterance)
    tokens = {c.token for c in provider.calls if c.token}
    assert tokens
    exposed = [
        svc.log.read_text(errors="replace"),
        json.dumps(client.get("/api/v1/audit", params={"limit": 500}).json()),
        json.dumps(client.get(f"/api/v1/sessions/{session}/messages").json()),
    ]
    for token in tokens:
        for where in exposed:
            assert token not in where
    assert "Traceback" not in exposed[0]
