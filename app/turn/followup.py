"""FOLLOW-UP: "me too" and "undo" against the session's last acting turn (DESIGN section 3a).

The parser reports ``follow_up``; this stage finds the session's last turn
with applied actions within :data:`WINDOW_S`, turns it into plain actions
(``source: "parser"``) and sends them through the executor and every gate,
with the speaker's seat. It never guesses: nothing to follow is said so.

- ``me_too``: the last turn's actions on the previous speaker's own member,
  for the current speaker's member, same values.
- ``undo``: each member the last turn changed goes back to the value
  confirmed just before that turn (kept with that turn, shown in the audit),
  if nothing changed it since.
- ``more``: the last turn's change once more on the same members, as a
  vague relative change in its direction (see :mod:`.more`).
"""
from __future__ import annotations

from typing import Any

from vehicle.seats import speaker_member

from .events import HandledBy
from .more import more_plan
from .stages import Handled, TurnContext
from .wording import CHANGED, NOTHING, join, say, sentences

WINDOW_S = 60.0
RESOLVED = ("me_too", "more", "undo")


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


def _undo(ctx: TurnContext, last: dict[str, Any]) -> list[dict[str, Any]] | str:
    catalog, shown = ctx.services.catalog, ctx.services.state.snapshot().get("controls", {})
    plan, changed = [], False
    for action, member in applied_members(last["reply"]):
        control = catalog.control(action["capability"]) if action["capability"] in catalog.capabilities else None
        before = (last["before"].get(control) or {}).get(member) if control else None
        if before is None:
            continue
        now = (shown.get(control) or {}).get(member) or {}
        set_by_turn = {k: v for k, v in now.items() if k in action.get("parameters", {})}
        if action["capability"] == control and set_by_turn != action["parameters"]:
            changed = True  # someone changed it since: leave it
            continue
        plan.append({"capability": control, "target": member, "parameters": dict(before)})
    return plan if plan else say(CHANGED if changed else NOTHING, ctx.language)


def _me_too(ctx: TurnContext, last: dict[str, Any]) -> list[dict[str, Any]] | str:
    previous, current = last.get("seat"), ctx.given.seat
    if previous is None or current is None or previous == current:
        return say(NOTHING, ctx.language)
    catalog, plan = ctx.services.catalog, []
    for action, member in applied_members(last["reply"]):
        if member == previous and action["capability"] in catalog.capabilities:
            # the speaker's own member; a voice from outside has none and gets the
            # catalog default, which the seat gate then refuses (seat_not_permitted)
            target = speaker_member(catalog, current, action["capability"]) or current
            plan.append({"capability": action["capability"], "target": target,
                         "parameters": dict(action.get("parameters", {}))})
    return plan or say(NOTHING, ctx.language)


async def follow_up_stage(ctx: TurnContext) -> Handled | None:
    """None when the utterance is not a follow-up this stage resolves."""
    kind = getattr(ctx.parse, "follow_up", None)
    if kind not in RESOLVED:
        return None
    last = await ctx.services.db.last_acting_turn(ctx.turn.session_id, WINDOW_S, ctx.turn.turn_id)
    if last is None:
        return Handled(HandledBy.LOCAL, [], say(NOTHING, ctx.language))
    note = ""
    if kind == "more":
        plan, note = more_plan(ctx.services.catalog, last, ctx.language)
        plan = plan or note or say(NOTHING, ctx.language)
    else:
        plan = _undo(ctx, last) if kind == "undo" else _me_too(ctx, last)
    if isinstance(plan, str):
        return Handled(HandledBy.LOCAL, [], plan)
    req = ctx.request(handled_by=HandledBy.LOCAL, direct=[(a, "parser") for a in plan], include_parser=False)
    actions = await ctx.services.bus_runs.actions(req)
    return Handled(HandledBy.LOCAL, actions, sentences([join(actions, ctx.language), note], ctx.language))
