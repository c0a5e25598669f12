"""Step 6: binding a model's proposal to what the person said.

A model action (C, T) is bound only when
  (i)  a mention of C (or of its set/adjust twin: the same words name both)
       was said as a ``command``, T is the mentioned target or one of its
       members (where the mention has no target: the speaker's member, or
       C's default when the seat is unknown), and the action goes the
       mention's ``direction``: an ``open`` binds no close, a stated value
       (``set``) binds only the value the parser read, ``increase`` and
       ``decrease`` are checked against the confirmed value of every
       member, ``on``/``off`` against the parameter, ``activate`` only a
       mode or a learned button; no direction binds nothing; or
  (ii) the utterance states a need N, C is in N's catalog set, T is among
       N's targets and is the speaker's member or zone or a cabin-wide
       target (every member of its kind; a control with no seats, such as
       the climate power or the defrost, is not bound by seat); with an unknown
       seat, any of N's targets; and the parameters meet N's direction:
       "I'm cold" from the driver never heats the passenger's seat (a member
       the seat may not operate at all is left to the seat gate).
A question, statement or wish binds nothing. A model action on a negated or
held control is ``negated_by_user`` whatever else binds it; one on a control
the text does not refer to at all (no mention of any kind, no need whose set
holds it) is ``needs_confirmation``: decide() runs it through the seat and
hardware gates and then holds it for the person's answer (DESIGN section 4a);
anything else is ``not_bound_to_request``; a negation with
no target covers every member of that control (fail closed). "The same
control" and "members of a target" come from
:meth:`vehicle.catalog.Catalog.physical_controls`, as in the merge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from vehicle import seats
from vehicle.actions import Action, Mention
from vehicle.catalog import Catalog
from vehicle.catalog.models import Direction
from vehicle.refusals import Reason

from .seat_gate import speaker_member

if TYPE_CHECKING:
    from vehicle.parser import ParseResult

#: Mentions that forbid or hold a control.
FORBIDDING = ("negated", "held")


def forbidden(parse: ParseResult | None) -> list[Mention]:
    """Negated and held mentions, wherever the parse lists them."""
    if parse is None:
        return []
    out = list(getattr(parse, "negated", ()) or ())
    out += [m for m in getattr(parse, "mentions", ()) or () if getattr(m, "said", "command") in FORBIDDING]
    return out


def negated_keys(catalog: Catalog, parse: ParseResult | None) -> set[tuple[str, str]]:
    """Every (control, member) the person forbade or held."""
    return {key for m in forbidden(parse) for key in catalog.physical_controls(m.capability, m.target)}


def is_negated(catalog: Catalog, parse: ParseResult | None, action: Action) -> bool:
    return bool(negated_keys(catalog, parse) & set(catalog.physical_controls(action.capability, action.target)))


def bind(catalog: Catalog, parse: ParseResult | None, action: Action, state: Any, seat: str | None) -> Reason | None:
    """None when the model action is bound to the utterance, else the reason."""
    if is_negated(catalog, parse, action):
        return Reason.NEGATED_BY_USER
    if parse is None:
        return Reason.NOT_BOUND_TO_REQUEST
    if _commanded(catalog, parse, action, state, seat) or _need_allows(catalog, parse, action, state, seat):
        return None
    if not mentioned(catalog, parse, action.capability):
        return Reason.NEEDS_CONFIRMATION  # never said at all: the person is asked (DESIGN section 4a)
    return Reason.NOT_BOUND_TO_REQUEST


def _said_capabilities(catalog: Catalog, parse: ParseResult) -> set[str]:
    """Every capability the text refers to in any way: a mention of any kind, a forbidden
    or held one, a state question, a resolved, timed or asked-about action, a stated need's set."""
    caps = {m.capability for m in getattr(parse, "mentions", ()) or ()}
    caps |= {m.capability for m in getattr(parse, "negated", ()) or ()}
    caps |= {q.capability for q in getattr(parse, "queries", ()) or ()}
    caps |= {a.capability for a in getattr(parse, "actions", ()) or ()}
    for entry in getattr(parse, "schedule", ()) or ():
        caps |= {str(a.get("capability")) for a in entry.get("actions", ()) if isinstance(a, dict)}
    clarify = getattr(parse, "clarify", None)
    if isinstance(clarify, dict):
        caps |= {str(o.get("capability")) for o in clarify.get("options", ()) if isinstance(o, dict)}
        if isinstance(clarify.get("capability"), str):
            caps.add(clarify["capability"])
    for need_id in getattr(parse, "needs", ()) or ():
        need = catalog.needs.get(need_id)
        if need is not None:
            caps |= {rule.capability for rule in need.allowed}
    return {c for c in caps if isinstance(c, str)}


def mentioned(catalog: Catalog, parse: ParseResult, capability: str) -> bool:
    """Did the text refer to this capability's physical control at all (any member, any way)?

    Only a control the text never touches can be asked about; one it named in
    any way (another member, another direction, a question, a negation, a hold)
    stays refused: a confirmation never overrides what was said.
    """
    if capability not in catalog.capabilities:
        return True  # fail closed: nothing unknown is asked about
    control = catalog.control(capability)
    return any(c in catalog.capabilities and catalog.control(c) == control for c in _said_capabilities(catalog, parse))


# -- (i) a commanded mention ---------------------------------------------------
def _commanded(catalog: Catalog, parse: ParseResult, action: Action, state: Any, seat: str | None) -> bool:
    control = catalog.control(action.capability)
    mine = (
        set(catalog.members(action.capability, action.target)) if action.capability in catalog.capabilities else set()
    )
    for m in parse.mentions:
        if m.said != "command" or m.capability not in catalog.capabilities or catalog.control(m.capability) != control:
            continue
        target = m.target if m.target is not None else speaker_member(catalog, seat, m.capability)
        try:
            named = set(catalog.members(m.capability, target))
        except KeyError:
            continue
        if mine and mine <= named and goes(catalog, parse, m.direction, action, state):
            return True
    return False


def _current(state: Any, capability: str, member: str, parameter: str) -> float | None:
    value = (state.control(capability, member) or {}).get(parameter)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _numeric(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def goes(catalog: Catalog, parse: ParseResult, direction: str | None, action: Action, state: Any) -> bool:
    """Does `action` go the way the person said (one mention's direction)?"""
    cap, params = action.capability, action.parameters
    if direction is None:
        return False  # no direction said: nothing that actuates binds
    if cap in ("mode.activate", "peripheral.trigger"):
        return direction == "activate"
    if direction == "activate":
        return False
    if direction == "set":
        return _parser_value(catalog, parse, action)
    control = catalog.control(cap)
    members = catalog.members(cap, action.target)
    if "folded" in params:  # mirrors: fold closes them, unfold opens them
        return params["folded"] is (direction in ("close", "on"))
    if "open" in params:  # tailgate
        return direction in ("open", "close") and params["open"] is (direction == "open")
    if "on" in params:  # a switch: "打开/open the AC" turns it on
        return direction in ("on", "off", "open", "close") and params["on"] is (direction in ("on", "open"))
    deltas = [v for n, v in params.items() if n.startswith("delta_") and _numeric(v)]
    if deltas:
        rises = deltas[0] > 0
        return (direction in ("increase", "open", "on") and rises) or (direction in ("decrease", "close") and not rises)
    name = next((n for n in ("open_percent", "level", "celsius", "brightness") if n in params), None)
    if name is None:  # ambient colour only: a colour turns the light on
        return direction == "on" and "color" in params
    value = params[name]
    if not _numeric(value):
        return False
    currents = [_current(state, control, m, name) for m in members]
    if direction == "on":
        return value > 0
    if direction == "off":
        return value == 0
    if direction in ("open", "close"):
        if name != "open_percent":
            return False
        if direction == "open":
            return value > 0 and all(c is None or value >= c for c in currents)
        return value < 100 and all(c is None or value <= c for c in currents)
    if direction == "increase":
        return all(c is not None and value > c for c in currents)
    if direction == "decrease":
        return all(c is not None and value < c for c in currents)
    return False


def _parser_value(catalog: Catalog, parse: ParseResult, action: Action) -> bool:
    """A stated value binds only that value: the parser's reading of it."""
    mine = set(catalog.physical_controls(action.capability, action.target))
    for a in getattr(parse, "actions", ()):
        if a.capability == action.capability and mine & set(catalog.physical_controls(a.capability, a.target)):
            if dict(a.parameters) == dict(action.parameters):
                return True
    return False


# -- (ii) a stated comfort need -------------------------------------------------
def _direction_ok(direction: Direction, action: Action, state: Any, catalog: Catalog) -> bool:
    value = action.parameters.get(direction.parameter)
    if value is None:
        return False
    if direction.equals is not None:
        return value == direction.equals
    if direction.sign is not None:
        return _numeric(value) and (value > 0 if direction.sign == "positive" else value < 0)
    if not _numeric(value):
        return False
    # increase / decrease: against the confirmed value of every member.
    for member in catalog.members(action.capability, action.target):
        current = _current(state, catalog.control(action.capability), member, direction.parameter)
        if current is None:
            return False  # unknown current value: cannot prove the direction
        if direction.increase and value < current:
            return False
        if direction.decrease and value > current:
            return False
    return True


def _speakers(catalog: Catalog, action: Action, seat: str | None) -> bool:
    """Is the action's target the speaker's own member or zone, or cabin-wide (need binding, (ii))?

    With an unknown seat the need's catalog targets decide alone. A member
    the seat may not operate at all does not unbind the action: the seat gate
    refuses it ``seat_not_permitted`` (seat rights come first), so "I'm cold"
    from rear_left with the model heating the driver's seat hears that the
    seat may not, and the driver's own "I'm cold" with the passenger's seat
    hears ``not_bound_to_request``.
    """
    if seat is None or seats.speaker_member(catalog, seat, action.capability) is None:
        return True  # unknown seat, or a control with no seats (cabin, defrost glass)
    try:
        named = set(catalog.members(action.capability, action.target))
    except KeyError:
        return False
    if named == set(catalog.target_type(action.capability).members):
        return True  # cabin-wide: every member of its kind (all zones, all windows)
    own = speaker_member(catalog, seat, action.capability)
    try:
        mine = set(catalog.members(action.capability, own)) if own is not None else set()
    except KeyError:
        mine = set()
    # members the seat may not operate are the seat gate's (seat_not_permitted, seat rights
    # first); of the rest, every one must be the speaker's own
    return {m for m in named if seats.permits(catalog, seat, action.capability, m)} <= mine


def _need_allows(catalog: Catalog, parse: ParseResult, action: Action, state: Any, seat: str | None = None) -> bool:
    for need_id in parse.needs:
        need = catalog.needs.get(need_id)
        if need is None:
            continue
        for rule in need.allowed:
            if (
                rule.capability == action.capability
                and action.target in rule.targets
                and _speakers(catalog, action, seat)
            ):
                if _direction_ok(rule.direction, action, state, catalog):
                    return True
    return False


__all__ = ["bind", "forbidden", "goes", "is_negated", "mentioned", "negated_keys"]
