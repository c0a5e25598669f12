"""A turn the service never finished (it died mid-flight), answered after a restart.

DESIGN section 6: a retry of its ``client_message_id`` gets a Reply with
``status: "rejected"``, ``assistant_error.code = "interrupted_by_restart"``
and the actions the audit shows as sent, instead of ``409`` forever. The
runtime records this Reply for every open turn when it starts, before any
request is served.
"""
from __future__ import annotations

from typing import Any

from .events import HandledBy, ReplyStatus, TurnError
from .wording import RESTARTED, say

_SENT = ("applied", "unconfirmed")


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
                out.append({**action, "status": "unconfirmed", "reason": str(TurnError.INTERRUPTED_BY_RESTART),
                            "members": [{**m, "status": "unconfirmed"} for m in members if isinstance(m, dict)]})
            elif action.get("status") in _SENT or any(m.get("status") in _SENT for m in members):
                out.append({k: v for k, v in action.items() if k != "frames"})
    return out


def restart_reply(session_id: str, turn_id: str, client_message_id: str | None, language: str,
                  decisions: list[dict[str, Any]]) -> dict[str, Any]:
    message = say(RESTARTED, language)
    return {
        "session_id": session_id, "turn_id": turn_id, "client_message_id": client_message_id,
        "language": language, "handled_by": str(HandledBy.LOCAL), "status": str(ReplyStatus.REJECTED),
        "reply_text": message, "actions": sent_actions(decisions),
        "assistant_error": {"code": str(TurnError.INTERRUPTED_BY_RESTART), "message": message},
    }
