"""Status, catalog view and vehicle state."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from vehicle.catalog import Catalog, CatalogError, default_catalog_dir
from vehicle.catalog.messages import load_messages

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
    """The public view plus what a console draws with: gates and its word table."""
    return {**public_catalog(rt.catalog), **console_view(rt.catalog, rt.settings.catalog)}


@lru_cache(maxsize=4)
def _console_messages(directory: str, generation: str) -> dict[str, dict[str, str]]:
    """The catalog's console word table; the shipped one if that catalog has none."""
    try:
        return load_messages(directory)
    except CatalogError:
        return load_messages(default_catalog_dir())


def console_view(cat: Catalog, directory: Path | None) -> dict[str, Any]:
    """Interlocks (so a console can show a control unavailable before a tap),
    the state age limit, and the bilingual UI words (`messages.yaml`, section `console`)."""
    base = str(directory) if directory is not None else str(default_catalog_dir())
    return {
        "gates": {
            "vehicle_state_max_age_s": cat.gates.vehicle_state_max_age_s,
            "interlocks": [il.model_dump(exclude_none=True) for il in cat.gates.interlocks],
        },
        "messages": _console_messages(base, cat.generation),
    }


def public_catalog(cat: Catalog) -> dict[str, Any]:
    """What a console or a model may know: ids, targets, ranges, labels."""
    caps = {}
    for cid, cap in cat.capabilities.items():
        caps[cid] = {
            "label": cap.label.model_dump(),
            "target_type": cap.target_type,
            "default_target": cap.default_target,
            "targets": list(cat.valid_targets(cid)),
            "members": list(cat.target_type(cid).members),
            "fitted": [m for m in cat.target_type(cid).members if cat.fitted(cid, m)],
            "parameters": {n: p.model_dump(exclude_none=True) for n, p in cap.parameters.items()},
            **({"at_least_one": True} if cap.at_least_one else {}),
            **({"control": cap.control} if cap.control else {}),
            "holds_state": cap.holds_state,
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
