"""Whole parse results are kept by (text, seat): a repeated utterance is read
once, and what every consumer does with a result never changes it (the next
turn that says the same words gets the same reading)."""

from __future__ import annotations

from app.executor import Executor, Ledger, Request
from tests.safety.support import cabin
from tests.safety.test_properties import MemoryLink, MemoryStore
from vehicle.parser import Parser
from vehicle.parser.engine import RESULT_CACHE
from vehicle.safety import DecisionRequest, StateSnapshot, decide

TEXTS = [
    "set the driver side to 21 degrees and open the rear windows halfway",
    "I'm cold",
    "open every window but the driver's",
    "turn the fan up a bit",
    "把副驾座椅加热开到3档",
    "打开车窗一半，别开天窗",
    "is the sunroof open",
    "open my window",
]


def test_a_repeated_utterance_gets_the_same_reading_back(parser):
    for text in TEXTS:
        for seat in (None, "rear_left"):
            assert parser.parse(text, seat=seat) is parser.parse(text, seat=seat)
    assert parser.parse("open my window", seat="rear_left") != parser.parse("open my window", seat="driver")


def test_consumers_never_change_a_kept_reading(catalog, parser):
    state = cabin()
    kept = {(t, s): parser.parse(t, seat=s) for t in TEXTS for s in (None, "passenger", "rear_right")}
    executor = Executor(catalog, state, MemoryLink(), MemoryStore())
    for (_text, seat), result in kept.items():
        decide(catalog, result, seat, StateSnapshot.of(state), frozenset(), DecisionRequest())
        executor.run(
            Request(
                ledger=Ledger(),
                parse=result,
                seat=seat,
                model_actions=[
                    {"capability": "window.set_position", "target": "all", "parameters": {"open_percent": 50}}
                ],
            )
        )
        result.to_json()
    fresh = Parser(catalog)  # nothing kept: every text read from scratch
    for (text, seat), result in kept.items():
        assert fresh.parse(text, seat=seat) == result, text


def test_the_kept_readings_are_bounded_and_cleared(catalog):
    p = Parser(catalog)
    for i in range(RESULT_CACHE + 10):
        p.parse(f"set the fan to {1 + i % 7} {'please ' * (i // 7)}".strip())
    assert len(p._results) <= RESULT_CACHE
    first = p.parse("turn on the ac")
    p.clear_cache()
    assert not p._results and p.parse("turn on the ac") == first
    long = "open the sunroof " * 80
    p.parse(long)
    assert (long, None) not in p._results  # no one speaks this much: never kept
