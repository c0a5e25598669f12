"""FOLLOW-UP: "me too" and "undo" against the session's last acting turn (DESIGN section 3a).

The parser reports ``follow_up``; this stage finds the session's last turn
with applied actions within :data:`WINDOW_S`, turns it into plain actions
(``source: "parser"``) and sends them through the executor and every gate,
with the speaker's seat. It never guesses: nothing to follow is said so.

- ``me_too``: the last turn's actions on the previous speaker's own member,
  for the current speaker's member, same values.
- ``undo``: each member the last turn changed goes back to the value
  confirmed just before that turn (kept with that turn, shown in the audit),
  if nothing changed it since. After a mode, each step's member goes back
  the same way (last step first), one ordinary set action per member, so an
  opening move meets its interlocks; members changed since are left and named.
- ``me_too`` after a mode: a mode acts on the whole car, not per seat, so
  the reply says so and nothing is sent.
- ``more``: the last turn's change once more on the same members, as a
  vague relative change in its direction (see :mod:`.more`).
"""
from __future__ import annotations

from typing import Any

from vehicle.names import control_name
from vehicle.seats import speaker_member

from .events import HandledBy
from .more import more_plan
from .stages import Handled, TurnContext
from .wording import CHANGED, NOTHING, join, listed, say, sentences

WINDOW_S = 60.0
RESOLVED = ("me_too", "more", "undo")
#: Keys of the message table's ``turns`` section used only here.
UNDO_MODE, UNDO_LEFT, ME_TOO_MODE = "undo_mode", "undo_left", "me_too_mode"


def applied_members(reply: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """(action, member) for each member a Reply shows as applied (a mode's steps are not its members)."""
    return [(a, m["target"]) for a in reply.get("actions", []) for m in a.get("members", [])
            if m.get("status") == "applied" and m.get("target") and m.get("capability", a["capability"]) == a["capability"]]


def before_values(reply: dict[str, Any], controls: dict[str, Any], catalog: Any) -> dict[str, dict[str, Any]]:
    """What the members a Reply applied showed just before it (from the state at turn start)."""
    out: dict[str, dict[str, Any]] = {}
    for action in reply.get("actions", []):
        for m in action.get("members", []):
            # a mode's members are its steps, each on its own control: the turn still acted
            capability = m.get("capability") or action["capability"]
            if m.get("status") != "applied" or not m.get("target") or capability not in catalog.capabilities:
                continue
            control = catalog.control(capability)
            value = (controls.get(control) or {}).get(m["target"])
            if value is not None:
                out.setdefault(control, {})[m["target"]] = value
    return out


def _steps(action: dict[str, Any]) -> list[dict[str, Any]]:
    """A mode action's applied step members (each names its own capability); [] for any other action."""
    return [m for m in action.get("members", []) if m.get("status") == "applied" and m.get("target")
            and m.get("capability", action["capability"]) != action["capability"]]


def _changes(reply: dict[str, Any]) -> list[tuple[str, str, dict[str, Any], bool]]:
    """(capability, member, parameters set, from a mode) for each member a Reply applied.

    A mode's members are its steps' members, each on its own control; they are
    listed last step first, so an undo winds the mode back in reverse (the fan
    before the climate power it needs).
    """
    out: list[tuple[str, str, dict[str, Any], bool]] = []
    for action in reply.get("actions", []):
        out += [(m["capability"], m["target"], dict(m.get("parameters") or {}), True)
                for m in reversed(_steps(action))]
    out[:0] = [(a["capability"], m, dict(a.get("parameters") or {}), False) for a, m in applied_members(reply)]
    return out


def _modes(catalog: Any, reply: dict[str, Any], language: str) -> list[str]:
    """The names of the modes a Reply activated (a step of one applied)."""
    return list(dict.fromkeys(
        control_name(catalog, a["capability"], a.get("target"))[language == "zh"]
        for a in reply.get("actions", []) if _steps(a)))


def _undo(ctx: TurnContext, last: dict[str, Any]) -> tuple[list[dict[str, Any]], str, str]:
    """The actions that restore the confirmed-before values, a lead naming undone modes, a note on what is left."""
    catalog, shown = ctx.services.catalog, ctx.services.state.snapshot().get("controls", {})
    plan: list[dict[str, Any]] = []
    left: list[str] = []
    for capability, member, parameters, in_mode in _changes(last["reply"]):
        control = catalog.control(capability) if capability in catalog.capabilities else None
        before = (last["before"].get(control) or {}).get(member) if control else None
        if before is None:
            continue  # no confirmed-before value: nothing to go back to
        if in_mode and all(before.get(k) == v for k, v in parameters.items()):
            continue  # the step found it so already: the mode changed nothing here
        now = (shown.get(control) or {}).get(member) or {}
        if capability == control and {k: v for k, v in now.items() if k in parameters} != parameters:
            left.append(control_name(catalog, capability, member)[ctx.language == "zh"])
            continue  # someone changed it since: leave it
        plan.append({"capability": control, "target": member, "parameters": dict(before)})
    if not plan:
        return [], "", say(CHANGED if left else NOTHING, ctx.language)
    modes = _modes(catalog, last["reply"], ctx.language)
    lead = say(UNDO_MODE, ctx.language, what=listed(modes, ctx.language)) if modes else ""
    note = say(UNDO_LEFT, ctx.language, what=listed(dict.fromkeys(left), ctx.language)) if left else ""
    return plan, lead, note


def _me_too(ctx: TurnContext, last: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """The speaker's own share of the last turn, and a note when that turn ran a mode (it has no seats)."""
    modes = _modes(ctx.services.catalog, last["reply"], ctx.language)
    note = say(ME_TOO_MODE, ctx.language, what=listed(modes, ctx.language)) if modes else ""
    previous, current = last.get("seat"), ctx.given.seat
    if previous is None or current is None or previous == current:
        return [], note
    catalog, plan = ctx.services.catalog, []
    for action, member in applied_members(last["reply"]):
        if member == previous and action["capability"] in catalog.capabilities:
            # the speaker's own member; a voice from outside has none and gets the
            # catalog default, which the seat gate then refuses (seat_not_permitted)
            target = speaker_member(catalog, current, action["capability"]) or current
            plan.append({"capability": action["capability"], "target": target,
                         "parameters": dict(action.get("parameters", {}))})
    return plan, note


async def follow_up_stage(ctx: TurnContext) -> Handled | None:
    """None when the utterance is not a follow-up this stage resolves."""
    kind = getattr(ctx.parse, "follow_up", None)
    if kind not in RESOLVED:
        return None
    last = await ctx.services.db.last_acting_turn(ctx.turn.session_id, WINDOW_S, ctx.turn.turn_id)
    if last is None:
        return Handled(HandledBy.LOCAL, [], say(NOTHING, ctx.language))
    lead = ""
    if kind == "more":
        plan, note = more_plan(ctx.services.catalog, last, ctx.language)
    elif kind == "undo":
        plan, lead, note = _undo(ctx, last)
    else:
        plan, note = _me_too(ctx, last)
    if not plan:
        return Handled(HandledBy.LOCAL, [], note or say(NOTHING, ctx.language))
    req = ctx.request(handled_by=HandledBy.LOCAL, direct=[(a, "parser") for a in plan], include_parser=False)
    actions = await ctx.services.bus_runs.actions(req)
    return Handled(HandledBy.LOCAL, actions, sentences([lead, join(actions, ctx.language), note], ctx.language))
