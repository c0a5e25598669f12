"""Start the real service with the real codex binary against the fake model.

The service is ``n7web serve`` in a subprocess (its log goes to a file the
tests read back: no token may appear in it), or uvicorn in a thread of the
test process where a test needs the callback bearer (``start_in_process``).
The model provider is configured the way a deployment would: a
``config.toml`` in the service's default ``CODEX_HOME`` (``<state>/codex-home``,
created 0700 before the first start) naming ``model_provider = "fixture"``
and its table. Nothing else about codex is configured by the test (not even
the retry counts): the backend's own launch line and thread settings do the
rest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from service.harness import N7WEB, ROOT, Service, free_port, service_args, wait_healthy

_DROP_PREFIXES = ("CODEX_", "COGNITIVE_AGENT_", "N7WEB_", "OPENAI_")


def provider_toml(base_url: str, extra: str = "", retries: bool = False) -> str:
    """The fixture provider as a user config. By default without retry
    counts: the backend's per-thread override (0) must hold, which the
    provider-error tests prove (one request, an answer within 2 s)."""
    return (
        'model_provider = "fixture"\n'
        'model = "fixture"\n'
        f"{extra}"
        "[model_providers.fixture]\n"
        'name = "fixture"\n'
        f'base_url = "{base_url}"\n'
        'wire_api = "responses"\n'
        "requires_openai_auth = false\n" + ("request_max_retries = 0\nstream_max_retries = 0\n" if retries else "")
    )


def prepare_home(tmp: Path, config: str) -> Path:
    home = tmp / "state" / "codex-home"
    home.mkdir(parents=True, mode=0o700)
    os.chmod(home, 0o700)
    (home / "config.toml").write_text(config)
    return home


def service_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The test runner's environment without any assistant/service setting."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_DROP_PREFIXES)}
    env.update(extra or {})
    return env


def start_service(tmp: Path, config: str, env: dict[str, str] | None = None, extra: list[str] | None = None) -> Service:
    """``n7web serve`` with the assistant on; ``svc.log`` is its stderr file."""
    prepare_home(tmp, config)
    port = free_port()
    channel = "e_" + uuid.uuid4().hex[:10]
    state_dir, can_log = tmp / "state", tmp / "can.log"
    log = tmp / "service.log"
    with open(log, "wb") as sink:
        proc = subprocess.Popen(
            N7WEB + service_args(port, state_dir, can_log, channel, extra or []),
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            env=service_env(env),
        )
    svc = Service(f"http://127.0.0.1:{port}", port, state_dir, can_log, channel, proc=proc)
    svc.log = log  # type: ignore[attr-defined]
    try:
        wait_healthy(svc.base, timeout=60)
    except Exception:
        svc.stop()
        raise
    if proc.poll() is not None:
        raise RuntimeError(f"service exited: {log.read_text()[-2000:]}")
    return svc


def start_in_process(tmp: Path, config: str, env: dict[str, str] | None = None) -> Service:
    """uvicorn in a thread (the callback bearer is then reachable in-process)."""
    import threading

    import uvicorn

    from app.main import create_app
    from app.runtime import start_runtime
    from app.settings import load_settings

    prepare_home(tmp, config)
    port = free_port()
    channel = "e_" + uuid.uuid4().hex[:10]
    state_dir, can_log = tmp / "state", tmp / "can.log"
    settings = load_settings(service_args(port, state_dir, can_log, channel, [])[1:], env or {})
    runtime = start_runtime(settings, service_env(env))
    app = create_app(settings, runtime)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    svc = Service(
        f"http://127.0.0.1:{port}", port, state_dir, can_log, channel, runtime=runtime, _server=server, _thread=thread
    )
    wait_healthy(svc.base, timeout=60)
    return svc


# -- /proc ---------------------------------------------------------------------
def _stat(pid: int) -> tuple[int, str] | None:
    """(ppid, state) of ``pid``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return int(fields[1]), fields[0].decode()
    except (OSError, ValueError, IndexError):
        return None


def alive(pid: int) -> bool:
    """``pid`` exists and is not a zombie (whoever its parent is now)."""
    info = _stat(pid)
    return info is not None and info[1] != "Z"


def cmdline(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return [p.decode("utf-8", "replace") for p in handle.read().split(b"\0") if p]
    except OSError:
        return []


def descendants(root: int) -> list[int]:
    """Live (non-zombie) descendants of ``root``, from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            info = _stat(int(entry))
            if info is not None and info[1] != "Z":
                parents.setdefault(info[0], []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def codex_pids(root: int) -> list[int]:
    return [p for p in descendants(root) if (cmd := cmdline(p)) and cmd[0].endswith("/codex") and "app-server" in cmd]


def mcp_pids(root: int) -> list[int]:
    return [p for p in descendants(root) if " ".join(cmdline(p)[1:3]) == "-m mcp_server"]


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def until(predicate: Any, timeout: float = 10.0, period: float = 0.05) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() >= end:
            return value
        time.sleep(period)


PYTHON = sys.executable
