"""Simulation only: move the simulated car (speed, gear, child lock) to watch interlocks."""
from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter

from ..deps import RuntimeDep
from app.errors import ApiError
from ..responses import VehicleStateOut, ok
from ..schemas import SimVehicleIn

router = APIRouter(prefix="/api/v1/sim", tags=["simulation"])

WAIT_S = 2.0


@router.put("/vehicle", responses=ok(VehicleStateOut, 409, 422, 504))
async def put_vehicle(body: SimVehicleIn, rt: RuntimeDep) -> dict:
    """Answers only once the backend's state (fed by status frames) shows the values."""
    if rt.settings.execution_mode != "simulation" or rt.simulator is None:
        raise ApiError(409, "not_simulation", "only with the in-process simulator in simulation mode")
    rt.simulator.set_vehicle(speed_kph=body.speed_kph, gear=body.gear, child_lock=body.child_lock)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        v = rt.state.snapshot()["vehicle"]
        if ((body.speed_kph is None or (v["speed_kph"] is not None and abs(v["speed_kph"] - body.speed_kph) <= 0.5))
                and (body.gear is None or v["gear"] == body.gear)
                and (body.child_lock is None or v["child_lock"] == body.child_lock)):
            return {"vehicle": v}
        await asyncio.sleep(0.002)
    raise ApiError(504, "sim_timeout", "the simulator did not confirm the change")
