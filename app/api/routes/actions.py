"""Console taps and the audit trail."""
from __future__ import annotations

from fastapi import APIRouter, Query

from app.executor import Ledger, Request
from app.turns import run_executor

from ..deps import RuntimeDep
from ..schemas import ActionIn

router = APIRouter(prefix="/api/v1", tags=["actions"])


@router.post("/actions")
async def tap(body: ActionIn, rt: RuntimeDep) -> dict:
    """A console tap: the tap is the intent (no binding), same executor and gates."""
    req = Request(ledger=Ledger(), direct=[(body.model_dump(), "console")], handled_by="console",
                  utterance=None, language="en")
    actions = await run_executor(rt, req)
    return actions[0]


@router.get("/audit")
def audit(rt: RuntimeDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    """Newest first; every decision with each action's frames as hex. Never a token."""
    return {"decisions": rt.store.audit(limit)}
