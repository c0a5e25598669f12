"""The hand-written validator agrees with the published JSON Schema, and results are cleaned."""

from __future__ import annotations

import copy
import math
import operator
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp_backend_stub import EXECUTE_RESULT

from mcp_server import schemas
from mcp_server.errors import BackendProtocolError, ToolInputError
from mcp_server.validation import check_arguments, check_execute_result, clean_result

# Python's `re.search` lets `$` match before a trailing newline, ECMA-262 (JSON
# Schema's regex dialect) does not; keep newlines out so the comparison is fair.
_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=12)
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_GOOD_NAME = st.builds(operator.add, st.sampled_from(_LOWER), st.text(_LOWER + "0123456789_", max_size=10))
_BAD_NAME = st.one_of(_TEXT, st.sampled_from(["x" * 65, "Driver", "rear left", "9lives", "a.b", ""]))
_GOOD_CAPABILITY = st.builds(lambda a, b: f"{a}.{b}", _GOOD_NAME, _GOOD_NAME)
_BAD_CAPABILITY = st.one_of(_BAD_NAME, st.sampled_from(["climate", "a." + "b" * 63, "Climate.Power", "a.b.c"]))
_GOOD_TOKEN = st.one_of(
    st.text(_LOWER + _LOWER.upper() + "0123456789._~-", min_size=8, max_size=40),
    st.sampled_from(["a" * 8, "Z" * 256, "~-._" * 64]),
)
_BAD_TOKEN = st.one_of(_TEXT, st.sampled_from(["a" * 7, "a" * 257, "has space!", "tok/slash"]), st.integers())
_GOOD_VALUE = st.one_of(
    st.booleans(),
    st.integers(-1000, 1000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.characters(codec="ascii", exclude_characters="\n"), max_size=64),
    st.just("v" * 64),
)
_BAD_VALUE = st.one_of(st.none(), st.just("v" * 65), st.lists(st.integers(), max_size=2), st.just({"x": 1}))
_ANY = st.one_of(_GOOD_VALUE, _BAD_VALUE, _TEXT)


MUTATIONS = (
    "none",
    "17-actions",
    "0-actions",
    "9-parameters",
    "bad-parameter-name",
    "bad-parameter-value",
    "parameters-not-object",
    "bad-capability",
    "bad-target",
    "drop-action-key",
    "extra-action-key",
    "action-not-object",
    "extra-plan-key",
    "plan-not-object",
    "actions-not-array",
    "bad-token",
    "no-plan",
    "extra-argument",
    "no-token",
)


@st.composite
def _arguments(draw: st.DrawFn) -> dict[str, Any]:
    """Valid arguments with at most one targeted mutation, so both sides of every rule are hit."""
    mutation = draw(st.sampled_from(MUTATIONS))
    count = {"17-actions": 17, "0-actions": 0}.get(mutation, draw(st.sampled_from([1, 1, 2, 16])))
    actions: list[Any] = []
    for _ in range(count):
        size = draw(st.sampled_from([0, 1, 2, 8]))
        actions.append(
            {
                "capability": draw(_GOOD_CAPABILITY),
                "target": draw(_GOOD_NAME),
                "parameters": draw(st.dictionaries(_GOOD_NAME, _GOOD_VALUE, min_size=size, max_size=size)),
            }
        )
    index = draw(st.integers(0, max(0, count - 1)))
    if actions:
        action = actions[index]
        parameters = action["parameters"]
        if mutation == "9-parameters":
            while len(parameters) < 9:
                parameters[draw(_GOOD_NAME)] = draw(_GOOD_VALUE)
        elif mutation == "bad-parameter-name":
            parameters[draw(_BAD_NAME)] = draw(_GOOD_VALUE)
        elif mutation == "bad-parameter-value":
            parameters[draw(_GOOD_NAME)] = draw(_BAD_VALUE)
        elif mutation == "parameters-not-object":
            action["parameters"] = draw(_ANY)
        elif mutation == "bad-capability":
            action["capability"] = draw(_BAD_CAPABILITY)
        elif mutation == "bad-target":
            action["target"] = draw(_BAD_NAME)
        elif mutation == "drop-action-key":
            del action[draw(st.sampled_from(sorted(action)))]
        elif mutation == "extra-action-key":
            action[draw(st.one_of(_GOOD_NAME, _BAD_NAME))] = draw(_ANY)
        elif mutation == "action-not-object":
            actions[index] = draw(_ANY)
    plan: Any = {"actions": actions}
    if mutation == "extra-plan-key":
        plan[draw(st.one_of(_GOOD_NAME, _BAD_NAME))] = draw(_ANY)
    elif mutation == "plan-not-object":
        plan = draw(st.one_of(st.just({}), _ANY))
    elif mutation == "actions-not-array":
        plan["actions"] = draw(_ANY)
    arguments: dict[str, Any] = {"request_token": draw(_BAD_TOKEN if mutation == "bad-token" else _GOOD_TOKEN)}
    if mutation != "no-plan":
        arguments["plan"] = plan
    if mutation == "extra-argument":
        arguments[draw(st.one_of(_GOOD_NAME, _BAD_NAME))] = draw(_ANY)
    elif mutation == "no-token":
        del arguments["request_token"]
    return arguments


def _accepted(arguments: dict[str, Any]) -> bool:
    try:
        check_arguments(schemas.EXECUTE, arguments)
    except ToolInputError:
        return False
    return True


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_arguments())
def test_validator_accepts_exactly_what_the_published_schema_accepts(arguments: dict[str, Any]) -> None:
    validator = jsonschema.Draft202012Validator(schemas.EXECUTE_INPUT_SCHEMA)
    assert _accepted(arguments) == validator.is_valid(arguments)


def _with(**changes: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 2}}
    action.update(changes.pop("action", {}))
    arguments: dict[str, Any] = {"request_token": "tok12345", "plan": {"actions": [action] * changes.pop("n", 1)}}
    arguments.update(changes)
    return arguments


BOUNDARIES = {
    "16-actions": (_with(n=16), True),
    "17-actions": (_with(n=17), False),
    "8-parameters": (_with(action={"parameters": {f"p{i}": i for i in range(8)}}), True),
    "9-parameters": (_with(action={"parameters": {f"p{i}": i for i in range(9)}}), False),
    "64-char-value": (_with(action={"parameters": {"color": "v" * 64}}), True),
    "65-char-value": (_with(action={"parameters": {"color": "v" * 65}}), False),
    "64-char-target": (_with(action={"target": "t" * 64}), True),
    "65-char-target": (_with(action={"target": "t" * 65}), False),
    "65-char-parameter-name": (_with(action={"parameters": {"p" * 65: 1}}), False),
    "null-value": (_with(action={"parameters": {"on": None}}), False),
    "list-value": (_with(action={"parameters": {"on": [True]}}), False),
    "bool-int-float-string": (_with(action={"parameters": {"a": True, "b": 1, "c": 1.5, "d": "x"}}), True),
    "8-char-token": (_with(request_token="a" * 8), True),
    "7-char-token": (_with(request_token="a" * 7), False),
    "256-char-token": (_with(request_token="a" * 256), True),
    "257-char-token": (_with(request_token="a" * 257), False),
    "token-with-slash": (_with(request_token="abc/defgh"), False),
}


@pytest.mark.parametrize(("arguments", "valid"), BOUNDARIES.values(), ids=BOUNDARIES.keys())
def test_validator_and_schema_agree_on_every_boundary(arguments: dict[str, Any], valid: bool) -> None:
    assert jsonschema.Draft202012Validator(schemas.EXECUTE_INPUT_SCHEMA).is_valid(arguments) is valid
    assert _accepted(arguments) is valid


def test_the_generator_reaches_both_verdicts() -> None:
    """Guard against a vacuous property: the strategy must produce valid and invalid inputs."""
    verdicts: set[bool] = set()

    @settings(max_examples=40, deadline=None, database=None)
    @given(_arguments())
    def collect(arguments: dict[str, Any]) -> None:
        verdicts.add(_accepted(arguments))

    collect()
    assert verdicts == {True, False}


def test_published_schemas_are_valid_json_schema() -> None:
    for schema in (
        schemas.EXECUTE_INPUT_SCHEMA,
        schemas.CAPABILITIES_INPUT_SCHEMA,
        schemas.EXECUTE_OUTPUT_SCHEMA,
        schemas.CAPABILITIES_OUTPUT_SCHEMA,
    ):
        jsonschema.Draft202012Validator.check_schema(schema)


def test_the_stub_result_conforms_to_the_output_schema_and_the_checker() -> None:
    cleaned = clean_result(EXECUTE_RESULT, ())
    jsonschema.validate(cleaned, schemas.EXECUTE_OUTPUT_SCHEMA)
    assert check_execute_result(cleaned) == cleaned


def test_a_full_plan_of_sixteen_actions_is_forwarded_unchanged() -> None:
    action = {"capability": "window.set_position", "target": "rear_left", "parameters": {"open_percent": 50}}
    arguments = {"request_token": "tok.abc-123_~", "plan": {"actions": [action] * 16}}
    assert check_arguments(schemas.EXECUTE, arguments) == arguments
    assert check_arguments(schemas.GET_CAPABILITIES, {"request_token": "tok.abc-123_~"}) == {
        "request_token": "tok.abc-123_~"
    }


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_non_finite_numbers_are_refused(bad: float) -> None:
    action = {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": bad}}
    with pytest.raises(ToolInputError, match="finite"):
        check_arguments(schemas.EXECUTE, {"request_token": "tok12345", "plan": {"actions": [action]}})


def test_capabilities_refuses_a_plan() -> None:
    with pytest.raises(ToolInputError, match="unknown keys"):
        check_arguments(schemas.GET_CAPABILITIES, {"request_token": "tok12345", "plan": {"actions": []}})


def test_clean_result_drops_frames_at_every_depth_and_redacts_secrets() -> None:
    answer = {
        "status": "dry_run",
        "message": "would send; token tok-SECRET-1 seen",
        "actions": [
            {"frames": [{"id": "0x3A0"}], "members": [{"frames": [], "target": "all", "note": ["tok-SECRET-1"]}]}
        ],
        "frames": "top",
    }
    original = copy.deepcopy(answer)
    cleaned = clean_result(answer, ("tok-SECRET-1", ""))
    assert cleaned == {
        "status": "dry_run",
        "message": "would send; token [redacted] seen",
        "actions": [{"members": [{"target": "all", "note": ["[redacted]"]}]}],
    }
    assert answer == original  # the input is not modified


@pytest.mark.parametrize(
    "mutate",
    [
        lambda r: r.update(status="no_action"),
        lambda r: r.pop("message"),
        lambda r: r.update(actions={}),
        lambda r: r["actions"][0].update(status="maybe"),
        lambda r: r["actions"][0].update(source="model_said_so"),
        lambda r: r["actions"][0].pop("reason"),
        lambda r: r["actions"][0].update(reason=3),
        lambda r: r["actions"][0].update(parameters=None),
        lambda r: r["actions"][0].update(members=[{"status": "applied"}]),
        lambda r: r["actions"][0].update(members=[{"target": "driver", "status": "sent"}]),
    ],
)
def test_off_contract_execute_results_are_refused(mutate: Any) -> None:
    result = clean_result(EXECUTE_RESULT, ())
    mutate(result)
    with pytest.raises(BackendProtocolError) as caught:
        check_execute_result(result)
    assert caught.value.outcome_known is False
    assert not jsonschema.Draft202012Validator(schemas.EXECUTE_OUTPUT_SCHEMA).is_valid(result)
