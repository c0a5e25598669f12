"""The executor's own steps around decide(), in-process with an in-memory link and
store: the gates hold at send time, and an encoding problem refuses one action."""

from __future__ import annotations

from app.executor import Executor, Ledger, Request
from vehicle.actions import Action
from vehicle.can.errors import CodecError

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
    p = parse(
        actions=(Action("tailgate.set", "cabin", {"open": True}), Action("climate.set_ac", "cabin", {"on": True}))
    )
    out = Executor(CATALOG, state, link, SlowStore(state)).run(Request(ledger=ledger, parse=p))
    tailgate, ac = out.to_json()["actions"]
    assert (tailgate["status"], tailgate["reason"]) == ("rejected", "interlock_speed")
    assert ac["status"] == "applied"
    assert [c.capability for c in link.sent] == ["climate.set_ac"]
    assert ("tailgate.set", "cabin") not in ledger.consumed and ("tailgate.set", "cabin") in ledger.decided


class PickyLink(MemoryLink):
    """A codec that cannot encode one valid command, with the real link's
    contract: ``execute`` encodes the whole batch first and raises
    ``CodecError`` before anything is sent."""

    @staticmethod
    def _check(command):
        if command.capability == "window.set_position" and command.parameters.get("open_percent") == 100:
            raise CodecError("window: open_percent=100 is not representable")

    def encode(self, command):
        self._check(command)
        return []

    def execute(self, commands):
        for command in commands:
            self._check(command)
        return super().execute(commands)


def test_an_encoding_problem_refuses_that_action_alone():
    link = PickyLink()
    ledger = Ledger()
    p = parse(
        actions=(
            Action("window.set_position", "passenger", {"open_percent": 100}),
            Action("climate.set_ac", "cabin", {"on": True}),
        )
    )
    out = Executor(CATALOG, cabin(), link, MemoryStore()).run(Request(ledger=ledger, parse=p))
    by_cap = {a["capability"]: a for a in out.to_json()["actions"]}
    assert by_cap["climate.set_ac"]["status"] == "applied"
    window = by_cap["window.set_position"]
    assert (window["status"], window["reason"]) == ("rejected", "invalid_parameter")
    assert [c.capability for c in link.sent] == ["climate.set_ac"]  # the batch went out without it
    assert ledger.consumed == {("climate.set_ac", "cabin")}  # nothing of the refused action consumed


def test_a_grid_miss_is_refused_before_any_encoding():
    link = PickyLink()
    ledger = Ledger()
    p = parse(actions=(Action("climate.set_ac", "cabin", {"on": True}),), needs=("cold",))
    out = Executor(CATALOG, cabin(), link, MemoryStore()).run(
        Request(
            ledger=ledger,
            parse=p,
            model_actions=[
                {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 22.4999999999}}
            ],
        )
    )
    ac, temp = out.to_json()["actions"]
    assert ac["status"] == "applied" and temp["status"] == "rejected"
    assert [c.capability for c in link.sent] == ["climate.set_ac"]
    assert ledger.consumed == {("climate.set_ac", "cabin")}
