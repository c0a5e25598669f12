"""Small helpers shared by the end-to-end tests: one turn over SSE, state."""

from __future__ import annotations

from typing import Any

import httpx
from service.sse import post_stream

TOOLS_OF_CODEX = [
    "list_mcp_resource_templates",
    "list_mcp_resources",
    "read_mcp_resource",
    "request_user_input",
    "update_plan",
]
"""Codex always offers these five of its own (notes on 0.147); nothing else may appear."""


def new_session(client: httpx.Client) -> str:
    return client.post("/api/v1/sessions").json()["session_id"]


def turn(client: httpx.Client, session_id: str, text: str, **body: Any) -> tuple[list[tuple[str, Any]], dict]:
    """POST a message with ``Accept: text/event-stream``; (events, turn.completed payload)."""
    events = post_stream(client, session_id, text, **body)
    names = [name for name, _ in events]
    assert names[0] == "turn.started" and names[-1] == "turn.completed", names
    assert names.count("turn.completed") == 1 and "error" not in names, names
    return events, events[-1][1]


def deltas(events: list[tuple[str, Any]]) -> list[str]:
    return [data["text"] for name, data in events if name == "assistant.delta"]


def results(events: list[tuple[str, Any]]) -> list[dict]:
    return [data for name, data in events if name == "action.result"]


def controls(client: httpx.Client) -> dict[str, Any]:
    return client.get("/api/v1/vehicle/state").json()["controls"]


def audit(client: httpx.Client, turn_id: str) -> list[dict]:
    """The audit decisions of one turn (oldest first)."""
    decisions = client.get("/api/v1/audit", params={"limit": 50}).json()["decisions"]
    return [d for d in reversed(decisions) if d["turn_id"] == turn_id]


def tap(client: httpx.Client, capability: str, target: str, **parameters: Any) -> dict:
    """A console tap (sets a known starting state)."""
    r = client.post("/api/v1/actions", json={"capability": capability, "target": target, "parameters": parameters})
    assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    return r.json()
