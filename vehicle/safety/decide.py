"""DESIGN section 5, steps 5-9, as one pure function.

``decide(catalog, parse, seat, state, consumed, request) -> Decision``: no
I/O, no locks, no clock of its own; it reads the vehicle only through the
`state` it is given (speed, gear, staleness, child lock, confirmed values)
and the ledger only through `consumed`. The executor records, re-gates,
encodes, sends and words around it.

Steps, each its own module: validate (5) -> bind model actions (6) ->
expand groups, modes and relative changes, and merge by physical control,
the parser winning (7) -> seat and hardware gates (8) -> a model action on
a control never mentioned is held for the person's answer
(``needs_confirmation``, DESIGN section 4a) -> once per key and the
16-command budget (9).
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Any

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.gates import GateContext
from vehicle.plan import control_name
from vehicle.refusals import Reason, Refusal

from .binding import bind, negated_keys
from .budget import budget, once_per_key
from .decision import ActionDecision, Decision, DecisionRequest, Key, known_seat
from .expand import expand, refused
from .gate import UNRESTRICTED, gate
from .merge import merge
from .seat_gate import child_lock, seat_refusal
from .validate import raw_fields, resolve_target, validate

if TYPE_CHECKING:
    from vehicle.parser import ParseResult


def decide(
    catalog: Catalog,
    parse: ParseResult | None,
    seat: str | None,
    state: Any,
    consumed: Set[Key],
    request: DecisionRequest,
) -> Decision:
    seat = known_seat(seat)
    forbidden = negated_keys(catalog, parse)
    first: list[ActionDecision] = []
    if parse is not None and request.include_parser:
        for action in parse.actions:
            decided = _skip_decided(
                _one(catalog, parse, seat, state, action, "parser", forbidden), request.skip_parser_keys
            )
            if decided is not None:
                first.append(decided)
    for raw, source in request.direct:
        first.append(_one(catalog, parse, seat, state, raw, source, forbidden, answered=request.confirmed))
    model = [_one(catalog, parse, seat, state, raw, "model", forbidden) for raw in request.model_actions]
    actions = merge(catalog, first, model)
    actions = gate(GateContext(catalog, state, request.execution_mode, request.armed), seat, actions)
    hold_for_answer(catalog, actions)
    once_per_key(actions, consumed)
    budget(actions, consumed)
    return Decision(tuple(actions))


def _one(
    catalog: Catalog,
    parse: ParseResult | None,
    seat: str | None,
    state: Any,
    raw: Any,
    source: str,
    forbidden: set[Key],
    answered: bool = False,
) -> ActionDecision:
    """Steps 5-7 (without the merge) for one action of one source.

    ``answered``: a direct action the person chose by answering a question;
    a ``model`` one is then bound by that answer (only a negation in the
    answer's own words still refuses it).
    """
    capability, target, parameters, vague = raw_fields(raw)
    checked = validate(catalog, capability, target, parameters, vague, seat, source)
    if isinstance(checked, Refusal):
        checked = _seat_first(catalog, seat, state, capability, target, source, checked)
        return refused(capability, target, parameters, source, checked, vague)
    what = control_name(catalog, checked.capability, checked.target)
    awaits = False
    if source == "model" and answered:
        if _touches(catalog, checked, forbidden):
            return _refused_as(checked, source, Reason.NEGATED_BY_USER, what)
    elif source == "model":
        reason = bind(catalog, parse, checked, state, seat)
        awaits = reason == Reason.NEEDS_CONFIRMATION
        if reason is not None and not awaits:
            return _refused_as(checked, source, reason, what)
    elif source != "console" and checked.capability == "mode.activate" and _touches(catalog, checked, forbidden):
        # all-or-nothing: a mode with a step on a forbidden control is refused whole
        return _refused_as(checked, source, Reason.NEGATED_BY_USER, what)
    decided = expand(catalog, state, checked, source)
    decided.awaits_answer = awaits
    if source in ("parser", "catalog") and not decided.is_mode:
        # a comfort-plan step (or a parser member) on a forbidden control is dropped and says so
        for m in decided.members:
            if m.key in forbidden and m.undecided:
                m.refuse(Refusal(Reason.NEGATED_BY_USER, control_name(catalog, checked.capability, m.target)))
    return decided


#: Refusals of a value that the seat's own refusal comes before (seat rights first).
_VALUE_REFUSALS = (Reason.OUT_OF_RANGE, Reason.INVALID_PARAMETER)


def _seat_first(
    catalog: Catalog, seat: str | None, state: Any, capability: Any, target: Any, source: str, refusal: Refusal
) -> Refusal:
    """A value refused on a control the speaker's seat may not operate at all is refused for the seat.

    "Set the fan to 9" from a rear seat hears that the seat may not operate
    the fan, not the fan's range. Only where no member is the seat's: a
    group with one member of its own keeps the value's refusal.
    """
    if (
        source in UNRESTRICTED
        or refusal.reason not in _VALUE_REFUSALS
        or not isinstance(capability, str)
        or capability not in catalog.capabilities
    ):
        return refusal
    resolved = resolve_target(catalog, capability, target, seat, source)
    if not isinstance(resolved, str) or resolved not in catalog.valid_targets(capability):
        return refusal
    lock = child_lock(state)
    try:
        members = catalog.members(capability, resolved)
    except KeyError:
        return refusal
    if not members or any(seat_refusal(catalog, seat, capability, m, lock) is None for m in members):
        return refusal
    return seat_refusal(catalog, seat, capability, resolved, lock) or refusal


def hold_for_answer(catalog: Catalog, actions: list[ActionDecision]) -> None:
    """A model action the person never mentioned, once validation, binding's other
    rules, seat rights and every gate passed: its members still pending are held
    ``needs_confirmation`` (nothing is sent; the turn asks, DESIGN section 4a).
    Members a gate refused keep that refusal: nothing is asked that would be refused."""
    for action in actions:
        if not action.awaits_answer:
            continue
        pending = action.pending_members()
        if not pending:
            continue
        refusal = Refusal(Reason.NEEDS_CONFIRMATION, control_name(catalog, action.capability, action.target))
        if len(pending) == len(action.members):
            action.refuse(refusal)
            continue
        for m in pending:
            m.refuse(Refusal(Reason.NEEDS_CONFIRMATION, control_name(catalog, action.capability, m.target)))


def _refused_as(checked: Action, source: str, reason: Reason, what: Any) -> ActionDecision:
    """A validated action refused whole for `reason`."""
    return refused(checked.capability, checked.target, checked.parameters, source, Refusal(reason, what), checked.vague)


def _touches(catalog: Catalog, action: Action, forbidden: set[Key]) -> bool:
    return bool(forbidden & set(catalog.physical_controls(action.capability, action.target)))


def _skip_decided(action: ActionDecision, skip: Set[Key]) -> ActionDecision | None:
    """Turn end: a parser action is never decided twice (sent or refused)."""
    if not skip:
        return action
    if not action.members:  # refused before it had members: same verdict, not reported twice
        return None if action.identity() in skip else action
    if action.is_mode:  # all-or-nothing: a mode any of whose steps was decided is not retried
        return None if any(m.key in skip for m in action.members) else action
    action.members = [m for m in action.members if m.key not in skip]
    return action if action.members else None


__all__ = ["decide"]
