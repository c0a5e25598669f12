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


@router.get("/status", responses=ok(Status), summary="Service status")
async def status(rt: RuntimeDep) -> dict:
    """What is up right now.

    - `assistant`: `mode` (`codex` when the model can be used, else
      `local_only`), `reason` (`null`, or why not: `disabled`,
      `binary_missing`, `wrong_version`, `not_logged_in`, `crashed`,
      `starting`), `codex_version`, and `mcp` (`up`/`down`, the vehicle tool
      server the model calls).
    - `can`: `interface`, `channel`, `state` (`up`, `down`, `error`),
      `simulator` (`in_process`, `external`, `none`) and, with `--can-log`,
      `log`.
    - `execution_mode` (`simulation`, `dry_run`, `hardware`) and
      `catalog_generation` (a hash of the catalog in use).

    Without the model, commands the on-board parser reads completely still
    run. `GET /api/v1/events` sends `status.changed` when this body changes.
    """
    return rt.status()


@router.get("/vehicle/state", responses=ok(VehicleStateOut), summary="Vehicle state as the car confirmed it")
async def vehicle_state(rt: RuntimeDep) -> dict:
    """Only what the ECU's status frames reported, never what was commanded.

    - `vehicle`: `speed_kph`, `gear` (`P`, `R`, `N`, `D`), `child_lock`,
      `updated_at` (the last vehicle status frame, ISO 8601) and `stale`
      (`true` while speed and gear are unknown or older than the catalog's
      limit; commands that need them are then refused).
    - `controls`: one key per capability that holds state, mapping each
      fitted member to its parameters as last confirmed, or to `null` before
      the first status frame, e.g.
      `"window.set_position": {"driver": {"open_percent": 100}, ...}`.
    """
    return rt.state.snapshot()


@router.get("/catalog", summary="The capability catalog, as a console draws it")
async def catalog(rt: RuntimeDep) -> dict:
    """Everything a screen needs to draw and label the controls, with no copy of
    its own: `generation`; `capabilities` (label in English and Chinese,
    target type, default target, valid targets, members and the `fitted`
    ones, parameters with ranges and steps, whether it holds state);
    `targets`, `modes` (with their requirements and steps), `peripherals`
    (and whether each is active), `needs`; `gates` (the interlocks, so a
    control that would be refused can be shown unavailable before a tap,
    and `vehicle_state_max_age_s`); and `messages`, the console's words in
    both languages."""
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
        "modes": {
            m: {
                "label": mode.label.model_dump(),
                "requires": mode.requires.model_dump(exclude_none=True),
                "steps": [s.model_dump() for s in mode.steps],
            }
            for m, mode in cat.modes.items()
        },
        "peripherals": {
            p: {"label": per.label.model_dump(), "active": per.active} for p, per in cat.peripherals.items()
        },
        "needs": {n: {"label": need.label.model_dump()} for n, need in cat.needs.items()},
    }
