"""The README's quick start, run as written.

``make run`` in the background (its own process group), on a free port and a
private state dir so it collides with nothing (``N7WEB_PORT``,
``N7WEB_STATE_DIR``, ``N7WEB_NO_ASSISTANT=1``, a unique virtual CAN channel in
the environment); wait for ``/healthz``; then every command of the README's
"In another terminal" block, with the same environment and the README's port
replaced by ours; then a state check; then ``make run`` is stopped through its
process group and must leave nothing behind.

``make run`` bootstraps first. After ``make test`` (the suite's normal entry)
the bootstrap stamp is current and ``make run`` is exactly what runs. When
pytest is started directly and the stamp is stale, the test tells make to
treat the stamp as current (``-o``): re-installing the shared ``.venv`` while
other tests use it is not this test's business.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import uuid
from pathlib import Path

import httpx
from service.harness import ROOT, free_port

README = ROOT / "README.md"
STAMP = ".venv/.installed"
README_PORT = "8470"


def quick_start_blocks() -> list[list[str]]:
    """The shell commands of each fenced block in the README's "Quick start" section."""
    text = README.read_text(encoding="utf-8")
    match = re.search(r"^## Quick start\n(.*?)(?=^## )", text, flags=re.S | re.M)
    assert match, "README.md has no '## Quick start' section"
    blocks = re.findall(r"^```(?:sh|bash|console)?\n(.*?)^```", match.group(1), flags=re.S | re.M)
    out = []
    for block in blocks:
        lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.splitlines()]
        out.append([line for line in lines if line and not line.startswith("#")])
    return out


def process_group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def stop_group(proc: subprocess.Popen) -> None:
    """SIGTERM to the whole group (make and the service), SIGKILL only if it lingers."""
    pgid = proc.pid
    if process_group_alive(pgid):
        os.killpg(pgid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and process_group_alive(pgid):
        if proc.poll() is None:
            try:
                proc.wait(0.1)
            except subprocess.TimeoutExpired:
                pass
        else:
            time.sleep(0.05)
    if process_group_alive(pgid):
        os.killpg(pgid, signal.SIGKILL)
        proc.wait(5)
        raise AssertionError("make run did not stop on SIGTERM")
    proc.wait(5)


def wait_healthy(base: str, proc: subprocess.Popen, log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"make run exited with {proc.returncode}:\n{log.read_text(errors='replace')}")
        try:
            if httpx.get(base + "/healthz", timeout=1.0, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"no /healthz within {timeout:.0f} s:\n{log.read_text(errors='replace')}")


def test_readme_quick_start(tmp_path):
    blocks = quick_start_blocks()
    assert len(blocks) >= 2, blocks
    assert blocks[0][0] == "make run", blocks[0]
    later = blocks[1]
    assert any(cmd.split()[:2] == [".venv/bin/n7web", "say"] for cmd in later), later

    port = free_port()
    state = tmp_path / "state"
    env = {k: v for k, v in os.environ.items() if not k.startswith("N7WEB_")}
    env.update(
        {
            "N7WEB_PORT": str(port),
            "N7WEB_STATE_DIR": str(state),
            "N7WEB_NO_ASSISTANT": "1",
            "N7WEB_CAN_CHANNEL": "qs_" + uuid.uuid4().hex[:10],
        }
    )
    env.pop("MAKEFLAGS", None)
    env.pop("MAKELEVEL", None)
    stamp_current = subprocess.run(["make", "-q", "bootstrap"], cwd=ROOT, env=env, capture_output=True).returncode == 0
    make = ["make", "run"] if stamp_current else ["make", "-o", STAMP, "run"]

    log = tmp_path / "make-run.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            make,
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, proc, log)
        # "prints the console URL"
        deadline = time.monotonic() + 10
        while f"N7Web console: {base}/" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert f"N7Web console: {base}/" in log.read_text()

        outputs = []
        for cmd in later:
            cmd = cmd.replace(f"127.0.0.1:{README_PORT}", f"127.0.0.1:{port}")
            done = subprocess.run(
                ["bash", "-o", "pipefail", "-c", cmd], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
            )
            assert done.returncode == 0, (cmd, done.stdout, done.stderr)
            outputs.append((cmd, done.stdout))

        said = [out for cmd, out in outputs if "n7web say" in cmd]
        assert said[0] == "Driver window opened.\n", said
        assert (state / "voice-session.json").is_file()
        for cmd, out in outputs:
            if "/api/v1/vehicle/state" in cmd:  # the README's curl | json.tool
                assert json.loads(out)["controls"]["window.set_position"]["driver"] == {"open_percent": 100}

        state_now = httpx.get(base + "/api/v1/vehicle/state", timeout=5, trust_env=False).json()
        assert state_now["controls"]["window.set_position"]["driver"] == {"open_percent": 100}
        status = httpx.get(base + "/api/v1/status", timeout=5, trust_env=False).json()
        assert status["assistant"]["mode"] == "local_only" and status["execution_mode"] == "simulation"
        assert status["can"]["interface"] == "virtual" and status["can"]["simulator"] == "in_process"
    finally:
        stop_group(proc)

    with httpx.Client(trust_env=False) as c:  # the port is free again
        try:
            c.get(base + "/healthz", timeout=1.0)
            raise AssertionError("the service still answers after make run was stopped")
        except httpx.ConnectError:
            pass
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text
