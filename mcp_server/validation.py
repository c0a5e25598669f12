"""Local checks on both sides of the backend call, mirroring `mcp_server.schemas`.

Inbound: the model's arguments are checked against the published input
schema before any HTTP call, so a malformed token or plan costs no round trip
and a plan the schema forbids never reaches the backend. Every message names
the offending path and rule but never repeats a value: the request token must
not be echoed, and neither should anything else the model sent.

Outbound: a 200 answer is checked against the published output schema (the
structured content must conform to it) and cleaned: any `frames` key, at any
depth, is removed because the model must never see raw CAN data, and any
occurrence of a secret is replaced.

The SDK's low-level server does not validate tool arguments itself; this
module is the only gate, which is why it is hand-written, total (it never
raises anything but `ToolInputError` / `BackendProtocolError`) and tested
against `jsonschema` on generated inputs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from mcp_server import schemas
from mcp_server.errors import BackendProtocolError, ToolInputError

_TOKEN = re.compile(schemas.REQUEST_TOKEN_PATTERN)
_CAPABILITY = re.compile(schemas.CAPABILITY_PATTERN)
_TARGET = re.compile(schemas.TARGET_PATTERN)
_PARAMETER_NAME = re.compile(schemas.PARAMETER_NAME_PATTERN)
_ACTION_KEYS = frozenset({"capability", "target", "parameters"})
REDACTED = "[redacted]"


def _invalid(path: str, rule: str) -> ToolInputError:
    return ToolInputError("invalid_arguments", f"{path} {rule}")


def _check_keys(value: Mapping[str, Any], path: str, allowed: Iterable[str], required: Iterable[str]) -> None:
    allowed_set = set(allowed)
    unknown = sorted(str(key) for key in value if key not in allowed_set)
    if unknown:
        # Key names are structure the model chose, not values: safe to name, but bounded.
        shown = ", ".join(name[:40] for name in unknown[:5])
        raise _invalid(path, f"has unknown keys ({shown}); allowed: {', '.join(sorted(allowed_set))}")
    missing = [key for key in required if key not in value]
    if missing:
        raise _invalid(path, f"is missing required keys: {', '.join(missing)}")


def check_request_token(arguments: Mapping[str, Any]) -> str:
    """The token's shape, `[A-Za-z0-9._~-]{8,256}`; refused as `token_invalid` like the backend would."""
    token = arguments.get("request_token")
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise ToolInputError(
            "token_invalid",
            "request_token is not a well-formed request token (8-256 of A-Z a-z 0-9 . _ ~ -); "
            "copy it exactly from N7WEB_APPLICATION_CONTEXT",
        )
    return token


def _check_name(value: Any, path: str, pattern: re.Pattern[str]) -> None:
    if not isinstance(value, str):
        raise _invalid(path, "must be a string")
    if len(value) > schemas.MAX_NAME_LENGTH or not pattern.fullmatch(value):
        raise _invalid(path, f"must match {pattern.pattern} (at most {schemas.MAX_NAME_LENGTH} characters)")


def _check_parameter_value(value: Any, path: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise _invalid(path, "must be a finite number")
        return
    if isinstance(value, str):
        if len(value) > schemas.MAX_STRING_VALUE_LENGTH:
            raise _invalid(path, f"must be at most {schemas.MAX_STRING_VALUE_LENGTH} characters")
        return
    raise _invalid(path, "must be a boolean, a number or a string")


def _check_action(action: Any, path: str) -> None:
    if not isinstance(action, dict):
        raise _invalid(path, "must be an object")
    _check_keys(action, path, _ACTION_KEYS, ("capability", "target", "parameters"))
    _check_name(action["capability"], f"{path}.capability", _CAPABILITY)
    _check_name(action["target"], f"{path}.target", _TARGET)
    parameters = action["parameters"]
    if not isinstance(parameters, dict):
        raise _invalid(f"{path}.parameters", "must be an object")
    if len(parameters) > schemas.MAX_PARAMETERS:
        raise _invalid(f"{path}.parameters", f"must have at most {schemas.MAX_PARAMETERS} entries")
    for name, value in parameters.items():
        if not isinstance(name, str) or len(name) > schemas.MAX_NAME_LENGTH or not _PARAMETER_NAME.fullmatch(name):
            raise _invalid(f"{path}.parameters", f"has a name that does not match {_PARAMETER_NAME.pattern}")
        _check_parameter_value(value, f"{path}.parameters.{name}")


def check_plan(plan: Any) -> dict[str, Any]:
    """The plan's shape: `{"actions": [{capability, target, parameters}]}`, 1-16 actions, no extra keys."""
    if not isinstance(plan, dict):
        raise _invalid("plan", "must be an object when given (omit it for a saved mode or a learned peripheral)")
    _check_keys(plan, "plan", ("actions",), ("actions",))
    actions = plan["actions"]
    if not isinstance(actions, list):
        raise _invalid("plan.actions", "must be an array")
    if not 1 <= len(actions) <= schemas.MAX_ACTIONS:
        raise _invalid("plan.actions", f"must hold 1-{schemas.MAX_ACTIONS} actions")
    for index, action in enumerate(actions):
        _check_action(action, f"plan.actions[{index}]")
    return plan


def check_arguments(tool: str, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
    """Check a tool call's arguments; return the exact backend request body.

    `get_n7web_capabilities` -> `{"request_token"}`;
    `execute_cockpit_request` -> `{"request_token", "plan"?}` (plan only when given).
    """
    if tool not in schemas.TOOL_NAMES:
        raise ToolInputError("unknown_tool", f"n7_vehicle has no such tool; use {' or '.join(schemas.TOOL_NAMES)}")
    arguments = arguments or {}
    if tool == schemas.GET_CAPABILITIES:
        _check_keys(arguments, "arguments", ("request_token",), ("request_token",))
        return {"request_token": check_request_token(arguments)}
    _check_keys(arguments, "arguments", ("request_token", "plan"), ("request_token",))
    body: dict[str, Any] = {"request_token": check_request_token(arguments)}
    if "plan" in arguments:
        body["plan"] = check_plan(arguments["plan"])
    return body


def clean_result(value: Any, secrets: Iterable[str]) -> Any:
    """Copy of a backend answer without `frames` keys (raw CAN data) and with secrets replaced."""
    secret_list = [secret for secret in secrets if secret]

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {key: walk(item) for key, item in node.items() if key != "frames"}
        if isinstance(node, list):
            return [walk(item) for item in node]
        if isinstance(node, str):
            for secret in secret_list:
                if secret in node:
                    node = node.replace(secret, REDACTED)
            return node
        return node

    return walk(value)


def _off_contract(path: str, rule: str) -> BackendProtocolError:
    return BackendProtocolError(
        "backend_protocol_error",
        f"the backend's answer does not match the execute result contract: {path} {rule}",
        outcome_known=False,
    )


def _check_enum(node: Mapping[str, Any], key: str, allowed: tuple[str, ...], path: str) -> None:
    if node.get(key) not in allowed:
        raise _off_contract(f"{path}.{key}", f"must be one of {', '.join(allowed)}")


def _check_nullable_string(node: Mapping[str, Any], key: str, path: str) -> None:
    if key in node and node[key] is not None and not isinstance(node[key], str):
        raise _off_contract(f"{path}.{key}", "must be a string or null")


def check_execute_result(result: Any) -> dict[str, Any]:
    """The 200 body of `/execute` against `EXECUTE_OUTPUT_SCHEMA` (extra keys tolerated).

    An answer off the contract is reported as an error with an unknown
    outcome: the backend may have acted, but this server cannot say what it did.
    """
    if not isinstance(result, dict):
        raise _off_contract("result", "must be an object")
    _check_enum(result, "status", schemas.RESULT_STATUSES, "result")
    if not isinstance(result.get("message"), str):
        raise _off_contract("result.message", "must be a string")
    actions = result.get("actions")
    if not isinstance(actions, list):
        raise _off_contract("result.actions", "must be an array")
    for index, action in enumerate(actions):
        path = f"result.actions[{index}]"
        if not isinstance(action, dict):
            raise _off_contract(path, "must be an object")
        for key in ("capability", "target", "message"):
            if not isinstance(action.get(key), str):
                raise _off_contract(f"{path}.{key}", "must be a string")
        if not isinstance(action.get("parameters"), dict):
            raise _off_contract(f"{path}.parameters", "must be an object")
        if "reason" not in action:
            raise _off_contract(f"{path}.reason", "is missing")
        _check_nullable_string(action, "reason", path)
        _check_enum(action, "status", schemas.ACTION_STATUSES, path)
        _check_enum(action, "source", schemas.SOURCES, path)
        members = action.get("members", [])
        if not isinstance(members, list):
            raise _off_contract(f"{path}.members", "must be an array")
        for member_index, member in enumerate(members):
            member_path = f"{path}.members[{member_index}]"
            if not isinstance(member, dict) or not isinstance(member.get("target"), str):
                raise _off_contract(member_path, "must be an object with a string target")
            _check_enum(member, "status", schemas.ACTION_STATUSES, member_path)
            _check_nullable_string(member, "reason", member_path)
    return result
