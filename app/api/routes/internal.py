"""The MCP callback (hidden from /docs): section 5 of DESIGN, in its order.

1 bearer (constant time) -> 2 body structure (422/413) -> 3 request token
(403 codes) -> 4 parse the bound utterance -> 5-11 the executor. The body
is parsed by hand *after* the bearer check so an unauthenticated caller
learns nothing about the schema.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from app.errors import ApiError
from app.turn import execute_call

from ..body import strict_json
from ..deps import RuntimeDep, require_callback_bearer
from ..schemas import CapabilitiesIn, ExecuteIn
from .info import public_catalog

router = APIRouter(prefix="/internal/v1", include_in_schema=False, dependencies=[Depends(require_callback_bearer)])


async def _body(request: Request, model: Any) -> Any:
    data = strict_json(await request.body())
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "body"
        raise ApiError(422, "invalid_body", f"{loc}: {err['msg']}") from None


@router.post("/capabilities")
async def capabilities(request: Request, rt: RuntimeDep) -> dict:
    body = await _body(request, CapabilitiesIn)
    rt.tokens.check(body.request_token, rt.catalog.generation)  # TokenError -> 403 at the edge
    return public_catalog(rt.catalog)


@router.post("/execute")
async def execute(request: Request, rt: RuntimeDep) -> JSONResponse:
    body = await _body(request, ExecuteIn)
    plan = [a.model_dump() for a in body.plan.actions] if body.plan else None
    return JSONResponse(await execute_call(rt, body.request_token, plan))
