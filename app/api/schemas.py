"""Request bodies: strict types, unknown keys refused at every level."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

ParamValue = StrictBool | StrictInt | StrictFloat | StrictStr
MAX_PLAN_ACTIONS = 16


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActionIn(_Body):
    capability: StrictStr = Field(min_length=1, max_length=64)
    target: StrictStr | None = Field(None, min_length=1, max_length=64)
    parameters: dict[StrictStr, ParamValue] = Field(default_factory=dict, max_length=8)


class PlanIn(_Body):
    actions: list[ActionIn] = Field(max_length=MAX_PLAN_ACTIONS)


class ExecuteIn(_Body):
    request_token: StrictStr = Field(min_length=1, max_length=512)
    plan: PlanIn | None = None


class CapabilitiesIn(_Body):
    request_token: StrictStr = Field(min_length=1, max_length=512)


Seat = Literal["driver", "passenger", "rear_left", "rear_right", "outside"]


class MessageIn(_Body):
    text: StrictStr = Field(min_length=1, max_length=4000)
    source: Literal["console", "voice"] = "console"
    seat: Seat | None = None
    """Who is speaking (DESIGN section 3a), from a voice front end that knows it."""
    client_message_id: StrictStr | None = Field(None, min_length=1, max_length=128)


class SimVehicleIn(_Body):
    speed_kph: StrictInt | StrictFloat | None = Field(None, ge=0, le=250)
    gear: Literal["P", "R", "N", "D"] | None = None
    child_lock: StrictBool | None = None


class Health(BaseModel):
    status: Literal["ok"]
