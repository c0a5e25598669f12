"""The MCP callback (hidden from /docs): section 5 of DESIGN, in its order.

1 bearer (constant time) -> 2 body structure (422/413) -> 3 request token
(403 codes) -> 4 parse the bound utterance -> 5-11 the executor. The body
is parsed by hand *after* the bearer check so an unauthenticated caller
learns nothing about the schema.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from app.executor import Request as ExecRequest
from app.tokens import TokenError

from ..deps import RuntimeDep, require_callback_bearer
from ..errors import ApiError
from ..schemas import CapabilitiesIn, ExecuteIn
from .info import public_catalog

router = APIRouter(prefix="/internal/v1", include_in_schema=False, dependencies=[Depends(require_callback_bearer)])


async def _body(request: Request, model: Any) -> Any:
    raw = await request.body()
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(422, "invalid_body", "body is not valid JSON") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "body"
        raise ApiError(422, "invalid_body", f"{loc}: {err['msg']}") from None


def _grant(rt: Any, token: str) -> Any:
    try:
        return rt.tokens.check(token, rt.catalog.generation)
    except TokenError as exc:
        raise ApiError(403, exc.code, exc.message) from None


@router.post("/capabilities")
async def capabilities(request: Request, rt: RuntimeDep) -> dict:
    body = await _body(request, CapabilitiesIn)
    _grant(rt, body.request_token)
    return public_catalog(rt.catalog)


@router.post("/execute")
async def execute(request: Request, rt: RuntimeDep) -> JSONResponse:
    body = await _body(request, ExecuteIn)
    grant = _grant(rt, body.request_token)
    if grant.parsed is None:
        grant.parsed = rt.parser.parse(grant.utterance)
    parse = grant.parsed
    turn = rt.active.get(grant.session_id)
    emit = turn.emit if turn is not None and turn.turn_id == grant.turn_id else None
    on_result = None
    if emit is not None:
        import asyncio

        loop = asyncio.get_running_loop()

        def on_result(item: dict) -> None:
            loop.call_soon_threadsafe(emit, "action.result", item)

    def guard() -> None:
        # Re-checked under the ledger lock: a token revoked while this call
        # waited behind another one must not send.
        rt.tokens.check(body.request_token, rt.catalog.generation)

    req = ExecRequest(
        ledger=rt.ledger(grant.turn_id), language=grant.language, parse=parse,
        model_actions=[a.model_dump() for a in body.plan.actions] if body.plan else [],
        session_id=grant.session_id, turn_id=grant.turn_id, utterance=grant.utterance,
        handled_by="codex", on_result=on_result, guard=guard,
    )
    import anyio

    try:
        outcome = await anyio.to_thread.run_sync(rt.executor.run, req)
    except TokenError as exc:
        raise ApiError(403, exc.code, exc.message) from None
    if emit is not None and turn.execute_results is not None:
        turn.execute_results.extend(i.to_json() for i in outcome.items)
    return JSONResponse(outcome.to_json())
