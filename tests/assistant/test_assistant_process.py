"""The process layer with small fake ``codex`` scripts: environment, session,
stderr tail, line bound, bounded stop."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

import pytest

from app.assistant import AssistantSettings, process
from app.assistant.client import CodexClient
from app.assistant.errors import ConfigurationError, ProtocolError
from app.assistant.mcp_host import BEARER_VAR, McpEndpoint
from app.assistant.process import ProcessTransport

ENDPOINT = McpEndpoint("http://127.0.0.1:40123/mcp", "mcp-bearer-" + "Q7" * 16)


def script(tmp_path: Path, body: str, name: str = "codex") -> str:
    path = tmp_path / name
    path.write_text(f"#!{sys.executable}\nimport json, os, signal, subprocess, sys, time\n{body}\n")
    path.chmod(0o755)
    return str(path)


def settings_for(tmp_path: Path, command: str, **env: str) -> AssistantSettings:
    source = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env}
    return AssistantSettings.from_env(source, state_dir=tmp_path / "state", command=command)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_codex_gets_only_the_allowlisted_environment_in_its_own_session(tmp_path: Path) -> None:
    dump = tmp_path / "env.json"
    command = script(
        tmp_path,
        f"""
json.dump({{"env": dict(os.environ), "pid": os.getpid(), "pgid": os.getpgid(0),
           "sid": os.getsid(0)}}, open({str(dump)!r}, "w"))
""",
    )
    settings = settings_for(
        tmp_path,
        command,
        AWS_SECRET_ACCESS_KEY="aws",
        PYTHONPATH="/x",
        LD_PRELOAD="/evil.so",
        LC_CTYPE="C.UTF-8",
        OPENAI_API_KEY="sk-k",
    )
    with pytest.raises(ConfigurationError):
        asyncio.run(CodexClient.launch(settings, ENDPOINT))
    seen = json.loads(dump.read_text())
    assert set(seen["env"]) == {"PATH", "HOME", "LC_CTYPE", "OPENAI_API_KEY", "CODEX_HOME", BEARER_VAR}
    assert seen["env"][BEARER_VAR] == ENDPOINT.bearer
    assert seen["pgid"] == seen["pid"] == seen["sid"]


def test_exit_before_initialize_reports_a_bounded_redacted_stderr_tail(tmp_path: Path) -> None:
    command = script(
        tmp_path,
        """
for n in range(100):
    print(f"line {n}: \\x1b[31mError\\x1b[0m Authorization: Bearer abc.def api_key=hunter2", file=sys.stderr)
print("token " + os.environ["N7WEB_MCP_BEARER_TOKEN"], file=sys.stderr)
print("key " + os.environ["OPENAI_API_KEY"], file=sys.stderr)
sys.exit(1)
""",
    )
    settings = settings_for(tmp_path, command, OPENAI_API_KEY="plain-provider-key-42")
    with pytest.raises(ConfigurationError) as caught:
        asyncio.run(CodexClient.launch(settings, ENDPOINT))
    text = str(caught.value)
    assert "before initialize (configuration error)" in text
    assert "line 99" in text and "line 50:" not in text
    for secret in ("abc.def", "hunter2", ENDPOINT.bearer, "plain-provider-key-42", "\x1b["):
        assert secret not in text


def test_response_line_over_one_mebibyte_fails_the_start_as_protocol_error(tmp_path: Path) -> None:
    command = script(
        tmp_path,
        """
sys.stdin.readline()
sys.stdout.write('{"id": 1, "result": "' + "x" * (2 * 1024 * 1024) + '"}\\n')
sys.stdout.flush()
sys.stdin.read()
""",
    )
    started = time.monotonic()
    with pytest.raises(ProtocolError):
        asyncio.run(CodexClient.launch(settings_for(tmp_path, command), ENDPOINT))
    assert time.monotonic() - started < 8


def test_stop_escalates_to_sigkill_for_the_whole_group(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(process, "STDIN_GRACE_S", 0.2)
    monkeypatch.setattr(process, "TERM_GRACE_S", 0.2)
    pids = tmp_path / "pids"
    command = script(
        tmp_path,
        f"""
signal.signal(signal.SIGTERM, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c",
    "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"],
    stdin=subprocess.DEVNULL)
open({str(pids)!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
sys.stdin.close()
time.sleep(60)
""",
    )

    async def main() -> tuple[int, int, float]:
        transport = await ProcessTransport.spawn([command], {"PATH": "/usr/bin:/bin"}, tmp_path)
        for _ in range(100):
            if pids.exists() and pids.read_text():
                break
            await asyncio.sleep(0.05)
        leader, child = map(int, pids.read_text().split())
        started = time.monotonic()
        await transport.stop()
        return leader, child, time.monotonic() - started

    leader, child, took = asyncio.run(main())
    assert not alive(leader)
    deadline = time.monotonic() + 2
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child)
    assert 0.35 < took < 2.0  # stdin grace + SIGTERM grace, then SIGKILL


def test_stop_returns_at_once_when_codex_exits_on_stdin_close(tmp_path: Path) -> None:
    command = script(tmp_path, "sys.stdin.read()")

    async def main() -> tuple[int | None, float]:
        transport = await ProcessTransport.spawn([command], {"PATH": "/usr/bin:/bin"}, tmp_path)
        started = time.monotonic()
        code = await transport.stop()
        return code, time.monotonic() - started

    code, took = asyncio.run(main())
    assert code == 0 and took < 1.5
