"""A turn the service never finished (it died mid-flight), answered after a restart.

DESIGN section 6 (rev 3): a retry of its ``client_message_id`` gets a Reply
with ``assistant_error.code = "interrupted_by_restart"`` and the actions the
audit shows as sent, instead of ``409`` forever. Its status follows what
reached the bus: ``partially_applied`` when any frame went out (the turn
never finished, so it never claims the whole request), ``rejected`` only
when nothing did. The runtime records this Reply for every open turn when it
starts, before any request is served.
"""

from __future__ import annotations

from typing import Any

from vehicle.safety import SENT, ActionStatus

from .events import HandledBy, TurnError
from .wording import RESTARTED, say


def sent_actions(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Actions of the turn's audit rows that reached the bus (as far as the audit saw)."""
    out = []
    for decision in decisions:
        for action in decision["actions"]:
            if not isinstance(action, dict):
                continue
            members = action.get("members") or []
            if not decision["outcome_recorded"]:
                # written before the send, outcome never recorded: may have left; never claim applied
                out.append(
                    {
                        **action,
                        "status": ActionStatus.UNCONFIRMED.value,
                        "reason": str(TurnError.INTERRUPTED_BY_RESTART),
                        "members": [
                            {**m, "status": ActionStatus.UNCONFIRMED.value} for m in members if isinstance(m, dict)
                        ],
                    }
                )
            elif _reached_bus(action):
                out.append({k: v for k, v in action.items() if k != "frames"})
    return out


def _reached_bus(action: dict[str, Any]) -> bool:
    members = [m for m in action.get("members") or [] if isinstance(m, dict)]
    return action.get("status") in SENT or any(m.get("status") in SENT for m in members)


def restart_status(actions: list[dict[str, Any]]) -> ActionStatus:
    """Never ``rejected`` while an action it lists went out; never ``applied`` for a turn cut short."""
    return ActionStatus.PARTIALLY_APPLIED if any(_reached_bus(a) for a in actions) else ActionStatus.REJECTED


def restart_reply(
    session_id: str, turn_id: str, client_message_id: str | None, language: str, decisions: list[dict[str, Any]]
) -> dict[str, Any]:
    message = say(RESTARTED, language)
    actions = sent_actions(decisions)
    return {
        "session_id": session_id,
        "turn_id": turn_id,
        "client_message_id": client_message_id,
        "language": language,
        "handled_by": str(HandledBy.LOCAL),
        "status": restart_status(actions).value,
        "reply_text": message,
        "actions": actions,
        "assistant_error": {"code": str(TurnError.INTERRUPTED_BY_RESTART), "message": message},
    }
