"""Response shapes for ``/docs``: documented, not re-validated on the hot path.

Routes return plain dicts built by the pipeline and the executor; these
models describe them (DESIGN section 6) and every error answer is the one
envelope ``{"error": {"code", "message"}}`` — FastAPI's ``{"detail": ...}``
is removed from the schema as it is from the wire.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorEnvelope(BaseModel):
    error: ErrorBody


class MemberResult(_Out):
    target: str | None
    status: str
    reason: str | None


class ActionResult(_Out):
    capability: str
    target: str | None
    parameters: dict[str, Any]
    status: Literal["applied", "unconfirmed", "rejected", "failed", "already_applied", "dry_run"]
    reason: str | None
    message: str
    source: Literal["parser", "model", "both", "catalog", "console", "schedule"]
    members: list[MemberResult]


class QuestionOption(_Out):
    id: str
    label: str
    actions: list[dict[str, Any]]


class Question(_Out):
    """What a turn asks instead of guessing (DESIGN section 4a); answer it with ``answer``."""

    id: str
    kind: Literal["clarify", "confirm"]
    text: str
    seat: str | None
    options: list[QuestionOption]
    expires_at: str


class Reply(_Out):
    session_id: str
    turn_id: str
    client_message_id: str | None
    language: str
    handled_by: Literal["local", "codex"]
    status: Literal["applied", "partially_applied", "rejected", "no_action", "asked"]
    reply_text: str
    actions: list[ActionResult]
    assistant_error: ErrorBody | None
    question: Question | None = None
    jobs: list[dict[str, Any]] = []
    """The timed commands this turn set or cancelled (Jobs, as ``GET /api/v1/jobs`` lists them)."""


class SessionCreated(BaseModel):
    session_id: str


class StoredTurn(_Out):
    turn_id: str
    source: str
    text: str
    seat: str | None
    time: str
    reply: Reply | None


class History(BaseModel):
    session_id: str
    turns: list[StoredTurn]


class Interrupted(BaseModel):
    interrupted: bool


class AuditDecision(_Out):
    id: int
    time: str
    session_id: str | None
    turn_id: str | None
    utterance: str | None
    seat: str | None = None
    handled_by: str
    outcome_recorded: bool
    actions: list[dict[str, Any]]


class Audit(BaseModel):
    decisions: list[AuditDecision]


class Status(_Out):
    assistant: dict[str, Any]
    can: dict[str, Any]
    execution_mode: Literal["simulation", "dry_run", "hardware"]
    catalog_generation: str


class VehicleStateOut(_Out):
    vehicle: dict[str, Any]
    controls: dict[str, Any]


def ok(model: type[BaseModel], *errors: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route: its 200 model and the error envelope for each error status."""
    out: dict[int | str, dict[str, Any]] = {200: {"model": model}}
    out.update({code: {"model": ErrorEnvelope} for code in errors})
    return out


def install_openapi(app: FastAPI) -> None:
    """Every 4xx/5xx in the schema is the error envelope; no ``detail`` anywhere."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        envelope = {"$ref": "#/components/schemas/ErrorEnvelope"}
        edge = {"400": "bad_host", "403": "forbidden_origin", "503": "starting or a bound reached"}
        for path in schema.get("paths", {}).values():
            for op in path.values():
                for code, what in edge.items():  # the edge guard answers these on every route
                    op.setdefault("responses", {}).setdefault(code, {"description": what})
                for code, response in op.get("responses", {}).items():
                    if code[0] in "45":
                        response["content"] = {"application/json": {"schema": envelope}}
                        if code == "422":
                            response["description"] = "invalid_body"
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            components.pop(name, None)
        components["ErrorEnvelope"] = ErrorEnvelope.model_json_schema(ref_template="#/components/schemas/{model}")
        components["ErrorEnvelope"].pop("$defs", None)
        components["ErrorBody"] = ErrorBody.model_json_schema()
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
