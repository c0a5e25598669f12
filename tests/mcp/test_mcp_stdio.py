"""The real server over stdio, driven by the real MCP SDK client, against a loopback backend stub.

One server process serves the whole module (a start costs ~0.6 s); each test
scripts the stub's next answers and clears its request log first.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp_backend_stub import EXECUTE_RESULT, Answer, BackendStub
from mcp_harness import CALLBACK_TOKEN, REQUEST_TOKEN, mcp_session, server_env

from mcp_server import schemas

pytestmark = pytest.mark.anyio

PLAN = {"actions": [{"capability": "climate.set_temperature", "target": "driver", "parameters": {"celsius": 21.0}}]}


@pytest.fixture(scope="module")
def backend() -> Iterator[BackendStub]:
    with BackendStub() as stub:
        yield stub


@pytest.fixture(scope="module")
def stderr_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp-stderr") / "server.log"


@pytest.fixture(scope="module")
async def session(backend: BackendStub, stderr_log: Path) -> AsyncIterator[Any]:
    with stderr_log.open("w", encoding="utf-8") as errlog:
        async with mcp_session(server_env(backend.url, timeout="1.0"), errlog) as client:
            yield client


@pytest.fixture(autouse=True)
def _fresh_backend(backend: BackendStub) -> None:
    backend.reset()


def _text(result: Any) -> str:
    return "".join(block.text for block in result.content)


def _contains_key(value: Any, key: str) -> bool:
    if isinstance(value, dict):
        return key in value or any(_contains_key(item, key) for item in value.values())
    if isinstance(value, list):
        return any(_contains_key(item, key) for item in value)
    return False


async def test_tools_list_shows_exactly_the_two_tools_with_schemas_and_annotations(session: Any) -> None:
    listed = await session.list_tools()
    tools = {tool.name: tool.model_dump(by_alias=True, exclude_none=True) for tool in listed.tools}
    assert set(tools) == {"get_n7web_capabilities", "execute_cockpit_request"}

    execute = tools["execute_cockpit_request"]
    assert execute["inputSchema"] == schemas.EXECUTE_INPUT_SCHEMA
    assert execute["inputSchema"]["required"] == ["request_token"]
    assert execute["inputSchema"]["additionalProperties"] is False
    plan = execute["inputSchema"]["properties"]["plan"]
    assert plan["additionalProperties"] is False
    assert plan["properties"]["actions"]["maxItems"] == 16
    action = plan["properties"]["actions"]["items"]
    assert action["additionalProperties"] is False
    assert set(action["required"]) == {"capability", "target", "parameters"}
    assert execute["outputSchema"]["required"] == ["status", "message", "actions"]
    assert execute["annotations"] == {
        "title": "Carry out a revalidated cockpit request",
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    }

    get = tools["get_n7web_capabilities"]
    assert get["inputSchema"] == schemas.CAPABILITIES_INPUT_SCHEMA
    assert get["outputSchema"]["type"] == "object"
    assert get["annotations"]["readOnlyHint"] is True
    assert get["annotations"]["openWorldHint"] is False


async def test_execute_forwards_exactly_token_and_plan_with_bearer_and_returns_structured_result(
    session: Any, backend: BackendStub
) -> None:
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})

    assert result.is_error is False
    [request] = backend.requests
    assert request.path == "/internal/v1/execute"
    assert request.headers["authorization"] == f"Bearer {CALLBACK_TOKEN}"
    assert request.headers["content-type"] == "application/json"
    assert request.json == {"request_token": REQUEST_TOKEN, "plan": PLAN}
    # The executor's result, minus raw CAN data at every level.
    assert result.structured_content["status"] == "applied"
    assert result.structured_content["actions"][0]["members"][0]["status"] == "applied"
    assert not _contains_key(result.structured_content, "frames")
    assert "frames" not in _text(result) and "0a1b2c3d" not in _text(result)
    assert json.loads(_text(result)) == result.structured_content
    expected = json.loads(json.dumps(EXECUTE_RESULT))
    del expected["actions"][0]["frames"]
    del expected["actions"][0]["members"][0]["frames"]
    assert result.structured_content == expected


async def test_execute_without_plan_sends_no_plan_key(session: Any, backend: BackendStub) -> None:
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN})
    assert result.is_error is False
    assert backend.requests[0].json == {"request_token": REQUEST_TOKEN}


async def test_capabilities_posts_the_token_to_the_capabilities_route(session: Any, backend: BackendStub) -> None:
    result = await session.call_tool("get_n7web_capabilities", {"request_token": REQUEST_TOKEN})
    assert result.is_error is False
    assert result.structured_content["generation"] == "g-1"
    [request] = backend.requests
    assert request.path == "/internal/v1/capabilities"
    assert request.headers["authorization"] == f"Bearer {CALLBACK_TOKEN}"
    assert request.json == {"request_token": REQUEST_TOKEN}


@pytest.mark.parametrize(
    ("status", "code", "nothing_sent"),
    [
        (401, "unauthorized", True),
        (403, "token_invalid", True),
        (403, "token_expired", True),
        (403, "token_revoked", True),
        (403, "turn_closed", True),
        (403, "catalog_changed", True),
        (413, "body_too_large", True),
        (422, "invalid_body", True),
        (500, "internal_error", False),
        (503, "executor_unavailable", False),
    ],
)
async def test_each_backend_error_becomes_is_error_naming_its_code(
    session: Any, backend: BackendStub, status: int, code: str, nothing_sent: bool
) -> None:
    backend.script(Answer(status, {"error": {"code": code, "message": f"refused: {code}"}}))
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
    text = _text(result)
    assert result.is_error is True
    assert f"error {code} (HTTP {status})" in text
    assert result.structured_content is None
    assert ("Nothing was sent to the vehicle." in text) is nothing_sent
    assert ("The outcome is unknown" in text) is (not nothing_sent)


async def test_error_without_error_body_falls_back_to_a_status_code(session: Any, backend: BackendStub) -> None:
    backend.script(Answer(502, raw=b"<html>bad gateway</html>"))
    result = await session.call_tool("get_n7web_capabilities", {"request_token": REQUEST_TOKEN})
    assert result.is_error is True
    assert "error backend_error (HTTP 502)" in _text(result)
    assert "<html>" not in _text(result)


async def test_tokens_in_a_backend_message_are_redacted(session: Any, backend: BackendStub) -> None:
    backend.script(
        Answer(
            403, {"error": {"code": "token_expired", "message": f"token {REQUEST_TOKEN} / {CALLBACK_TOKEN} expired"}}
        )
    )
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN})
    text = _text(result)
    assert "token_expired" in text and "[redacted]" in text
    assert REQUEST_TOKEN not in text and CALLBACK_TOKEN not in text


async def test_callback_timeout_is_honoured(session: Any, backend: BackendStub) -> None:
    backend.script(Answer(200, EXECUTE_RESULT, delay=4.0))
    started = time.monotonic()
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
    elapsed = time.monotonic() - started
    assert result.is_error is True
    assert "error backend_timeout" in _text(result)
    assert "The outcome is unknown" in _text(result)
    assert 0.9 <= elapsed < 2.5, elapsed


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        (Answer(200, raw=b"not json"), "backend_protocol_error"),
        (Answer(200, {"status": "done", "message": "", "actions": []}), "backend_protocol_error"),
        (
            Answer(200, {"status": "applied", "message": "ok", "actions": [{"capability": "x"}]}),
            "backend_protocol_error",
        ),
        (Answer(200, raw=b"[" + b"1," * (600 * 1024) + b"1]"), "backend_response_too_large"),
        (Answer(200, raw=b"{}", content_length=5 * 1024 * 1024), "backend_response_too_large"),
    ],
    ids=["not-json", "unknown-status", "incomplete-action", "oversized", "declared-oversized"],
)
async def test_unusable_200_answers_are_errors_with_unknown_outcome(
    session: Any, backend: BackendStub, answer: Answer, code: str
) -> None:
    backend.script(answer)
    result = await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
    assert result.is_error is True
    assert f"error {code}" in _text(result)
    assert "The outcome is unknown" in _text(result)


BAD_ARGUMENTS = {
    "17-actions": ({"request_token": REQUEST_TOKEN, "plan": {"actions": PLAN["actions"] * 17}}, "invalid_arguments"),
    "empty-actions": ({"request_token": REQUEST_TOKEN, "plan": {"actions": []}}, "invalid_arguments"),
    "extra-top-key": ({"request_token": REQUEST_TOKEN, "text": "open the trunk"}, "invalid_arguments"),
    "extra-plan-key": ({"request_token": REQUEST_TOKEN, "plan": {**PLAN, "force": True}}, "invalid_arguments"),
    "extra-action-key": (
        {"request_token": REQUEST_TOKEN, "plan": {"actions": [{**PLAN["actions"][0], "priority": 1}]}},
        "invalid_arguments",
    ),
    "missing-parameters": (
        {"request_token": REQUEST_TOKEN, "plan": {"actions": [{"capability": "climate.power", "target": "cabin"}]}},
        "invalid_arguments",
    ),
    "nested-parameter": (
        {
            "request_token": REQUEST_TOKEN,
            "plan": {"actions": [{"capability": "climate.power", "target": "cabin", "parameters": {"on": {"x": 1}}}]},
        },
        "invalid_arguments",
    ),
    "free-text-capability": (
        {
            "request_token": REQUEST_TOKEN,
            "plan": {"actions": [{"capability": "Open the trunk now", "target": "cabin", "parameters": {}}]},
        },
        "invalid_arguments",
    ),
    "plan-null": ({"request_token": REQUEST_TOKEN, "plan": None}, "invalid_arguments"),
    "plan-as-string": ({"request_token": REQUEST_TOKEN, "plan": json.dumps(PLAN)}, "invalid_arguments"),
    "token-too-short": ({"request_token": "abc"}, "token_invalid"),
    "token-bad-chars": ({"request_token": "secret token value with spaces"}, "token_invalid"),
    "token-missing": ({"plan": PLAN}, "invalid_arguments"),
}


@pytest.mark.parametrize(("arguments", "code"), BAD_ARGUMENTS.values(), ids=BAD_ARGUMENTS.keys())
async def test_invalid_arguments_are_refused_locally_without_any_http_call(
    session: Any, backend: BackendStub, arguments: dict[str, Any], code: str
) -> None:
    result = await session.call_tool("execute_cockpit_request", arguments)
    text = _text(result)
    assert result.is_error is True
    assert f"error {code}" in text
    assert "Nothing was sent to the vehicle." in text
    assert backend.requests == []
    # Values the model sent are never echoed back.
    assert "secret token value" not in text and "Open the trunk now" not in text


async def test_unknown_tool_is_an_error_result(session: Any, backend: BackendStub) -> None:
    result = await session.call_tool("run_shell", {"request_token": REQUEST_TOKEN})
    assert result.is_error is True
    assert "error unknown_tool" in _text(result)
    assert backend.requests == []


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_backend_down_is_an_error_quickly(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/internal/v1"
    with (tmp_path / "stderr.log").open("w", encoding="utf-8") as errlog:
        async with mcp_session(server_env(url, timeout="10"), errlog) as client:
            started = time.monotonic()
            result = await client.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
            elapsed = time.monotonic() - started
    assert result.is_error is True
    assert "error backend_unavailable" in _text(result)
    assert "Nothing was sent to the vehicle." in _text(result)
    assert elapsed < 1.0, elapsed


async def test_stderr_has_failure_lines_but_never_a_token(session: Any, backend: BackendStub, stderr_log: Path) -> None:
    # Its own failures (xdist may run the module's other tests on another worker):
    # a callback that times out, then one refused with the token in its message.
    backend.script(Answer(200, EXECUTE_RESULT, delay=4.0))
    await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN, "plan": PLAN})
    backend.script(Answer(403, {"error": {"code": "token_revoked", "message": f"{REQUEST_TOKEN} revoked"}}))
    await session.call_tool("execute_cockpit_request", {"request_token": REQUEST_TOKEN})
    await anyio.sleep(0.2)  # let the child's stderr reach the file
    log = stderr_log.read_text(encoding="utf-8")
    assert "token_revoked" in log and "backend_timeout" in log
    assert CALLBACK_TOKEN not in log
    assert REQUEST_TOKEN not in log
    assert all(line.startswith("n7_vehicle ") for line in log.splitlines() if line.strip())
