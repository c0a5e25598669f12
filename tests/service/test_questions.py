"""Asking instead of guessing, through the real service (DESIGN section 4a): a hedge ends on
a question, nothing is sent until the same seat answers, and the answer alone moves."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import reset_car
from .sse import post_stream

TAILGATE = ("tailgate.set", "cabin")
SUNROOF = ("sunroof.set_position", "cabin")


class Clock:
    """The question registry's clock, moved by the test (never a sleep)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture()
def svc(service):
    reset_car(service)
    questions = service.runtime.questions
    clock, questions.clock = questions.clock, Clock()
    yield service
    questions.clock = clock


def session(c) -> str:
    return c.post("/api/v1/sessions").json()["session_id"]


def say(c, sid: str, text: str, **kw: Any) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def shown(c, control: tuple[str, str]) -> dict:
    return c.get("/api/v1/vehicle/state").json()["controls"][control[0]][control[1]]


def asked(reply: dict, kind: str = "clarify") -> dict:
    assert reply["status"] == "asked", reply
    assert reply["actions"] == []
    question = reply["question"]
    assert question["kind"] == kind and question["id"].startswith("q_")
    assert question["text"] and question["text"] in reply["reply_text"]
    return question


HEDGES = [
    ("maybe open the tailgate", "yes", TAILGATE, {"open": True}, "en"),
    ("Maybe open the tailgate.", "Yes, please.", TAILGATE, {"open": True}, "en"),
    ("open the tailgate?", "sure do it", TAILGATE, {"open": True}, "en"),
    ("要不开下天窗", "好的", SUNROOF, {"open_percent": 100}, "zh"),
    ("要不开下天窗。", "好的。", SUNROOF, {"open_percent": 100}, "zh"),
    ("开后备箱？", "可以", TAILGATE, {"open": True}, "zh"),
]


@pytest.mark.parametrize("hedge,yes,control,after,lang", HEDGES)
def test_a_hedge_asks_and_only_the_answer_moves(svc, command_ids, hedge, yes, control, after, lang):
    with svc.client() as c:
        sid = session(c)
        before, frames = shown(c, control), len(svc.command_frames(command_ids))
        reply = say(c, sid, hedge)
        question = asked(reply)
        assert reply["language"] == lang and question["seat"] is None
        [option] = question["options"]
        assert option["id"] == "yes" and option["actions"] == [
            {"capability": control[0], "target": control[1], "parameters": after}
        ]
        assert question["text"].endswith("？" if lang == "zh" else "?")
        assert len(svc.command_frames(command_ids)) == frames and shown(c, control) == before  # nothing sent
        done = say(c, sid, yes)
        assert done["status"] == "applied", done
        [action] = done["actions"]
        assert (action["capability"], action["target"], action["source"]) == (control[0], control[1], "parser")
        assert done["language"] == lang and done["question"] is None
        assert shown(c, control) == after
        assert len(svc.command_frames(command_ids)) == frames + 1


@pytest.mark.parametrize(
    "hedge,no,lang",
    [
        ("maybe open the tailgate", "no", "en"),
        ("maybe open the tailgate", "never mind", "en"),
        ("Open the tailgate?", "No, thanks.", "en"),
        ("要不开下后备箱", "算了", "zh"),
        ("要不开下后备箱。", "不用了。", "zh"),
    ],
)
def test_no_moves_nothing_and_closes_the_question(svc, command_ids, hedge, no, lang):
    with svc.client() as c:
        sid = session(c)
        frames = len(svc.command_frames(command_ids))
        asked(say(c, sid, hedge))
        declined = say(c, sid, no)
        assert declined["actions"] == [] and declined["question"] is None and declined["language"] == lang
        assert declined["status"] == "no_action"
        # the question is gone: a late "yes" is a new message and moves nothing
        late = say(c, sid, "好的" if lang == "zh" else "yes")
        assert late["actions"] == []
        assert shown(c, TAILGATE) == {"open": False}
        assert len(svc.command_frames(command_ids)) == frames


@pytest.mark.parametrize("hedge,yes", [("maybe open the tailgate", "yes"), ("要不开下后备箱", "好的")])
def test_an_expired_question_moves_nothing(svc, command_ids, hedge, yes):
    with svc.client() as c:
        sid = session(c)
        frames = len(svc.command_frames(command_ids))
        asked(say(c, sid, hedge))
        svc.runtime.questions.clock.now += svc.runtime.questions.timeout_s  # its expiry, to the instant
        assert say(c, sid, yes)["actions"] == []
        assert shown(c, TAILGATE) == {"open": False}
        assert len(svc.command_frames(command_ids)) == frames


def test_only_the_asking_seat_answers(svc, command_ids):
    with svc.client() as c:
        sid = session(c)
        frames = len(svc.command_frames(command_ids))
        question = asked(say(c, sid, "maybe open the tailgate", seat="driver"))
        assert question["seat"] == "driver"
        for other in ("passenger", "rear_left", None):
            body: dict[str, Any] = {} if other is None else {"seat": other}
            assert say(c, sid, "yes", **body)["actions"] == []  # a new message from another seat
        assert shown(c, TAILGATE) == {"open": False}
        assert len(svc.command_frames(command_ids)) == frames
        # another seat's words did not take the driver's question away
        done = say(c, sid, "yes", seat="driver")
        assert done["status"] == "applied" and shown(c, TAILGATE) == {"open": True}


def test_an_unknown_seat_question_is_answered_only_by_an_unknown_seat(svc):
    with svc.client() as c:
        sid = session(c)
        asked(say(c, sid, "要不开下天窗"))
        assert say(c, sid, "好的", seat="driver")["actions"] == []
        assert say(c, sid, "好的")["status"] == "applied"
        assert shown(c, SUNROOF) == {"open_percent": 100}


@pytest.mark.parametrize(
    "then,lang", [("turn on the ac", "en"), ("Turn on the AC.", "en"), ("打开空调制冷", "zh"), ("打开制冷。", "zh")]
)
def test_a_message_that_is_not_an_answer_drops_the_question(svc, command_ids, then, lang):
    with svc.client() as c:
        sid = session(c)
        asked(say(c, sid, "maybe open the tailgate"))
        other = say(c, sid, then)
        assert other["status"] == "applied" and other["language"] == lang
        assert [a["capability"] for a in other["actions"]] == ["climate.set_ac"]
        frames = len(svc.command_frames(command_ids))
        assert say(c, sid, "yes")["actions"] == []  # the question went with the new message
        assert shown(c, TAILGATE) == {"open": False}
        assert len(svc.command_frames(command_ids)) == frames


def test_the_console_tap_and_the_question_event(svc, command_ids):
    with svc.client() as c:
        sid = session(c)
        events = post_stream(c, sid, "maybe open the tailgate")
        names = [name for name, _ in events]
        assert names[-2:] == ["turn.question", "turn.completed"]
        question = events[-2][1]
        assert events[-1][1]["question"] == question and events[-1][1]["status"] == "asked"
        frames = len(svc.command_frames(command_ids))
        # a wrong id or option is a clear error and nothing moves (the question stays open)
        bad = c.post(
            f"/api/v1/sessions/{sid}/messages", json={"text": "", "answer": {"question_id": "q_0", "option": "yes"}}
        )
        assert bad.status_code == 404 and bad.json()["error"]["code"] == "unknown_question"
        bad = c.post(
            f"/api/v1/sessions/{sid}/messages",
            json={"text": "", "answer": {"question_id": question["id"], "option": "2"}},
        )
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "unknown_option"
        bad = c.post(
            f"/api/v1/sessions/{sid}/messages",
            json={"answer": {"question_id": question["id"], "option": "yes"}, "seat": "driver"},
        )
        assert bad.status_code == 404  # asked of an unknown seat: the driver's tap is not its answer
        assert c.post(f"/api/v1/sessions/{sid}/messages", json={"text": ""}).status_code == 422
        assert len(svc.command_frames(command_ids)) == frames and shown(c, TAILGATE) == {"open": False}
        tap = say(c, sid, "", answer={"question_id": question["id"], "option": "yes"})
        assert tap["status"] == "applied" and shown(c, TAILGATE) == {"open": True}
        assert len(svc.command_frames(command_ids)) == frames + 1
        # answered: the same tap again is refused, nothing moves twice
        again = c.post(
            f"/api/v1/sessions/{sid}/messages", json={"answer": {"question_id": question["id"], "option": "yes"}}
        )
        assert again.status_code == 404
        assert len(svc.command_frames(command_ids)) == frames + 1


def test_a_console_tap_declines(svc, command_ids):
    with svc.client() as c:
        sid = session(c)
        question = asked(say(c, sid, "要不开下天窗"))
        frames = len(svc.command_frames(command_ids))
        no = say(c, sid, "", answer={"question_id": question["id"], "option": "no"})
        assert no["actions"] == [] and no["language"] == "zh" and no["reply_text"]
        assert len(svc.command_frames(command_ids)) == frames and shown(c, SUNROOF) == {"open_percent": 0}


def test_the_audit_keeps_the_question_and_the_answer(svc):
    with svc.client() as c:
        sid = session(c)
        question = asked(say(c, sid, "maybe open the tailgate"))
        done = say(c, sid, "yeah")
        [decision] = [d for d in c.get("/api/v1/audit?limit=20").json()["decisions"] if d["turn_id"] == done["turn_id"]]
        [action] = decision["actions"]
        assert action["confirmed"] is True and action["source"] == "parser"
        assert action["question"]["id"] == question["id"] and action["question"]["kind"] == "clarify"
        assert action["question"]["text"] == question["text"]
        assert action["answer"] == {"options": ["yes"], "text": "yeah", "tap": False}


def test_a_voice_question_is_speakable(svc):
    with svc.client() as c:
        sid = session(c)
        for text in ("maybe open the sunroof halfway", "要不把天窗开一半"):
            reply = say(c, sid, text, source="voice")
            if reply["question"] is None:
                continue  # the parser may read it otherwise; the words below are what matters
            assert not set(reply["reply_text"]) & set("°%*#`")
            say(c, sid, "no", source="voice")
        reply = say(c, sid, "maybe set the driver temperature to 24", source="voice", seat="driver")
        question = asked(reply)
        assert "degrees" in question["text"] and not set(question["text"]) & set("°%")


def test_a_command_beside_a_hedge_runs_and_the_hedge_is_asked(svc, command_ids):
    """ "turn on the ac. open the tailgate?": the AC was asked for plainly; the tailgate is a question."""
    with svc.client() as c:
        sid = session(c)
        reply = say(c, sid, "turn on the ac. open the tailgate?")
        assert [a["capability"] for a in reply["actions"]] == ["climate.set_ac"]
        assert reply["status"] == "applied" and reply["question"]["kind"] == "clarify"
        assert shown(c, TAILGATE) == {"open": False}
        assert say(c, sid, "yes")["actions"][0]["capability"] == "tailgate.set"
        assert shown(c, TAILGATE) == {"open": True}


def test_a_tap_on_a_question_that_closed_since_moves_nothing(svc, command_ids):
    """The route checked the tap; the question expired before the turn read it: nothing moves."""
    import asyncio

    from app.turn import TurnInput, TurnPipeline

    with svc.client() as c:
        sid = session(c)
        question = asked(say(c, sid, "要不开下后备箱"))
        frames = len(svc.command_frames(command_ids))
        svc.runtime.questions.clock.now += svc.runtime.questions.timeout_s
        pipeline = TurnPipeline(svc.runtime)
        turn = pipeline.begin(sid)
        tap = TurnInput("", answer={"question_id": question["id"], "option": "yes"})
        reply = asyncio.run(pipeline.run(turn, tap, None))
        assert reply["actions"] == [] and reply["status"] == "no_action" and reply["question"] is None
        assert reply["reply_text"] == "There is no open question to answer."  # gone: its language with it
        assert shown(c, TAILGATE) == {"open": False}
        assert len(svc.command_frames(command_ids)) == frames
