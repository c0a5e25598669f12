"""The correlation layer over an in-memory transport, named by failure mode."""

from __future__ import annotations

import asyncio
import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest

from app.assistant.errors import (
    ConnectionClosedError,
    ProtocolError,
    RpcError,
    RpcTimeoutError,
    UnavailableError,
    UnsupportedOperationError,
)
from app.assistant.rpc import MAX_PENDING, RpcConnection, decline_answer
from app.assistant.settings import default_codex_command
from app.assistant.transport import MAX_INBOUND_LINE, MemoryTransport

SCHEMA_SERVER_REQUESTS = {
    # method -> expected answer, for every ServerRequest of the 0.147.0 schema
    "item/commandExecution/requestApproval": ({"decision": "decline"}, None),
    "item/fileChange/requestApproval": ({"decision": "decline"}, None),
    "item/tool/requestUserInput": ({"answers": {}}, None),
    "mcpServer/elicitation/request": ({"action": "decline", "content": None}, None),
    "item/permissions/requestApproval": ({"permissions": {}, "scope": "turn"}, None),
    "item/tool/call": ("success-false", None),
    "account/chatgptAuthTokens/refresh": (None, -32601),
    "attestation/generate": (None, -32601),
    "applyPatchApproval": ({"decision": "denied"}, None),
    "execCommandApproval": ({"decision": "denied"}, None),
    "some/future/request": (None, -32601),
}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Peer:
    """The test's side of the memory transport."""

    def __init__(self, **kwargs: Any) -> None:
        self.transport = MemoryTransport()
        self.notes: list[tuple[str, dict]] = []
        self.rpc = RpcConnection(self.transport, on_notification=lambda m, p: self.notes.append((m, p)), **kwargs)
        self.loop_task = asyncio.create_task(self.rpc.run())

    def send(self, message: dict) -> None:
        self.transport.feed(json.dumps(message).encode() + b"\n")

    async def sent(self) -> dict:
        return json.loads(await asyncio.wait_for(self.transport.sent.get(), 2))

    async def finish(self) -> BaseException | None:
        try:
            await asyncio.wait_for(self.loop_task, 2)
        except Exception as exc:  # the loop re-raises protocol errors
            return exc
        return None


def test_answers_resolve_their_own_calls_when_they_arrive_out_of_order() -> None:
    async def body() -> None:
        peer = Peer()
        first = asyncio.create_task(peer.rpc.request("thread/start", {"n": 1}))
        second = asyncio.create_task(peer.rpc.request("thread/start", {"n": 2}))
        a, b = await peer.sent(), await peer.sent()
        peer.send({"id": b["id"], "result": {"who": 2}})
        peer.send({"id": a["id"], "result": {"who": 1}})
        assert (await first, await second) == ({"who": 1}, {"who": 2})
        assert peer.rpc.pending_count == 0
        peer.transport.feed_eof()
        assert await peer.finish() is None

    run(body())


def test_eof_fails_every_pending_call_with_connection_closed() -> None:
    async def body() -> None:
        peer = Peer()
        calls = [asyncio.create_task(peer.rpc.request("thread/start", {})) for _ in range(5)]
        for _ in calls:
            await peer.sent()
        peer.transport.feed_eof()
        results = await asyncio.gather(*calls, return_exceptions=True)
        assert all(isinstance(r, ConnectionClosedError) for r in results)
        assert "became unavailable" in str(results[0])
        assert peer.rpc.pending_count == 0

    run(body())


def test_calls_after_eof_fail_at_once_with_the_same_typed_error() -> None:
    async def body() -> None:
        peer = Peer()
        peer.transport.feed_eof()
        await peer.finish()
        with pytest.raises(ConnectionClosedError):
            await peer.rpc.request("thread/start", {})
        with pytest.raises(ConnectionClosedError):
            await peer.rpc.notify("initialized")
        assert peer.transport.sent.empty()

    run(body())


def test_timeout_raises_and_the_late_answer_is_dropped_without_crashing() -> None:
    async def body() -> None:
        peer = Peer(request_timeout_s=0.05)
        with pytest.raises(RpcTimeoutError) as caught:
            await peer.rpc.request("turn/start", {})
        assert isinstance(caught.value, TimeoutError)
        assert "outcome unknown" in str(caught.value)
        late = await peer.sent()
        peer.send({"id": late["id"], "result": {"late": True}})
        follow = asyncio.create_task(peer.rpc.request("config/read", {}))
        peer.send({"id": (await peer.sent())["id"], "result": {"ok": 1}})
        assert await follow == {"ok": 1}
        assert not peer.loop_task.done()
        peer.transport.feed_eof()

    run(body())


def test_answer_to_an_id_never_sent_is_dropped() -> None:
    async def body() -> None:
        peer = Peer()
        peer.send({"id": 999, "result": {}})
        peer.send({"id": "not-an-int", "result": {}})
        call = asyncio.create_task(peer.rpc.request("config/read", {}))
        peer.send({"id": (await peer.sent())["id"], "result": {"fine": True}})
        assert await call == {"fine": True}
        peer.transport.feed_eof()
        assert await peer.finish() is None

    run(body())


def test_error_answer_raises_rpc_error_with_code_and_redacted_message() -> None:
    async def body() -> None:
        peer = Peer(secrets=("s3cr3t-callback-token",))
        call = asyncio.create_task(peer.rpc.request("thread/resume", {}))
        peer.send(
            {
                "id": (await peer.sent())["id"],
                "error": {"code": -32600, "message": "bad s3cr3t-callback-token Bearer abc.def sk-abcdefgh123"},
            }
        )
        with pytest.raises(RpcError) as caught:
            await call
        assert caught.value.code == -32600
        text = str(caught.value)
        assert "s3cr3t" not in text and "abc.def" not in text and "sk-abcdefgh123" not in text
        peer.transport.feed_eof()

    run(body())


def test_line_over_one_mebibyte_fails_the_connection_and_pending_calls() -> None:
    async def body() -> None:
        peer = Peer()
        call = asyncio.create_task(peer.rpc.request("config/read", {}))
        await peer.sent()
        peer.transport.feed(b'{"method":"x","params":{"pad":"' + b"a" * MAX_INBOUND_LINE + b'"}}\n')
        with pytest.raises(ProtocolError):
            await call
        assert isinstance(await peer.finish(), ProtocolError)
        assert isinstance(peer.rpc.closed, ProtocolError)

    run(body())


def test_line_of_exactly_one_mebibyte_is_accepted() -> None:
    async def body() -> None:
        peer = Peer()
        prefix, suffix = b'{"method":"big","params":{"pad":"', b'"}}'
        pad = MAX_INBOUND_LINE - len(prefix) - len(suffix)
        peer.transport.feed(prefix + b"a" * pad + suffix + b"\n")
        peer.transport.feed_eof()
        assert await peer.finish() is None
        assert peer.notes[0][0] == "big"

    run(body())


@pytest.mark.parametrize("data", [b'{"id": 1, "res', b"not json\n", b"[1, 2]\n", b'{"neither": true}\n', b"\xff\xfe\n"])
def test_malformed_input_is_a_protocol_error_not_silence(data: bytes) -> None:
    async def body() -> None:
        peer = Peer()
        call = asyncio.create_task(peer.rpc.request("config/read", {}))
        await peer.sent()
        peer.transport.feed(data)
        peer.transport.feed_eof()
        assert isinstance(await peer.finish(), ProtocolError)
        with pytest.raises(ProtocolError):
            await call

    run(body())


def test_answer_with_both_result_and_error_fails_only_that_call() -> None:
    async def body() -> None:
        peer = Peer()
        call = asyncio.create_task(peer.rpc.request("config/read", {}))
        peer.send({"id": (await peer.sent())["id"], "result": {}, "error": {"code": 1}})
        with pytest.raises(ProtocolError):
            await call
        assert peer.rpc.closed is None
        peer.transport.feed_eof()

    run(body())


def test_oversized_request_is_refused_before_anything_is_written() -> None:
    async def body() -> None:
        peer = Peer()
        with pytest.raises(ProtocolError):
            await peer.rpc.request("turn/start", {"text": "x" * (256 * 1024)})
        assert peer.transport.sent.empty() and peer.rpc.pending_count == 0
        peer.transport.feed_eof()

    run(body())


def test_nan_in_a_request_is_refused_before_anything_is_written() -> None:
    async def body() -> None:
        peer = Peer()
        with pytest.raises(ProtocolError):
            await peer.rpc.request("turn/start", {"x": math.nan})
        assert peer.transport.sent.empty()
        peer.transport.feed_eof()

    run(body())


@pytest.mark.parametrize(
    "method",
    ["command/exec", "fs/writeFile", "thread/shellCommand", "config/value/write", "plugin/install", "turn/steer"],
)
def test_method_off_the_allowlist_is_refused(method: str) -> None:
    async def body() -> None:
        peer = Peer()
        with pytest.raises(UnsupportedOperationError):
            await peer.rpc.request(method, {})
        assert peer.transport.sent.empty()
        peer.transport.feed_eof()

    run(body())


def test_the_thirty_third_pending_call_is_refused() -> None:
    async def body() -> None:
        peer = Peer()
        calls = [asyncio.create_task(peer.rpc.request("thread/start", {})) for _ in range(MAX_PENDING)]
        await asyncio.sleep(0)
        with pytest.raises(UnavailableError):
            await peer.rpc.request("thread/start", {})
        peer.transport.feed_eof()
        await asyncio.gather(*calls, return_exceptions=True)

    run(body())


def test_send_failure_fails_the_call_and_every_other_pending_one() -> None:
    async def body() -> None:
        peer = Peer()
        waiting = asyncio.create_task(peer.rpc.request("thread/start", {}))
        await peer.sent()
        peer.transport.fail_sends = True
        with pytest.raises(ConnectionClosedError):
            await peer.rpc.request("config/read", {})
        with pytest.raises(ConnectionClosedError):
            await waiting
        peer.transport.feed_eof()

    run(body())


def test_cancelled_read_loop_still_fails_pending_calls() -> None:
    async def body() -> None:
        peer = Peer()
        call = asyncio.create_task(peer.rpc.request("config/read", {}))
        await peer.sent()
        peer.loop_task.cancel()
        with pytest.raises(ConnectionClosedError):
            await call

    run(body())


def test_fail_all_is_idempotent_and_keeps_the_first_reason() -> None:
    async def body() -> None:
        peer = Peer()
        peer.rpc.fail_all(ProtocolError("first"))
        peer.rpc.fail_all(ConnectionClosedError("second"))
        assert str(peer.rpc.closed) == "first"
        with pytest.raises(ProtocolError):
            await peer.rpc.request("config/read", {})
        peer.transport.feed_eof()

    run(body())


@pytest.mark.parametrize("method", sorted(SCHEMA_SERVER_REQUESTS))
def test_every_server_request_is_declined(method: str) -> None:
    expected_result, expected_code = SCHEMA_SERVER_REQUESTS[method]

    async def body() -> None:
        peer = Peer()
        peer.send({"id": 41, "method": method, "params": {"threadId": "t", "turnId": "u"}})
        answer = await peer.sent()
        assert answer["id"] == 41
        if expected_code is not None:
            assert answer["error"]["code"] == expected_code and "result" not in answer
        elif expected_result == "success-false":
            assert answer["result"]["success"] is False
            assert answer["result"]["contentItems"][0]["type"] == "inputText"
        else:
            assert answer["result"] == expected_result
        assert peer.rpc.declined == [method]
        peer.transport.feed_eof()

    run(body())


def test_decline_table_covers_every_server_request_of_the_0147_schema(tmp_path: Path) -> None:
    codex = default_codex_command({})
    subprocess.run(
        [codex, "app-server", "generate-json-schema", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=30,
    )
    listed = {
        v["properties"]["method"]["enum"][0] for v in json.loads((tmp_path / "ServerRequest.json").read_text())["oneOf"]
    }
    assert listed == set(SCHEMA_SERVER_REQUESTS) - {"some/future/request"}
    for method in listed:
        result, failure = decline_answer(method)
        assert (result is None) != (failure is None)
        if result is not None:
            assert "accept" not in json.dumps(result) and "approved" not in json.dumps(result)


def test_server_request_from_a_stale_generation_is_not_answered() -> None:
    async def body() -> None:
        current = {"generation": 1}
        peer = Peer(generation=1, is_current=lambda g: g == current["generation"])
        current["generation"] = 2
        peer.send({"id": 7, "method": "item/tool/requestUserInput", "params": {}})
        peer.send({"method": "after", "params": {}})
        peer.transport.feed_eof()
        await peer.finish()
        assert peer.transport.sent.empty()
        assert peer.notes[-1][0] == "after"

    run(body())


def test_notifications_reach_the_callback_in_order_with_their_params() -> None:
    async def body() -> None:
        peer = Peer()
        for n in range(3):
            peer.send({"method": f"n{n}", "params": {"threadId": "t", "k": n}})
        peer.send({"method": "bare"})
        peer.transport.feed_eof()
        await peer.finish()
        assert [m for m, _ in peer.notes] == ["n0", "n1", "n2", "bare"]
        assert peer.notes[2][1]["k"] == 2 and peer.notes[3][1] == {}
        assert list(peer.rpc.events)[0] == ("n0", "t")

    run(body())


def test_outbound_json_is_compact_and_has_no_jsonrpc_noise() -> None:
    async def body() -> None:
        peer = Peer()
        await peer.rpc.notify("initialized")
        raw = await asyncio.wait_for(peer.transport.sent.get(), 1)
        assert raw == b'{"method":"initialized"}'
        peer.transport.feed_eof()

    run(body())
