"""Dependencies: the runtime, and the callback bearer check (constant time)."""
from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request

from app.runtime import Runtime

from .errors import ApiError


async def get_runtime(request: Request) -> Runtime:
    """Async on purpose: a sync dependency costs a threadpool hop per request."""
    rt = getattr(request.app.state, "runtime", None)
    if rt is None:
        raise ApiError(503, "starting", "service is starting")
    return rt


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]


async def require_callback_bearer(request: Request, rt: RuntimeDep) -> None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    expected = rt.callback_token.encode()
    given = value.strip().encode() if scheme.lower() == "bearer" else b""
    if not hmac.compare_digest(given, expected):
        raise ApiError(401, "unauthorized", "unauthorized")


CallbackAuth = Depends(require_callback_bearer)
