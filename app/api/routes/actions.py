"""Console taps and the audit trail."""

from __future__ import annotations

from fastapi import APIRouter, Query

from app.executor import Ledger
from app.turn import make_request

from ..deps import DbDep, RuntimeDep
from ..responses import ActionResult, Audit, ok
from ..schemas import ActionIn

router = APIRouter(prefix="/api/v1", tags=["actions"])


@router.post("/actions", responses=ok(ActionResult, 413, 415, 422), summary="Run one action (a console tap)")
async def tap(body: ActionIn, rt: RuntimeDep) -> dict:
    """`{"capability", "target", "parameters"}`, e.g.
    `{"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 30}}`.
    The tap is the intent, so nothing binds it to words, but it goes through
    the same catalog checks, gates and interlocks as a spoken command, is
    audited, and answers one ActionResult (`source: "console"`); a refusal
    is a 200 with `status: "rejected"` and its `reason`."""
    req = make_request(
        ledger=Ledger(), direct=[(body.model_dump(), "console")], handled_by="console", utterance=None, language="en"
    )
    actions = await rt.bus_runs.actions(req)
    return actions[0]


@router.get("/audit", responses=ok(Audit, 422), summary="The audit trail")
async def audit(db: DbDep, limit: int = Query(50, ge=1, le=500)) -> dict:
    """The last `limit` decisions (1-500, default 50), newest first: when, the
    session and turn, the utterance and seat, who handled it, whether the
    outcome was recorded (`outcome_recorded: false` when the service stopped
    between the decision and its outcome), and every action with its result
    and the CAN frames sent for it (`{"id": "0x320", "data": "hex"}`). A
    decision is written before any frame leaves. Tokens never appear."""
    return {"decisions": await db.audit(limit)}
