"""What a tool call does, independent of the SDK: check, forward, turn the answer into a result.

`run_tool` never raises for anything a model or a backend can cause: every
outcome is a `ToolOutcome`, either the structured result of a 200 answer or
an error text that names the machine code and says what the model may claim
(DESIGN section 8: "turns every backend answer or failure into a clear tool
result, never a crash"). A bug here still must not crash the server or leak
details, so anything unexpected becomes a generic `internal_error` outcome and
a one-line log entry carrying only the exception's type.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

from mcp_server import schemas
from mcp_server.backend import BackendClient
from mcp_server.errors import ToolFailure
from mcp_server.validation import check_arguments, check_execute_result, clean_result

logger = logging.getLogger("mcp_server")

_ROUTES = {schemas.GET_CAPABILITIES: "capabilities", schemas.EXECUTE: "execute"}

_HINTS = {
    "token_invalid": "The request token is not valid for this turn: use exactly the token from "
    "N7WEB_APPLICATION_CONTEXT and never invent one.",
    "token_expired": "The request token has expired: tell the user the request timed out and that they can ask again.",
    "token_revoked": "The request token was revoked because the turn was interrupted or ended.",
    "turn_closed": "This turn is already closed; nothing more can be done in it.",
    "catalog_changed": "The vehicle's capability catalog changed during this turn: the user should ask again.",
    "unauthorized": "The N7Web backend did not accept this tool's credentials. This is a service fault "
    "that no change to the request can fix.",
    "invalid_body": "The backend refused the request's structure: follow the input schema and use exact catalog ids.",
    "body_too_large": f"The request was too large: send at most {schemas.MAX_ACTIONS} actions.",
    "invalid_arguments": "Correct the arguments to the tool's input schema and call again.",
    "unknown_tool": "Only get_n7web_capabilities and execute_cockpit_request exist.",
    "backend_unavailable": "The N7Web backend is not reachable right now.",
    "backend_connection_lost": "The connection to the N7Web backend broke during the call.",
    "backend_timeout": "The N7Web backend did not answer in time.",
    "backend_protocol_error": "The N7Web backend's answer could not be understood.",
    "backend_response_too_large": "The N7Web backend's answer was too large to accept.",
    "backend_error": "The N7Web backend failed while handling the request.",
    "internal_error": "The n7_vehicle tool failed internally.",
}
_NOTHING_SENT = "Nothing was sent to the vehicle."
_OUTCOME_UNKNOWN = (
    "The outcome is unknown: the backend may or may not have acted, so claim neither success nor "
    "failure. Calling again with the same token is safe: each action is applied at most once per token."
)


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    """The result of one tool call, ready for the SDK's `CallToolResult`."""

    text: str
    """The text content: the JSON of the structured result, or the error explanation."""
    structured: dict[str, Any] | None
    """The structured content (conforming to the tool's output schema), or None on error."""
    is_error: bool
    """True when the call failed; the text then names the error code."""
    code: str | None = None
    """The machine error code on failure (for logs and tests), else None."""


class RecentSecrets:
    """The last few request tokens seen, so the log formatter can redact them.

    Bounded: the long-lived server (one for the whole service) must not grow with
    every turn, and a token older than a handful of turns is expired anyway.
    """

    def __init__(self, fixed: tuple[str, ...] = (), size: int = 32) -> None:
        self._fixed = fixed
        self._recent: deque[str] = deque(maxlen=size)

    def add(self, secret: str) -> None:
        if secret and secret not in self._recent:
            self._recent.append(secret)

    def all(self) -> tuple[str, ...]:
        return (*self._fixed, *self._recent)


def failure_text(tool: str, failure: ToolFailure) -> str:
    """The model-facing explanation: code first, then what it means and what may be claimed."""
    head = f"{tool} failed: error {failure.code}"
    if failure.status is not None:
        head += f" (HTTP {failure.status})"
    parts = [head + "."]
    hint = _HINTS.get(failure.code)
    if hint:
        parts.append(hint)
    if failure.message and failure.message != failure.code:
        parts.append(f"Detail: {failure.message}.")
    if tool == schemas.EXECUTE:
        parts.append(_NOTHING_SENT if failure.outcome_known else _OUTCOME_UNKNOWN)
    return " ".join(parts)


async def run_tool(
    backend: BackendClient, tool: str, arguments: dict[str, Any] | None, secrets: RecentSecrets
) -> ToolOutcome:
    """Check the arguments, call the backend route of `tool`, and shape the outcome."""
    try:
        body = check_arguments(tool, arguments)
        token = body["request_token"]
        secrets.add(token)
        answer = await backend.call(_ROUTES[tool], body, secrets=(token,))
        if tool == schemas.EXECUTE:
            structured = check_execute_result(clean_result(answer, secrets.all()))
        elif isinstance(answer, dict):
            structured = clean_result(answer, secrets.all())
        else:
            raise ToolFailure("backend_protocol_error", "the catalog answer is not a JSON object")
    except ToolFailure as failure:
        logger.warning("%s: %s%s", tool, failure.code, f" (HTTP {failure.status})" if failure.status else "")
        return ToolOutcome(failure_text(tool, failure), None, True, failure.code)
    except Exception as exc:  # a bug: fail closed with nothing but the type in the log
        logger.error("%s: internal error %s", tool, type(exc).__name__)
        internal = ToolFailure("internal_error", "", outcome_known=False)
        return ToolOutcome(failure_text(tool, internal), None, True, internal.code)
    text = json.dumps(structured, ensure_ascii=False, separators=(",", ":"))
    return ToolOutcome(text, structured, False)
