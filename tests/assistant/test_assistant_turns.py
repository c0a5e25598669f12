"""Turn event collection and routing, without a process."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.assistant.errors import TurnInProgressError
from app.assistant.turns import TurnCollector, TurnRouter


def delta(turn: str, item: str, text: str) -> tuple[str, dict]:
    return "item/agentMessage/delta", {"threadId": "th", "turnId": turn, "itemId": item, "delta": text}


def completed(turn: str, status: str = "completed", error: Any = None) -> tuple[str, dict]:
    return "turn/completed", {"threadId": "th", "turn": {"id": turn, "status": status, "error": error, "items": []}}


def tool_item(
    turn: str, phase: str, status: str, tool: str = "execute_cockpit_request", structured: Any = None
) -> tuple[str, dict]:
    item = {
        "type": "mcpToolCall",
        "id": "call_1",
        "server": "n7_vehicle",
        "tool": tool,
        "status": status,
        "arguments": {"request_token": "tok_secret_123"},
        "result": None if structured is None else {"content": [], "structuredContent": structured},
        "error": None,
    }
    return f"item/{phase}", {"threadId": "th", "turnId": turn, "item": item}


def collect(events: list[tuple[str, dict]], bind_after: int = 0, **kwargs: Any) -> TurnCollector:
    async def body() -> TurnCollector:
        collector = TurnCollector("th", 1, **kwargs)
        router = TurnRouter()
        router.register(collector)
        for n, (method, params) in enumerate(events):
            if n == bind_after:
                collector.bind("T1")
            router.dispatch(method, params)
        if collector.turn_id is None:
            collector.bind("T1")
        return collector

    return asyncio.run(body())


def test_events_that_arrive_before_turn_start_answers_are_replayed() -> None:
    deltas: list[str] = []
    c = collect(
        [delta("T1", "m", "Hel"), delta("T1", "m", "lo"), completed("T1")], bind_after=99, on_delta=deltas.append
    )
    assert deltas == ["Hel", "lo"] and c.done.is_set() and c.error is None


def test_events_of_another_turn_are_dropped() -> None:
    c = collect([delta("T0", "m", "old"), completed("T0", "interrupted"), delta("T1", "m", "new")], bind_after=99)
    assert c.outcome().text == "new" and not c.done.is_set()


def test_text_is_exactly_what_on_delta_received_with_messages_separated() -> None:
    deltas: list[str] = []
    c = collect(
        [delta("T1", "a", "First."), delta("T1", "b", "Second"), delta("T1", "b", "!"), completed("T1")],
        on_delta=deltas.append,
    )
    assert c.outcome().text == "".join(deltas) == "First.\n\nSecond!"


def test_message_without_deltas_is_still_delivered_once() -> None:
    deltas: list[str] = []
    item = {"type": "agentMessage", "id": "m", "text": "Whole"}
    c = collect(
        [("item/completed", {"threadId": "th", "turnId": "T1", "item": item}), completed("T1")], on_delta=deltas.append
    )
    assert deltas == ["Whole"] and c.outcome().text == "Whole"


def test_execute_counts_as_called_when_it_starts_even_if_never_completed() -> None:
    c = collect([tool_item("T1", "started", "inProgress")])
    c.fail("assistant_unavailable", "gone")
    outcome = c.outcome()
    assert outcome.execute_called and outcome.error["code"] == "assistant_unavailable"


def test_completed_tool_call_reports_structured_content_without_arguments() -> None:
    seen: list[dict] = []
    c = collect(
        [
            tool_item("T1", "started", "inProgress"),
            tool_item("T1", "completed", "completed", structured={"status": "applied"}),
            completed("T1"),
        ],
        on_tool_call=seen.append,
    )
    assert seen == c.outcome().tool_calls
    assert seen[0]["structured_content"] == {"status": "applied"}
    assert seen[0]["status"] == "completed" and seen[0]["is_error"] is False
    assert "tok_secret_123" not in repr(seen)


def test_capabilities_call_alone_does_not_count_as_execute() -> None:
    c = collect(
        [
            tool_item("T1", "started", "inProgress", tool="get_n7web_capabilities"),
            tool_item("T1", "completed", "completed", tool="get_n7web_capabilities", structured={}),
            completed("T1"),
        ]
    )
    assert not c.outcome().execute_called and len(c.outcome().tool_calls) == 1


def test_error_without_will_retry_fails_the_turn_as_provider_error() -> None:
    c = collect(
        [
            (
                "error",
                {
                    "threadId": "th",
                    "turnId": "T1",
                    "willRetry": False,
                    "error": {"message": "x Bearer abc", "codexErrorInfo": "internalServerError"},
                },
            ),
            completed("T1", "failed"),
        ]
    )
    assert c.error == {"code": "provider_error", "message": "The language model provider failed (internalServerError)."}


def test_error_that_will_be_retried_does_not_fail_the_turn() -> None:
    c = collect(
        [
            ("error", {"threadId": "th", "turnId": "T1", "willRetry": True, "error": {}}),
            delta("T1", "m", "ok"),
            completed("T1"),
        ]
    )
    assert c.error is None and c.outcome().text == "ok"


def test_failed_turn_without_error_event_is_a_provider_error() -> None:
    c = collect([completed("T1", "failed", {"message": "boom"})])
    assert c.error["code"] == "provider_error"


def test_interrupted_turn_reports_who_interrupted() -> None:
    async def body() -> TurnCollector:
        c = TurnCollector("th", 1)
        c.bind("T1")
        c.interrupt_reason = "turn_deadline"
        c.handle(*completed("T1", "interrupted"))
        return c

    assert asyncio.run(body()).error["code"] == "turn_deadline"
    assert collect([completed("T1", "interrupted")]).error["code"] == "interrupted"


def test_a_raising_callback_does_not_break_the_turn() -> None:
    def boom(_: str) -> None:
        raise RuntimeError("backend bug")

    c = collect([delta("T1", "m", "a"), delta("T1", "m", "b"), completed("T1")], on_delta=boom)
    assert c.outcome().text == "ab" and c.error is None


def test_router_fail_all_ends_every_active_turn_once() -> None:
    async def body() -> None:
        router = TurnRouter()
        turns = [TurnCollector(f"th{n}", 1) for n in range(3)]
        for turn in turns:
            router.register(turn)
        turns[0].bind("T")
        turns[0].handle(*completed("T"))
        router.fail_all("assistant_unavailable", "gone")
        router.fail_all("other", "again")
        assert turns[0].error is None
        assert all(t.error == {"code": "assistant_unavailable", "message": "gone"} for t in turns[1:])
        with pytest.raises(TurnInProgressError):
            router.register(TurnCollector("th9", 1)) or router.register(TurnCollector("th9", 1))

    asyncio.run(body())


def test_text_is_bounded_to_64_kib() -> None:
    c = collect([delta("T1", "m", "x" * 70_000), delta("T1", "m", "more"), completed("T1")])
    assert len(c.outcome().text) == 64 * 1024


def test_final_error_ends_the_turn_even_if_turn_completed_never_comes(monkeypatch) -> None:
    import app.assistant.turns as turns

    monkeypatch.setattr(turns, "ERROR_GRACE_S", 0.05)

    async def body() -> TurnCollector:
        c = TurnCollector("th", 1)
        c.bind("T1")
        c.handle("error", {"threadId": "th", "turnId": "T1", "willRetry": False, "error": {}})
        await asyncio.wait_for(c.done.wait(), 1)
        return c

    assert asyncio.run(body()).error["code"] == "provider_error"


def test_an_execute_call_failed_in_transport_makes_the_turn_say_not_executed() -> None:
    c = collect(
        [
            tool_item("T1", "started", "inProgress"),
            tool_item("T1", "completed", "failed"),
            delta("T1", "m", "Sorry."),
            completed("T1"),
        ]
    )
    outcome = c.outcome()
    assert outcome.execute_called and outcome.text == "Sorry."
    assert outcome.error["code"] == "tool_not_executed" and "not executed" in outcome.error["message"]


def test_a_later_successful_execute_call_clears_the_transport_failure() -> None:
    c = collect(
        [
            tool_item("T1", "completed", "failed"),
            tool_item("T1", "completed", "completed", structured={"status": "applied"}),
            completed("T1"),
        ]
    )
    assert c.outcome().error is None


def test_a_tool_result_that_is_an_error_is_not_a_transport_failure() -> None:
    refused = tool_item("T1", "completed", "failed", structured={"status": "rejected"})
    assert collect([refused, completed("T1")]).outcome().error is None
