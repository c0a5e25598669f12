"""Strict JSON for every body: the one parser the edge and the internal routes share.

``json.loads`` alone accepts ``NaN``/``Infinity``, turns ``1e309`` into
``inf`` and raises ``RecursionError`` on deep nesting; each of these is an
``invalid_body`` (422) here, before any model or route sees the value.
"""

from __future__ import annotations

import json
import math
from typing import Any

from app.errors import ApiError

MAX_DEPTH = 32


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number out of range")
    return value


def _depth(value: Any) -> int:
    depth, level = 0, [(value, 1)]
    while level:
        node, d = level.pop()
        depth = max(depth, d)
        if depth > MAX_DEPTH:
            return depth
        if isinstance(node, dict):
            level.extend((v, d + 1) for v in node.values())
        elif isinstance(node, list):
            level.extend((v, d + 1) for v in node)
    return depth


def strict_json(raw: bytes) -> Any:
    """The parsed body, or ``ApiError(422, "invalid_body")`` saying what is wrong (never echoing it)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(422, "invalid_body", "body is not valid UTF-8") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ApiError(422, "invalid_body", f"body is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        reason = (
            "number out of range"
            if "range" in str(exc)
            else "NaN and Infinity are not JSON"
            if "not a JSON number" in str(exc)
            else "body is not valid JSON"
        )
        raise ApiError(422, "invalid_body", reason) from None
    if _depth(value) > MAX_DEPTH:
        raise ApiError(422, "invalid_body", f"body is nested deeper than {MAX_DEPTH} levels")
    return value
