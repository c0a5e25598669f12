"""Which pending timers a negation or a take-back withdraws (DESIGN section 5a, section 4).

"open the sunroof in 10 minutes", then "don't open the sunroof" / "别开天窗":
the person now forbids what the timer would do, so the timer must not run.
Pure rules here; the turn's stage is :func:`app.jobs.turn.withdraw_stage`.

- A **negation** (a mention the parser read as ``said: "negated"``) forbids
  a control (``catalog.control``: set and adjust are one), on the members
  it names (none named: every member), and, when it carries a direction,
  only that way: "don't close the sunroof" leaves a timer that opens it.
  A timer's way is read from what it will set (open 100 % opens, a level
  above 0 turns on, a value above the one confirmed now raises); where it
  cannot be told (no confirmed value yet), it is taken to go either way,
  so the timer is cancelled rather than left to move something the person
  just forbade. A saved mode's timer is forbidden by a negation of that
  mode, or of a control one of its steps changes that way.
- A **bare take-back** ("never mind", "cancel that", "scratch that", 算了,
  取消, a lone "no"): a text the parser reads as nothing but retractions
  (and politeness). Its clauses are read with the parser's own clause
  reader; the parser's result has no field for it (it is simply empty).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.parser.clauses.cut import pieces
from vehicle.parser.clauses.markers import clause
from vehicle.parser.text.normalize import normalize

from .model import Job

#: Every direction a mention may carry (``vehicle.actions.Direction``): a way that cannot be told.
EVERY_WAY = frozenset({"increase", "decrease", "set", "on", "off", "open", "close", "activate"})
#: A switch's ways: (when true, when false). A mirror that folds closes (the parser's word for "fold").
SWITCH_WAYS = {"on": ("on", "off"), "open": ("open", "close"), "folded": ("close", "open")}


def negations(parse: Any, catalog: Catalog | None = None) -> list[Any]:
    """The mentions the text forbids (not those it only holds: a condition, a time, a take-back), nor a
    member left out of what the same text does to its control now ("open all windows except the
    driver's" says nothing of the driver's window timer)."""
    acted = (
        {catalog.control(a.capability) for a in getattr(parse, "actions", ()) if a.capability in catalog.capabilities}
        if catalog is not None
        else set()
    )
    seen: dict[tuple[Any, ...], Any] = {}
    for m in (*(getattr(parse, "negated", ()) or ()), *(getattr(parse, "mentions", ()) or ())):
        if getattr(m, "said", None) != "negated":
            continue
        if catalog is not None and m.capability in catalog.capabilities and catalog.control(m.capability) in acted:
            continue
        seen.setdefault((m.capability, m.target, m.direction), m)
    return list(seen.values())


def forbidden(catalog: Catalog, job: Job, forbids: Iterable[Any], shown: dict[str, Any]) -> bool:
    """Does one of the negations forbid something this job will do?"""
    return any(_forbids(catalog, m, a, shown) for m in forbids for a in job.actions if isinstance(a, dict))


def _forbids(catalog: Catalog, mention: Any, action: dict[str, Any], shown: dict[str, Any]) -> bool:
    cap = catalog.capabilities.get(mention.capability)
    if cap is None:
        return False
    if cap.target_type == MODE_TYPE:  # "don't start nap mode": that mode's timers (none named: any mode's)
        return action.get("capability") == mention.capability and mention.target in (None, action.get("target"))
    touched = set(catalog.physical_controls(mention.capability, mention.target))
    for step in _changes(catalog, action):
        if touched & set(catalog.physical_controls(step["capability"], step.get("target"))):
            if mention.direction is None or mention.direction in ways(catalog, step, shown):
                return True
    return False


def _changes(catalog: Catalog, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The action itself, or a saved mode's steps (each on its own control)."""
    capability, target = action.get("capability"), action.get("target")
    if not isinstance(capability, str) or capability not in catalog.capabilities:
        return []
    if catalog.capabilities[capability].target_type == MODE_TYPE:
        mode = catalog.modes.get(target) if isinstance(target, str) else None
        return [step.model_dump() for step in mode.steps] if mode is not None else []
    return [action]


def ways(catalog: Catalog, action: dict[str, Any], shown: dict[str, Any]) -> frozenset[str]:
    """The directions an action goes (as the parser would name them), from what it sets;
    every direction where that cannot be told."""
    cap = catalog.capabilities.get(action.get("capability", ""))
    if cap is None:
        return EVERY_WAY
    if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
        return frozenset({"activate", "on"})
    params = action.get("parameters")
    if not isinstance(params, dict) or not params:
        return EVERY_WAY
    out: set[str] = set()
    for name, value in params.items():
        if isinstance(value, bool):
            if name not in SWITCH_WAYS:
                return EVERY_WAY
            out.add(SWITCH_WAYS[name][0 if value else 1])
        elif isinstance(value, (int, float)) and name.startswith("delta_"):
            up = value > 0
            out.add("increase" if up else "decrease")
            if name == "delta_percent":
                out.add("open" if up else "close")
        elif isinstance(value, (int, float)):
            out |= _to_value(catalog, action, name, value, shown)
        else:  # a colour: a value said
            out.add("set")
    return frozenset(out)


def _to_value(catalog: Catalog, action: dict[str, Any], name: str, value: float, shown: dict[str, Any]) -> set[str]:
    """The ways of setting ``name`` to ``value``: "set", and up or down from the value confirmed now."""
    position = name == "open_percent"
    out = {"set"}
    if position and value >= 100:
        return out | {"open", "increase"}
    if value <= 0:
        return out | ({"close", "decrease"} if position else {"off", "decrease"})
    if name in ("level", "brightness"):
        out.add("on")
    control = catalog.control(action["capability"])
    try:
        members = catalog.members(action["capability"], action.get("target"))
    except KeyError:
        members = ()
    now = [((shown.get(control) or {}).get(m) or {}).get(name) for m in members]
    known = [v for v in now if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not now or len(known) < len(now):  # not confirmed yet: it may go either way
        return out | ({"increase", "decrease", "open", "close"} if position else {"increase", "decrease"})
    if any(value > v for v in known):
        out |= {"increase", "open"} if position else {"increase"}
    if any(value < v for v in known):
        out |= {"decrease", "close"} if position else {"decrease"}
    return out


def bare_retraction(parse: Any, text: str) -> bool:
    """Is the text a take-back and nothing else ("never mind", "cancel that", 算了, 取消)?"""
    if any(
        getattr(parse, name, None)
        for name in (
            "actions",
            "needs",
            "mentions",
            "negated",
            "queries",
            "follow_up",
            "unplaced",
            "schedule",
            "clarify",
        )
    ):
        return False
    norm = normalize(text)
    clauses = [clause(p.text, norm.language) for p in pieces(norm.text, norm.language)]
    said = [c.retraction and not c.body for c in clauses]
    return any(said) and all(s or c.empty for s, c in zip(said, clauses, strict=True))


__all__ = ["bare_retraction", "forbidden", "negations", "ways"]
