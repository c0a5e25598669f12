"""Console taps and the audit trail."""
from __future__ import annotations

from fastapi import APIRouter, Query

from app.executor import Ledger
from app.turn import make_request

from ..deps import DbDep, RuntimeDep
from ..responses import ActionResult, Audit, ok
from ..schemas import ActionIn

router = APIRouter(prefix="/api/v1", tags=["actions"])


@router.post("/actions", responses=ok(ActionResult, 413, 415, 422))
async def tap(body: ActionIn, rt: RuntimeDep) -> dict:
    """A console tap: the tap is the intent (no binding), same executor and gates."""
    req = make_request(ledger=Ledger(), direct=[(body.model_dump(), "console")], handled_by="console",
                       utterance=None, language="en")
    actions = await rt.bus_runs.actions(req)
    return actions[0]


@router.get("/audit", responses=ok(Audit, 422))
async def audit(db: DbDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    """Newest first; every decision with each action's frames as hex. Never a token."""
    return {"decisions": await db.audit(limit)}
