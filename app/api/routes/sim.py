"""Simulation only: move the simulated car (speed, gear, child lock) to watch interlocks."""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter

from app.errors import ApiError

from ..deps import RuntimeDep
from ..responses import VehicleStateOut, ok
from ..schemas import SimVehicleIn

router = APIRouter(prefix="/api/v1/sim", tags=["simulation"])

WAIT_S = 2.0


@router.put("/vehicle", responses=ok(VehicleStateOut, 409, 422, 504), summary="Move the simulated car")
async def put_vehicle(body: SimVehicleIn, rt: RuntimeDep) -> dict:
    """Simulation mode with the in-process ECU simulator only: set `speed_kph`
    (0-250), `gear` (`P`, `R`, `N`, `D`) and/or `child_lock`, each optional,
    to try the interlocks. Answers `{"vehicle": ...}` once the service's own
    state (fed by the simulator's status frames) shows the new values; 504
    `sim_timeout` if it does not within 2 s; 409 `not_simulation` otherwise."""
    if rt.settings.execution_mode != "simulation" or rt.simulator is None:
        raise ApiError(409, "not_simulation", "only with the in-process simulator in simulation mode")
    rt.simulator.set_vehicle(speed_kph=body.speed_kph, gear=body.gear, child_lock=body.child_lock)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        v = rt.state.snapshot()["vehicle"]
        if (
            (body.speed_kph is None or (v["speed_kph"] is not None and abs(v["speed_kph"] - body.speed_kph) <= 0.5))
            and (body.gear is None or v["gear"] == body.gear)
            and (body.child_lock is None or v["child_lock"] == body.child_lock)
        ):
            return {"vehicle": v}
        await asyncio.sleep(0.002)
    raise ApiError(504, "sim_timeout", "the simulator did not confirm the change")
