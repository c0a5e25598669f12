from __future__ import annotations

from fastapi import APIRouter

from ..deps import RuntimeDep
from ..schemas import Health

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health, summary="Readiness probe")
async def healthz(rt: RuntimeDep) -> dict:
    """`{"status": "ok"}` once the service is ready to take turns (503 while it
    is starting). It answers even while turns run or the database is busy, so a
    supervisor or a page can use it to tell a hung service from a busy one."""
    return {"status": "ok"}
