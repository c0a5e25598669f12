from __future__ import annotations

from fastapi import APIRouter

from ..deps import RuntimeDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz(rt: RuntimeDep) -> dict:
    """200 once the runtime is up (catalog loaded, bus open, store open)."""
    return {"status": "ok"}
