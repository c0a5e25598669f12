"""Request bodies: strict types, unknown keys refused at every level."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr, model_validator

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


class AnswerIn(_Body):
    """A console tap answering the session's open question (DESIGN section 4a)."""

    question_id: StrictStr = Field(min_length=1, max_length=64)
    option: StrictStr = Field(min_length=1, max_length=32)
    """An option's id, or ``no`` to decline."""


class MessageIn(_Body):
    text: StrictStr = Field("", max_length=4000)
    """1-4000 characters; may be empty when ``answer`` is given."""
    source: Literal["console", "voice"] = "console"
    seat: Seat | None = None
    """Who is speaking (DESIGN section 3a), from a voice front end that knows it."""
    client_message_id: StrictStr | None = Field(None, min_length=1, max_length=128)
    answer: AnswerIn | None = None

    @model_validator(mode="after")
    def _said_something(self) -> MessageIn:
        if not self.text and self.answer is None:
            raise ValueError("text must not be empty unless answer is given")
        return self


class SimVehicleIn(_Body):
    speed_kph: StrictInt | StrictFloat | None = Field(None, ge=0, le=250)
    gear: Literal["P", "R", "N", "D"] | None = None
    child_lock: StrictBool | None = None


class Health(BaseModel):
    status: Literal["ok"]
