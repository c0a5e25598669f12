from __future__ import annotations

from fastapi import APIRouter

from ..deps import RuntimeDep
from ..schemas import Health

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=Health)
async def healthz(rt: RuntimeDep) -> dict:
    """200 once the runtime is up. Async and I/O-free: answers under any load."""
    return {"status": "ok"}
