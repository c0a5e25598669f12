"""A tiny SSE reader for tests (event name + JSON data per event)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx


def iter_events(response: httpx.Response) -> Iterator[tuple[str, Any]]:
    event, data = "message", []
    for line in response.iter_lines():
        if line == "":
            if data:
                yield event, json.loads("\n".join(data))
            event, data = "message", []
        elif line.startswith(":"):
            continue
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


def post_stream(client: httpx.Client, session_id: str, text: str, **body: Any) -> list[tuple[str, Any]]:
    with client.stream(
        "POST",
        f"/api/v1/sessions/{session_id}/messages",
        json={"text": text, **body},
        headers={"Accept": "text/event-stream"},
    ) as r:
        assert r.status_code == 200, r.read()
        return list(iter_events(r))
