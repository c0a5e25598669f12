"""Properties of decide() over generated utterances, plans, seats and car states.

No member gets two commands; a negated or held control is never sent; a
rejected action is never consumed (through the executor, with an in-memory
link and store); the 16-command budget holds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.executor import Executor, Ledger, Request
from vehicle.actions import Action, Mention
from vehicle.can.link import CommandOutcome
from vehicle.catalog import load_catalog
from vehicle.safety import MAX_COMMANDS
from vehicle.safety.binding import negated_keys

from .support import cabin, parse, run

CATALOG = load_catalog()
MEMBERS = ("driver", "passenger", "rear_left", "rear_right")
POOL = (
    [Action("window.set_position", t, {"open_percent": v}) for t in (*MEMBERS, "all") for v in (0, 50, 100)]
    + [
        Action("climate.set_temperature", t, {"celsius": v})
        for t in (*MEMBERS, "rear", "all")
        for v in (18.0, 22.0, 45.0)
    ]
    + [
        Action("climate.adjust_temperature", "all", {"delta_celsius": 2.0}),
        Action("seat.set_heating", "driver", {"level": 2}),
        Action("seat.set_heating", "rear_left", {"level": 9}),
        Action("seat.set_ventilation", "rear_right", {"level": 1}),
        Action("tailgate.set", "cabin", {"open": True}),
        Action("tailgate.set", "cabin", {"open": False}),
        Action("sunroof.set_position", "cabin", {"open_percent": 100}),
        Action("sunroof.set_position", "cabin", {"open_percent": 0}),
        Action("climate.set_fan_speed", "cabin", {"level": 5}),
        Action("climate.set_ac", "cabin", {"on": True}),
        Action("mode.activate", "nap", {}),
        Action("mode.activate", "pet", {}),
        Action("mode.activate", "car_wash", {}),
        Action("peripheral.trigger", "garage_door", {}),
        Action("peripheral.trigger", "rear_fridge", {}),
        Action("climate.teleport", "cabin", {}),
    ]
)
DIRECTIONS = (None, "open", "close", "set", "on", "off", "increase", "decrease", "activate")
SAID = ("command", "question", "statement", "wish")
CONTROLS = (
    "window.set_position",
    "climate.set_temperature",
    "climate.adjust_temperature",
    "seat.set_heating",
    "tailgate.set",
    "sunroof.set_position",
    "climate.set_fan_speed",
    "climate.set_ac",
    "mode.activate",
)

actions = st.lists(st.sampled_from(POOL), max_size=6)
targets = st.sampled_from((None, *MEMBERS, "all", "cabin", "nap"))
mentions = st.builds(Mention, st.sampled_from(CONTROLS), targets, st.sampled_from(SAID), st.sampled_from(DIRECTIONS))
forbids = st.builds(Mention, st.sampled_from(CONTROLS), targets, st.sampled_from(("negated", "held")), st.none())
model = st.lists(
    st.sampled_from(POOL).map(
        lambda a: {"capability": a.capability, "target": a.target, "parameters": dict(a.parameters)}
    ),
    max_size=6,
)
seats = st.sampled_from((None, "driver", "passenger", "rear_left", "rear_right", "outside"))
keys = st.sets(
    st.tuples(
        st.sampled_from(("window.set_position", "climate.set_temperature", "tailgate.set")),
        st.sampled_from((*MEMBERS, "cabin")),
    ),
    max_size=12,
)


@st.composite
def states(draw):
    state = cabin(
        speed_kph=draw(st.sampled_from((0.0, 50.0, 130.0, None))),
        gear=draw(st.sampled_from(("P", "D", None))),
        child_lock=draw(st.sampled_from((True, False, None))),
    )
    state.stale = draw(st.booleans())
    return state


@st.composite
def utterances(draw):
    forbidden = tuple(draw(st.lists(forbids, max_size=3)))
    return parse(
        actions=tuple(draw(actions)),
        mentions=tuple(draw(st.lists(mentions, max_size=4))) + forbidden,
        needs=tuple(draw(st.lists(st.sampled_from(("cold", "hot", "glare")), max_size=2, unique=True))),
        negated=forbidden,
    )


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(utterances(), model, seats, states(), keys)
def test_no_member_gets_two_commands(p, plan, seat, state, consumed):
    d = run(CATALOG, p, model=plan, seat=seat, state=state, consumed=frozenset(consumed))
    counts = Counter(m.key for _, m in d.pending())
    assert all(n == 1 for n in counts.values()), counts


@SETTINGS
@given(utterances(), model, seats, states())
def test_a_negated_or_held_control_is_never_sent(p, plan, seat, state):
    d = run(CATALOG, p, model=plan, seat=seat, state=state)
    forbidden = negated_keys(CATALOG, p)
    assert not [m.key for _, m in d.pending() if m.key in forbidden]


@SETTINGS
@given(utterances(), model, seats, states(), keys)
def test_the_budget_holds(p, plan, seat, state, consumed):
    d = run(CATALOG, p, model=plan, seat=seat, state=state, consumed=frozenset(consumed))
    pending = d.pending()
    assert not pending or len(consumed) + len(pending) <= MAX_COMMANDS
    assert not any(m.key in consumed for _, m in pending)


@dataclass
class MemoryLink:
    """Applies every command it is given (no bus); remembers what it sent."""

    sent: list = field(default_factory=list)

    def encode(self, command):
        return []

    def execute(self, commands):
        self.sent.extend(commands)
        return [CommandOutcome("applied", []) for _ in commands]


class MemoryStore:
    def record_decision(self, *args):
        return 1

    def record_outcome(self, *args):
        return None


@SETTINGS
@given(utterances(), model, seats, states())
def test_a_rejected_action_is_never_consumed(p, plan, seat, state):
    link = MemoryLink()
    ledger = Ledger()
    outcome = Executor(CATALOG, state, link, MemoryStore()).run(
        Request(ledger=ledger, parse=p, seat=seat, model_actions=plan)
    )
    sent = {(CATALOG.control(c.capability), c.member) for c in link.sent}
    assert ledger.consumed == sent
    for item in outcome.items:
        for m in item.members:
            if m.status == "rejected":
                assert m.key not in sent or any(
                    o.key == m.key and o.status == "applied" for i in outcome.items for o in i.members
                )
    # decided covers every member settled, sent or refused
    assert sent <= ledger.decided
