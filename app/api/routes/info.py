"""Status, catalog view and vehicle state."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from vehicle.catalog import Catalog

from ..deps import RuntimeDep
from ..responses import Status, VehicleStateOut, ok

router = APIRouter(prefix="/api/v1", tags=["vehicle"])


@router.get("/status", responses=ok(Status))
async def status(rt: RuntimeDep) -> dict:
    return rt.status()


@router.get("/vehicle/state", responses=ok(VehicleStateOut))
async def vehicle_state(rt: RuntimeDep) -> dict:
    return rt.state.snapshot()


@router.get("/catalog")
async def catalog(rt: RuntimeDep) -> dict:
    return public_catalog(rt.catalog)


def public_catalog(cat: Catalog) -> dict[str, Any]:
    """What a console or a model may know: ids, targets, ranges, labels."""
    caps = {}
    for cid, cap in cat.capabilities.items():
        caps[cid] = {
            "label": cap.label.model_dump(),
            "target_type": cap.target_type,
            "default_target": cap.default_target,
            "targets": list(cat.valid_targets(cid)),
            "fitted": [m for m in cat.target_type(cid).members if cat.fitted(cid, m)],
            "parameters": {n: p.model_dump(exclude_none=True) for n, p in cap.parameters.items()},
            **({"at_least_one": True} if cap.at_least_one else {}),
        }
    return {
        "generation": cat.generation,
        "capabilities": caps,
        "targets": {t: info.label.model_dump() for t, info in cat.targets.items()},
        "modes": {m: {"label": mode.label.model_dump(), "requires": mode.requires.model_dump(exclude_none=True),
                      "steps": [s.model_dump() for s in mode.steps]} for m, mode in cat.modes.items()},
        "peripherals": {p: {"label": per.label.model_dump(), "active": per.active} for p, per in cat.peripherals.items()},
        "needs": {n: {"label": need.label.model_dump()} for n, need in cat.needs.items()},
    }
