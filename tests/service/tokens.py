"""The in-process test seam: mint a token on the in-process runtime (no route does)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx


def mint(svc: Any, utterance: str, session_id: str = "s_test", generation: str | None = None) -> tuple[str, str]:
    rt = svc.runtime
    turn_id = "t_" + uuid.uuid4().hex
    lang = rt.parser.parse(utterance).language
    token = rt.tokens.issue(session_id, turn_id, utterance, lang, generation or rt.catalog.generation)
    return token, turn_id


def execute(svc: Any, body: Any, bearer: str | None = "default", client: httpx.Client | None = None) -> httpx.Response:
    headers = {}
    if bearer == "default":
        bearer = svc.runtime.callback_token
    if bearer is not None:
        headers["Authorization"] = f"Bearer {bearer}"
    c = client or svc.client(timeout=10)
    try:
        if isinstance(body, (bytes, str)):
            return c.post("/internal/v1/execute", content=body, headers={**headers, "content-type": "application/json"})
        return c.post("/internal/v1/execute", json=body, headers=headers)
    finally:
        if client is None:
            c.close()
