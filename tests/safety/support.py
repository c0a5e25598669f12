"""An in-memory vehicle and small builders: decide() runs with no server and no bus."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from vehicle.actions import Action, Mention
from vehicle.parser.result import ParseResult
from vehicle.safety import Decision, DecisionRequest, decide


@dataclass
class Reading:
    speed_kph: float | None = 0.0
    gear: str | None = "P"
    child_lock: bool | None = False


@dataclass
class MemoryState:
    """What decide() reads of the car, set directly: speed, gear, staleness, confirmed values."""

    reading: Reading = field(default_factory=Reading)
    stale: bool = False
    controls: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    def is_stale(self) -> bool:
        return self.stale

    def vehicle(self) -> Reading:
        return self.reading

    def control(self, capability: str, member: str) -> dict[str, Any] | None:
        value = self.controls.get((capability, member))
        return dict(value) if value is not None else None

    def snapshot(self) -> dict[str, Any]:
        controls: dict[str, dict[str, Any]] = {}
        for (cap, member), params in self.controls.items():
            controls.setdefault(cap, {})[member] = dict(params)
        return {"controls": controls}

    def frozen(self) -> tuple[Reading, bool, dict[str, dict[str, Any]]]:
        return self.reading, self.stale, self.snapshot()["controls"]

    def confirm(self, capability: str, member: str, **params: Any) -> MemoryState:
        self.controls[(capability, member)] = params
        return self


def cabin(**kw: Any) -> MemoryState:
    """A car in P at 0 km/h with every window, sunroof and shade closed, 22 °C, fan 3, seats off."""
    state = MemoryState(Reading(**kw))
    for m in ("driver", "passenger", "rear_left", "rear_right"):
        state.confirm("window.set_position", m, open_percent=0)
        state.confirm("climate.set_temperature", m, celsius=22.0)
        state.confirm("seat.set_heating", m, level=0)
        state.confirm("seat.set_ventilation", m, level=0)
    state.confirm("sunroof.set_position", "cabin", open_percent=0)
    state.confirm("sunshade.set_position", "cabin", open_percent=0)
    state.confirm("climate.set_fan_speed", "cabin", level=3)
    state.confirm("tailgate.set", "cabin", open=False)
    return state


def act(capability: str, target: str | None, **parameters: Any) -> dict[str, Any]:
    return {"capability": capability, "target": target, "parameters": parameters}


def parse(
    actions: tuple[Action, ...] = (),
    mentions: tuple[Mention, ...] = (),
    needs: tuple[str, ...] = (),
    negated: tuple[Mention, ...] = (),
    language: str = "en",
) -> ParseResult:
    return ParseResult(
        language,
        actions=tuple(actions),
        needs=tuple(needs),
        mentions=tuple(mentions),
        negated=tuple(negated),
        complete=bool(actions) and not needs,
    )


def said(capability: str, target: str | None = None, direction: str | None = None, how: str = "command") -> Mention:
    return Mention(capability, target, how, direction)


def run(
    catalog: Any,
    parsed: Any = None,
    *,
    model: list[dict] | None = None,
    direct: list[tuple[dict, str]] | None = None,
    seat: str | None = None,
    state: MemoryState | None = None,
    consumed: frozenset = frozenset(),
    **request: Any,
) -> Decision:
    req = DecisionRequest(model_actions=tuple(model or ()), direct=tuple(direct or ()), **request)
    return decide(catalog, parsed, seat, state if state is not None else cabin(), consumed, req)


def verdicts(decision: Decision) -> list[tuple[str, str | None, str, str | None]]:
    """(capability, target, verdict, reason) per action: rejected if refused whole, else its members' worst."""
    out = []
    for a in decision.actions:
        if a.refusal is not None:
            out.append((a.capability, a.target, "rejected", a.refusal.reason.value))
            continue
        worst = next((m for m in a.members if m.status == "rejected"), None)
        if worst is not None:
            out.append((a.capability, a.target, "rejected", worst.refusal.reason.value))
        elif all(m.status == "already_applied" for m in a.members):
            out.append((a.capability, a.target, "already_applied", None))
        else:
            out.append((a.capability, a.target, "pending", None))
    return out


def members(decision: Decision) -> dict[str, list[tuple[str, str, str | None]]]:
    """capability/target -> [(member, verdict, reason)]."""
    return {
        f"{a.capability}/{a.target}": [
            (m.target, str(m.status or "pending"), m.refusal.reason.value if m.refusal else None) for m in a.members
        ]
        for a in decision.actions
    }


def sent(decision: Decision) -> list[tuple[str, str, dict]]:
    return [(m.command.capability, m.command.member, dict(m.command.parameters)) for _, m in decision.pending()]
