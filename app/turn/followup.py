"""FOLLOW-UP: "me too" and "undo" against the session's last acting turn (DESIGN section 3a).

The parser reports ``follow_up``; this stage finds the session's last turn
with applied actions within :data:`WINDOW_S`, turns it into plain actions
(``source: "parser"``) and sends them through the executor and every gate,
with the speaker's seat. It never guesses: nothing to follow is said so.

- ``me_too``: the last turn's actions on the previous speaker's own member,
  for the current speaker's member, same values.
- ``undo``: each member the last turn changed goes back to the value
  confirmed just before that turn (kept with that turn, shown in the audit),
  if nothing changed it since: the member must still show what the turn set
  (for a relative change, the value it resolved to from the confirmed-before
  value), else another session, seat or a console tap changed it and it is
  left and named. After a mode, each step's member goes back
  the same way (last step first), one ordinary set action per member, so an
  opening move meets its interlocks; members changed since are left and named.
- ``me_too`` after a mode: a mode acts on the whole car, not per seat, so
  the reply says so and nothing is sent.
- ``more``: the last turn's change once more on the same members, as a
  vague relative change in its direction, or in the direction the follow-up
  said ("close it a bit more", "a bit less", 再开大一点; see :mod:`.more`).

A follow-up never reaches past a turn that moved nothing: when a finished
turn after the acting one moved nothing (a refusal, a negation, a take-back,
a held or hedged command, chit-chat), there is nothing to follow, even if an
older turn within the window acted (DESIGN section 3a). Only a state question
("is the window open?") is passed over, and so are follow-ups that moved
nothing (a rear seat's refused "undo" was about the same turn the driver's
"undo" then follows).
"""

from __future__ import annotations

from typing import Any

from vehicle.actions import Command
from vehicle.adjust import resolve, twin_of
from vehicle.names import control_name
from vehicle.parser.clauses.followup import follow_up, follow_up_direction
from vehicle.parser.text.normalize import normalize
from vehicle.safety import ActionStatus
from vehicle.seats import speaker_member

from .events import HandledBy
from .more import UNKNOWN_WAY, more_plan
from .stages import Handled, TurnContext
from .wording import CHANGED, LAST_MOVED_NOTHING, NOTHING, join, listed, say, sentences

WINDOW_S = 60.0
#: How many of the session's newest turns are read to find the one followed;
#: an acting turn further back than this (within the window) is not followed.
RECENT_TURNS = 50
RESOLVED = ("me_too", "more", "undo")
#: Keys of the message table's ``turns`` section used only here.
UNDO_MODE, UNDO_LEFT, ME_TOO_MODE = "undo_mode", "undo_left", "me_too_mode"


def applied_members(reply: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """(action, member) for each member a Reply shows as applied (a mode's steps are not its members)."""
    return [
        (a, m["target"])
        for a in reply.get("actions", [])
        for m in a.get("members", [])
        if m.get("status") == ActionStatus.APPLIED
        and m.get("target")
        and m.get("capability", a["capability"]) == a["capability"]
    ]


def before_values(reply: dict[str, Any], controls: dict[str, Any], catalog: Any) -> dict[str, dict[str, Any]]:
    """What the members a Reply applied showed just before it (from the state at turn start)."""
    out: dict[str, dict[str, Any]] = {}
    for action in reply.get("actions", []):
        for m in action.get("members", []):
            # a mode's members are its steps, each on its own control: the turn still acted
            capability = m.get("capability") or action["capability"]
            if m.get("status") != ActionStatus.APPLIED or not m.get("target") or capability not in catalog.capabilities:
                continue
            control = catalog.control(capability)
            value = (controls.get(control) or {}).get(m["target"])
            if value is not None:
                out.setdefault(control, {})[m["target"]] = value
    return out


def _steps(action: dict[str, Any]) -> list[dict[str, Any]]:
    """A mode action's applied step members (each names its own capability); [] for any other action."""
    return [
        m
        for m in action.get("members", [])
        if m.get("status") == ActionStatus.APPLIED
        and m.get("target")
        and m.get("capability", action["capability"]) != action["capability"]
    ]


def _changes(reply: dict[str, Any]) -> list[tuple[str, str, dict[str, Any], bool]]:
    """(capability, member, parameters set, from a mode) for each member a Reply applied.

    A mode's members are its steps' members, each on its own control; they are
    listed last step first, so an undo winds the mode back in reverse (the fan
    before the climate power it needs).
    """
    out: list[tuple[str, str, dict[str, Any], bool]] = []
    for action in reply.get("actions", []):
        out += [(m["capability"], m["target"], dict(m.get("parameters") or {}), True) for m in reversed(_steps(action))]
    out[:0] = [(a["capability"], m, dict(a.get("parameters") or {}), False) for a, m in applied_members(reply)]
    return out


def _modes(catalog: Any, reply: dict[str, Any], language: str) -> list[str]:
    """The names of the modes a Reply activated (a step of one applied)."""
    return list(
        dict.fromkeys(
            control_name(catalog, a["capability"], a.get("target"))[language == "zh"]
            for a in reply.get("actions", [])
            if _steps(a)
        )
    )


class _Before:
    """The confirmed-before values of a turn, read as a state (to re-resolve a relative change)."""

    def __init__(self, before: dict[str, Any]) -> None:
        self._before = before

    def control(self, capability: str, member: str) -> dict[str, Any] | None:
        value = (self._before.get(capability) or {}).get(member)
        return dict(value) if isinstance(value, dict) else None


def _set_by(
    catalog: Any, capability: str, member: str, parameters: dict[str, Any], vague: bool, before: dict[str, Any]
) -> dict[str, Any] | None:
    """What the turn left ``member`` showing: the parameters set, or for a
    relative change the value it resolved to from the confirmed-before value
    (the rule the executor used). None when that cannot be worked out."""
    twin = twin_of(catalog, capability)
    if twin is None:
        return parameters
    delta = parameters.get(twin.delta)
    if isinstance(delta, bool) or not isinstance(delta, (int, float)):
        return None
    resolved = resolve(catalog, _Before(before), twin, member, delta, vague)
    return dict(resolved.parameters) if isinstance(resolved, Command) else None


def undo_plan(ctx: TurnContext, last: dict[str, Any]) -> tuple[list[dict[str, Any]], str, str]:
    """The actions that restore the confirmed-before values, a lead naming undone modes, a note on what is left."""
    catalog, shown = ctx.services.catalog, ctx.services.state.snapshot().get("controls", {})
    vague = {(a["capability"], m): bool(a.get("vague")) for a, m in applied_members(last["reply"])}
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
        expected = _set_by(
            catalog, capability, member, parameters, vague.get((capability, member), False), last["before"]
        )
        if expected is None or {k: v for k, v in now.items() if k in expected} != expected:
            left.append(control_name(catalog, capability, member)[ctx.language == "zh"])
            continue  # someone changed it since (or we cannot tell what the turn set): leave it
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
            plan.append(
                {"capability": action["capability"], "target": target, "parameters": dict(action.get("parameters", {}))}
            )
    return plan, note


async def last_followed(ctx: TurnContext) -> tuple[dict[str, Any] | None, str]:
    """The turn a follow-up follows, or None with the sentence that says why there is none.

    The session's last acting turn within the window, provided every turn
    after it that moved nothing is one :func:`_passed_over` (a state question,
    a follow-up) and none after it applied anything (one that applied with no
    confirmed-before value is not reached past either).
    """
    db, session = ctx.services.db, ctx.turn.session_id
    last = await db.last_acting_turn(session, WINDOW_S, ctx.turn.turn_id)
    if last is None:
        return None, say(NOTHING, ctx.language)
    followed = last["reply"].get("turn_id")
    for turn in reversed(await db.history(session, RECENT_TURNS)):
        reply = turn.get("reply")
        if turn.get("turn_id") == ctx.turn.turn_id or reply is None:
            continue
        if followed is not None and turn.get("turn_id") == followed:
            return last, ""
        if _applied_any(reply):
            return None, say(NOTHING, ctx.language)  # it acted, but nothing it did can be followed
        if _passed_over(ctx, turn):
            continue  # a state question, or a follow-up that moved nothing (about the same turn)
        return None, say(LAST_MOVED_NOTHING, ctx.language)  # a negation, take-back, held or refused turn
    return None, say(NOTHING, ctx.language)  # not among the newest turns: fail closed


def _applied_any(reply: dict[str, Any]) -> bool:
    return any(m.get("status") == ActionStatus.APPLIED for a in reply.get("actions", []) for m in a.get("members", []))


def _passed_over(ctx: TurnContext, turn: dict[str, Any]) -> bool:
    """Does a follow-up reach past this stored turn, which moved nothing (its words read again, as the
    parser read them)? Only when it was itself a follow-up (a rear seat's refused "undo" was about the
    turn the driver's "undo" then follows) or only asked how things are ("is the window open?"). A
    negation, a take-back, a held, timed or hedged command, chit-chat or a refusal is never reached past:
    "open the window a bit" / "don't open the window" / "again" opened it (DESIGN section 3a)."""
    text = turn.get("text")
    if not isinstance(text, str):
        return False
    parse = ctx.services.parser.parse(text, seat=turn.get("seat"))
    if getattr(parse, "follow_up", None) in RESOLVED:
        return True
    read = parse.to_json()
    asked_only = all(m["said"] == "question" for m in read["mentions"])
    return bool(read["queries"]) and asked_only and not (read["negated"] or read["clarify"] or read["schedule"])


def _switched_on(ctx: TurnContext, last: dict[str, Any]) -> frozenset[str]:
    """The controls the followed turn's words switched on (its words read again, as the parser read them)."""
    text, catalog = last.get("text"), ctx.services.catalog
    if not isinstance(text, str):
        return frozenset()
    mentions = ctx.services.parser.parse(text, seat=last.get("seat")).mentions
    return frozenset(
        catalog.control(m.capability) for m in mentions if m.direction == "on" and m.capability in catalog.capabilities
    )


def said_direction(ctx: TurnContext) -> str | None:
    """The way a "more" follow-up said, read from its words as the parser read them.

    When the words do not read as a "more" here (the parser read them some
    other way), the way is :data:`UNKNOWN_WAY`: nothing moves, rather than
    taking the last turn's way for words that may have said the other one.
    """
    norm = normalize(ctx.given.text)
    if follow_up(norm.text, norm.language) != "more":
        return UNKNOWN_WAY
    return follow_up_direction(norm.text, norm.language)


async def follow_up_stage(ctx: TurnContext) -> Handled | None:
    """None when the utterance is not a follow-up this stage resolves."""
    kind = getattr(ctx.parse, "follow_up", None)
    if kind not in RESOLVED:
        return None
    last, why = await last_followed(ctx)
    if last is None:
        return Handled(HandledBy.LOCAL, [], why)
    lead = ""
    if kind == "more":
        on = _switched_on(ctx, last)
        plan, note = more_plan(ctx.services.catalog, last, ctx.language, said_direction(ctx), on)
    elif kind == "undo":
        plan, lead, note = undo_plan(ctx, last)
    else:
        plan, note = _me_too(ctx, last)
    if not plan:
        return Handled(HandledBy.LOCAL, [], note or say(NOTHING, ctx.language))
    req = ctx.request(handled_by=HandledBy.LOCAL, direct=[(a, "parser") for a in plan], include_parser=False)
    actions = await ctx.services.bus_runs.actions(req)
    return Handled(HandledBy.LOCAL, actions, sentences([lead, join(actions, ctx.language), note], ctx.language))
