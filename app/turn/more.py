"""FOLLOW-UP "more" (DESIGN section 3a): the last turn's change once more.

"more / a bit more / again / 再…一点 / 还要" repeats the last acting turn's
change on the same members, as a VAGUE relative change in its direction: the
``adjust_*`` twin of the control with ``vague: true`` and the parser's vague
step (section 4: 1 degree, 1 level, 20 percent). So the range end is the
vague rule's, not ours: the executor moves to the end and refuses a member
already there ``out_of_range``. Direction comes from what the turn did:
an adjust's own sign, or a set against the value confirmed just before that
turn (kept with the turn, shown in the audit as ``confirmed_before``).

A follow-up that SAYS its way goes that way, never the last turn's: "close it
a bit more", "turn it down a bit more", 再关一点, 再开大一点 are a vague
change in the said direction on every member the last turn moved; "a bit
less", 少一点 are the last turn's change the other way. A way that does not
fit the control (English "up"/"down" on an opening, where "window up" closes
it; "open"/"close" on a temperature) moves nothing there and the reply says
so: we never guess the way a window goes. A switch, a trigger or a mode has
no "more"; the reply says so instead of guessing. Every action goes to the
executor as ``source: "parser"``, with the speaker's seat, so the seat checks
decide per member.
"""

from __future__ import annotations

from typing import Any

from vehicle.adjust import VAGUE_STEP, Twin, twin_of
from vehicle.amounts import kind_of
from vehicle.catalog import Catalog
from vehicle.names import control_name
from vehicle.parser.clauses.followup import CLOSE, DECREASE, DOWN, INCREASE, LESS, OPEN, UP
from vehicle.safety import ActionStatus

from .wording import NO_MORE, WHICH_WAY, listed, say, sentences

#: A follow-up whose way could not be read from its words: nothing moves.
UNKNOWN_WAY = "unknown"

#: A said way -> its sign on an opening (window, sunroof, sunshade) and on any
#: other value; None: the way does not fit that kind of control.
_SAID: dict[str, tuple[int | None, int | None]] = {
    OPEN: (1, None),
    CLOSE: (-1, None),
    INCREASE: (1, 1),
    DECREASE: (-1, -1),
    UP: (None, 1),
    DOWN: (None, -1),
}


def _twins(catalog: Catalog) -> dict[str, Twin]:
    """Each physical control with a relative change -> that change's twin."""
    return {
        t.control: t for c in catalog.capabilities if (t := twin_of(catalog, c)) is not None and t.delta in VAGUE_STEP
    }


def _sign(action: dict[str, Any], twin: Twin, member: str, before: dict[str, Any]) -> int:
    """+1 / -1 for the way the last turn moved ``member``; 0 when it did not."""
    params = action.get("parameters") or {}
    if action["capability"] == twin.adjust:
        delta = params.get(twin.delta)
    else:
        was = ((before.get(twin.control) or {}).get(member) or {}).get(twin.value)
        now = params.get(twin.value)
        delta = None if was is None or now is None else now - was
    if not isinstance(delta, (int, float)) or isinstance(delta, bool) or delta == 0:
        return 0
    return 1 if delta > 0 else -1


def _applied(action: dict[str, Any]) -> list[str]:
    return [
        m["target"] for m in action.get("members", []) if m.get("status") == ActionStatus.APPLIED and m.get("target")
    ]


def said_sign(twin: Twin, direction: str) -> int | None:
    """The sign a said way has on ``twin``'s control; None when it does not fit it."""
    opening, value = _SAID[direction]
    return opening if kind_of(twin.value) == "position" else value


def more_plan(
    catalog: Catalog,
    last: dict[str, Any],
    language: str,
    direction: str | None = None,
    switched_on: frozenset[str] = frozenset(),
) -> tuple[list[dict[str, Any]], str]:
    """The vague actions that follow ``last``'s change, and what did not (sentences, or "").

    ``direction`` is the way the follow-up said (``vehicle.parser.clauses.followup``):
    None repeats the last turn's own way, ``less`` goes the other way,
    :data:`UNKNOWN_WAY` moves nothing (and says so), any other goes the said
    way on every member the last turn moved. ``switched_on``: the controls the
    last turn switched on ("turn on the seat heating" sets its on level, 2,
    which from 3 is down): more of them is up, whatever the level was before.
    """
    twins = _twins(catalog)
    plan: list[dict[str, Any]] = []
    fixed: list[str] = []
    unclear: list[str] = []
    for action in last["reply"].get("actions", []):
        capability, members = action.get("capability"), _applied(action)
        if not members or capability not in catalog.capabilities:
            continue
        twin = twins.get(catalog.control(capability))
        name = control_name(catalog, capability, action.get("target"))[language == "zh"]
        if twin is None:
            fixed.append(name)
            continue
        by_sign: dict[int, list[str]] = {}
        if direction == UNKNOWN_WAY:
            unclear.append(name)
            continue
        if direction in _SAID:
            sign = said_sign(twin, direction)
            if sign is None:
                unclear.append(name)
                continue
            by_sign[sign] = list(members)
        else:
            flip = -1 if direction == LESS else 1
            for member in members:
                way = 1 if twin.control in switched_on else _sign(action, twin, member, last.get("before") or {})
                by_sign.setdefault(flip * way, []).append(member)
            by_sign.pop(0, None)
        for sign, moved in by_sign.items():
            whole = action.get("target") and _members(catalog, capability, action["target"]) == moved
            targets = [action["target"]] if whole else moved
            plan += [
                {
                    "capability": twin.adjust,
                    "target": t,
                    "vague": True,
                    "parameters": {twin.delta: sign * VAGUE_STEP[twin.delta]},
                }
                for t in targets
            ]
    notes = [
        say(NO_MORE, language, what=listed(dict.fromkeys(fixed), language)) if fixed else "",
        say(WHICH_WAY, language, what=listed(dict.fromkeys(unclear), language)) if unclear else "",
    ]
    return plan, sentences(notes, language)


def _members(catalog: Catalog, capability: str, target: str) -> list[str]:
    """A target's members (a group once more stays one action, worded as the group)."""
    try:
        return list(catalog.members(capability, target))
    except KeyError:
        return []
