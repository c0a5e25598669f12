"""One error shape everywhere: ``{"error": {"code", "message"}}``.

FastAPI's default ``{"detail": ...}`` is replaced, validation errors become
``invalid_body`` (422) naming the field but never echoing the input (it may
hold a token), and an unexpected exception becomes ``internal_error`` with
no stack trace in the response or the log line.
"""

from __future__ import annotations

import logging
import sqlite3

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.errors import ApiError, N7WebError

__all__ = ["ApiError", "error_body", "error_response", "install"]

log = logging.getLogger("n7web.api")


def error_body(code: str, message: str) -> dict:
    return {"error": {"code": code, "message": message}}


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(error_body(code, message), status_code=status)


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_body",
}


def install(app: FastAPI) -> None:
    @app.exception_handler(N7WebError)
    async def _ours(_: Request, exc: N7WebError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        first = errs[0] if errs else {}
        loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        msg = str(first.get("msg", "invalid body"))
        if first.get("type") == "json_invalid":
            return error_response(422, "invalid_body", "body is not valid JSON")
        return error_response(422, "invalid_body", f"{loc}: {msg}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "error")
        message = exc.detail if isinstance(exc.detail, str) else code
        return error_response(exc.status_code, code, message)

    @app.exception_handler(sqlite3.Error)
    async def _store(_: Request, exc: sqlite3.Error) -> JSONResponse:
        # a database write-locked past its timeout, or a full disk: the request changed nothing durable
        log.error("store unavailable: %s", type(exc).__name__)
        return error_response(503, "store_unavailable", "the database is busy or unavailable; try again")

    @app.exception_handler(Exception)
    async def _crash(_: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %s", type(exc).__name__)
        return error_response(500, "internal_error", "internal error")
