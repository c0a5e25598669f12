"""Start-up figures of the `n7_vehicle` MCP server (DESIGN section 8).

The service now runs one shared server over streamable HTTP, so this start
is paid once per service start (and per restart), not per conversation as
when codex started a stdio server per thread. The figures still bound how
long `assistant.mcp` stays "down" after a crash. Measured with raw JSON-RPC
lines on pipes (the stdio mode; the import cost is the same), no SDK client
in the way:

    spawn -> `initialize` answered -> `tools/list` answered, then RSS

and prints the median (and min/max) over several runs, plus the cumulative
`-X importtime` of the slowest top-level imports of one start.

    .venv/bin/python bench/mcp_startup.py                 # this repo's server
    .venv/bin/python bench/mcp_startup.py --runs 9
    .venv/bin/python bench/mcp_startup.py -- /tmp/v/bin/python other_server.py

With this repo's server it also times `--http` as the backend runs it
(bound socket and bearer handed over): spawn -> `ready` -> `tools/list`
answered over HTTP, i.e. how long a restart keeps requests waiting.

The server needs no backend for these two requests; the callback variables
are set to valid placeholder values so the server's own checks pass.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROTOCOL_VERSION = "2025-06-18"
PLACEHOLDER_ENV = {
    "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL": "http://127.0.0.1:9/internal/v1",
    "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN": "bench-placeholder-token-0123456789",
    "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS": "5",
}
READ_TIMEOUT_S = 30.0


def _child_env() -> dict[str, str]:
    """The same small environment codex gives an MCP server (HOME, LANG, PATH + named variables)."""
    env = {key: os.environ[key] for key in ("HOME", "LANG", "PATH") if key in os.environ}
    env.update(PLACEHOLDER_ENV)
    env["PYTHONUTF8"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def _send(proc: subprocess.Popen[bytes], message: dict[str, object]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message).encode() + b"\n")
    proc.stdin.flush()


def _read_answer(proc: subprocess.Popen[bytes], request_id: int) -> dict[str, object]:
    """Read lines until the answer to `request_id`; anything not JSON is a failure (stdout is protocol only)."""
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"server closed stdout before answering request {request_id}")
        message = json.loads(line)
        if message.get("id") == request_id:
            if "error" in message:
                raise RuntimeError(f"request {request_id} failed: {message['error']}")
            return message


def _rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) in KiB from /proc: the resident size now and at its peak."""
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def one_run(command: list[str]) -> dict[str, float]:
    """One cold start; returns milliseconds since spawn and the RSS in MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command,
        cwd=REPO,
        env=_child_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        _send(
            proc,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": PROTOCOL_VERSION,
                    "capabilities": {},
                    "clientInfo": {"name": "n7web-bench", "version": "0"},
                },
            },
        )
        _read_answer(proc, 1)
        initialized = time.perf_counter()
        _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        answer = _read_answer(proc, 2)
        listed = time.perf_counter()
        tools = answer["result"]["tools"]  # type: ignore[index]
        rss, hwm = _rss_kib(proc.pid)
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return {
        "initialize_ms": (initialized - start) * 1000,
        "tools_list_ms": (listed - start) * 1000,
        "rss_mib": rss / 1024,
        "hwm_mib": hwm / 1024,
        "tools": float(len(tools)),
    }


def http_run() -> dict[str, float]:
    """One cold start of `-m mcp_server --http` as the backend runs it: a bound socket, a bearer.

    Spawn -> `ready` on stdout -> `tools/list` answered over HTTP (what the
    first request after a restart waits for), then the RSS.
    """
    import secrets
    import socket
    import urllib.request

    bearer = secrets.token_urlsafe(32)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        env = {**_child_env(), "N7WEB_MCP_BEARER_TOKEN": bearer, "N7WEB_MCP_LISTEN_FD": str(sock.fileno())}
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "mcp_server", "--http"],
            cwd=REPO,
            env=env,
            pass_fds=(sock.fileno(),),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        try:
            assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
            ready = time.perf_counter()
            request = urllib.request.Request(
                f"http://127.0.0.1:{sock.getsockname()[1]}/mcp",
                method="POST",
                data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode(),
                headers={
                    "Authorization": f"Bearer {bearer}",
                    "Content-Type": "application/json",
                    "Accept": "application/json, text/event-stream",
                },
            )
            with urllib.request.urlopen(request, timeout=READ_TIMEOUT_S) as answer:
                tools = json.loads(answer.read())["result"]["tools"]
            listed = time.perf_counter()
            rss, hwm = _rss_kib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            if proc.stdout is not None:
                proc.stdout.close()
    return {
        "ready_ms": (ready - start) * 1000,
        "tools_list_ms": (listed - start) * 1000,
        "rss_mib": rss / 1024,
        "hwm_mib": hwm / 1024,
        "tools": float(len(tools)),
    }


def import_profile(command: list[str], top: int) -> list[tuple[int, int, str]]:
    """The slowest imports of one start (`-X importtime`): (cumulative µs, nesting depth, module).

    The server is started with stdin at EOF, so it imports everything it
    needs to serve and then exits; nested entries are kept (with their depth)
    because the interesting costs sit inside the `mcp` package.
    """
    python, rest = command[0], command[1:]
    proc = subprocess.run(
        [python, "-X", "importtime", *rest],
        cwd=REPO,
        env=_child_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=READ_TIMEOUT_S,
        check=False,
    )
    rows: list[tuple[int, int, str]] = []
    for line in proc.stderr.decode(errors="replace").splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, raw_name = line.removeprefix("import time:").split("|")
        depth = (len(raw_name) - len(raw_name.lstrip(" ")) - 1) // 2
        rows.append((int(cumulative), depth, raw_name.strip()))
    return sorted(rows, reverse=True)[:top]


def _summary(values: list[float]) -> str:
    return f"median {statistics.median(values):7.1f}  min {min(values):7.1f}  max {max(values):7.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="cold starts to measure (default 7)")
    parser.add_argument("--top", type=int, default=12, help="slowest imports to list (default 12)")
    parser.add_argument("command", nargs="*", help="server command (default: this Python -m mcp_server)")
    args = parser.parse_args(argv)
    command = args.command or [sys.executable, "-m", "mcp_server"]

    _ = one_run(command)  # warm the page cache and .pyc files; not counted
    runs = [one_run(command) for _ in range(args.runs)]
    print(f"command: {' '.join(command)}")
    print(f"runs: {args.runs} cold starts (after one warm-up), tools listed: {int(runs[0]['tools'])}")
    print(f"spawn -> initialize answered (ms): {_summary([r['initialize_ms'] for r in runs])}")
    print(f"spawn -> tools/list answered (ms): {_summary([r['tools_list_ms'] for r in runs])}")
    print(f"RSS after tools/list (MiB):        {_summary([r['rss_mib'] for r in runs])}")
    print(f"peak RSS (VmHWM, MiB):             {_summary([r['hwm_mib'] for r in runs])}")
    if not args.command:
        https = [http_run() for _ in range(args.runs)]
        print(f"--http: spawn -> ready (ms):          {_summary([r['ready_ms'] for r in https])}")
        print(f"--http: spawn -> tools/list (ms):     {_summary([r['tools_list_ms'] for r in https])}")
        print(f"--http: RSS after tools/list (MiB):   {_summary([r['rss_mib'] for r in https])}")
    print("slowest imports of one start (-X importtime, cumulative ms, indented by depth):")
    for micros, depth, name in import_profile(command, args.top):
        print(f"  {micros / 1000:8.1f}  {'  ' * depth}{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
