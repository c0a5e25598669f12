"""The executor's own steps around decide(), in-process with an in-memory link and
store: the gates hold at send time, and an encoding problem refuses one action."""
from __future__ import annotations

from app.executor import Executor, Ledger, Request
from vehicle.actions import Action

from .support import cabin, parse
from .test_properties import CATALOG, MemoryLink, MemoryStore


class SlowStore(MemoryStore):
    """The car drives off while the decision is being written."""

    def __init__(self, state):
        self.state = state

    def record_decision(self, *args):
        self.state.reading.speed_kph, self.state.reading.gear = 50.0, "D"
        return 1


def test_a_gate_that_passed_before_the_record_holds_at_send_time():
    state = cabin()
    link = MemoryLink()
    ledger = Ledger()
    p = parse(actions=(Action("tailgate.set", "cabin", {"open": True}), Action("climate.set_ac", "cabin", {"on": True})))
    out = Executor(CATALOG, state, link, SlowStore(state)).run(Request(ledger=ledger, parse=p))
    tailgate, ac = out.to_json()["actions"]
    assert (tailgate["status"], tailgate["reason"]) == ("rejected", "interlock_speed")
    assert ac["status"] == "applied"
    assert [c.capability for c in link.sent] == ["climate.set_ac"]
    assert ("tailgate.set", "cabin") not in ledger.consumed and ("tailgate.set", "cabin") in ledger.decided


class PickyLink(MemoryLink):
    def encode(self, command):
        if command.parameters.get("celsius") == 22.4999999999:
            raise ValueError("not encodable")
        return []


def test_an_encoding_problem_refuses_that_action_alone():
    link = PickyLink()
    ledger = Ledger()
    p = parse(actions=(Action("window.set_position", "driver", {"open_percent": 100}),), needs=("cold",))
    out = Executor(CATALOG, cabin(), link, MemoryStore()).run(Request(ledger=ledger, parse=p, model_actions=[
        {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.4999999999}}]))
    window, temp = out.to_json()["actions"]
    assert window["status"] == "applied" and temp["status"] == "rejected"
    assert [c.capability for c in link.sent] == ["window.set_position"]
    assert ledger.consumed == {("window.set_position", "driver")}
