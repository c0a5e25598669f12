"""Byte-level checks the SDK client would hide: stdout is protocol only, EOF ends the server cleanly."""

from __future__ import annotations

import json
from pathlib import Path

from mcp_backend_stub import Answer, BackendStub
from mcp_harness import CALLBACK_TOKEN, REPO, REQUEST_TOKEN, server_command, server_env
from mcp_jsonrpc import LineRpc

PLAN = {"actions": [{"capability": "window.set_position", "target": "driver", "parameters": {"open_percent": 50}}]}


def test_stdout_carries_only_json_rpc_and_eof_ends_the_server(tmp_path: Path) -> None:
    with BackendStub() as backend:
        backend.script(
            Answer(200, None, raw=b'{"status": "applied", "message": "ok", "actions": []}'),
            Answer(422, {"error": {"code": "invalid_body", "message": "unknown key"}}),
        )
        with LineRpc(
            server_command(), env=server_env(backend.url), cwd=REPO, stderr_path=tmp_path / "stderr.log"
        ) as server:
            init = server.request(
                "initialize",
                {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "raw-test", "version": "0"},
                },
            )
            assert init["serverInfo"]["name"] == "n7_vehicle"
            assert init["capabilities"]["tools"] is not None
            server.notify("notifications/initialized")
            tools = server.request("tools/list", {})["tools"]
            assert [tool["name"] for tool in tools] == ["get_n7web_capabilities", "execute_cockpit_request"]

            ok = server.request(
                "tools/call",
                {"name": "execute_cockpit_request", "arguments": {"request_token": REQUEST_TOKEN, "plan": PLAN}},
            )
            assert ok["isError"] is False and ok["structuredContent"]["status"] == "applied"
            refused = server.request(
                "tools/call",
                {"name": "execute_cockpit_request", "arguments": {"request_token": REQUEST_TOKEN, "plan": PLAN}},
            )
            assert refused["isError"] is True and "invalid_body" in refused["content"][0]["text"]
            local = server.request(
                "tools/call", {"name": "execute_cockpit_request", "arguments": {"request_token": "bad token"}}
            )
            assert local["isError"] is True and "token_invalid" in local["content"][0]["text"]

            server.send_raw(b"this is not json\n")
            server.send_raw(b'{"jsonrpc": "2.0", "id": 99, "method": "no/such/method"}\n')
            assert isinstance(server.request("ping", {}), dict)  # still answering after garbage
            exit_status = server.close()

        assert exit_status == 0
        assert len(backend.requests) == 2
        stderr = (tmp_path / "stderr.log").read_text(encoding="utf-8")

    assert server.stdout_lines, "nothing on stdout"
    for line in server.stdout_lines:
        message = json.loads(line)
        assert isinstance(message, dict) and message.get("jsonrpc") == "2.0", line
        assert ("id" in message and ("result" in message or "error" in message)) or "method" in message, line
    answered = {json.loads(line).get("id") for line in server.stdout_lines}
    assert 99 in answered  # the unknown method got a JSON-RPC error, not silence
    assert CALLBACK_TOKEN not in stderr and REQUEST_TOKEN not in stderr
    assert "Traceback" not in stderr
