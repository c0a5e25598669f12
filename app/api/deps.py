"""Named dependencies: each route declares the services it uses.

All async on purpose: a sync dependency costs a threadpool hop per request.
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request

from app.errors import ApiError
from app.runtime import Runtime
from app.store import AsyncStore
from app.turn import TurnRegistry


async def get_runtime(request: Request) -> Runtime:
    rt = getattr(request.app.state, "runtime", None)
    if rt is None:
        raise ApiError(503, "starting", "service is starting")
    return rt


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]


async def get_db(rt: RuntimeDep) -> AsyncStore:
    return rt.db


async def get_turns(rt: RuntimeDep) -> TurnRegistry:
    return rt.turns


async def known_session(session_id: str, rt: RuntimeDep) -> str:
    """The path's session id, or 404 ``unknown_session``."""
    if len(session_id) > 64 or not await rt.db.has_session(session_id):
        raise ApiError(404, "unknown_session", "unknown session")
    return session_id


DbDep = Annotated[AsyncStore, Depends(get_db)]
TurnsDep = Annotated[TurnRegistry, Depends(get_turns)]
SessionDep = Annotated[str, Depends(known_session)]


async def require_callback_bearer(request: Request, rt: RuntimeDep) -> None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    expected = rt.callback_token.encode()
    given = value.strip().encode() if scheme.lower() == "bearer" else b""
    if not hmac.compare_digest(given, expected):
        raise ApiError(401, "unauthorized", "unauthorized")


CallbackAuth = Depends(require_callback_bearer)
