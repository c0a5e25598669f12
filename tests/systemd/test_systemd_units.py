"""The systemd units of ``systemd/``: ``systemd-analyze verify`` and
``security`` pass, a broken unit is caught, the configuration is one the
service accepts, and the hardening holds for what the unit runs.

These machines have no systemd as PID 1, so no unit is started here; the
memory W^X rule is checked with the kernel's own per-process switch
(``prctl(PR_SET_MDWE)``, Linux >= 6.3), which refuses the same thing.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from unitfiles import INSTALLED_N7WEB, ROOT, SYSTEMD_DIR, analyze, environment, parse_unit, stage_units, unit

UNITS = ["n7web.service", "n7web-ecu-sim.service"]


def assert_clean_verify(result: subprocess.CompletedProcess[str]) -> None:
    # verify exits 0 on warnings such as "Unknown key": any output is a failure.
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and output == "", output


@pytest.mark.parametrize("name", UNITS)
def test_unit_passes_systemd_analyze_verify(tmp_path, name):
    staged = stage_units(tmp_path, name)
    assert_clean_verify(analyze("verify", staged[name]))


def test_egress_lockdown_dropin_verifies_with_the_service(tmp_path):
    staged = stage_units(tmp_path, "n7web.service")
    shutil.copy(SYSTEMD_DIR / "n7web-egress-lockdown.conf", tmp_path / "n7web.service.d" / "20-egress.conf")
    assert_clean_verify(analyze("verify", staged["n7web.service"]))
    dropin = parse_unit((SYSTEMD_DIR / "n7web-egress-lockdown.conf").read_text())["Service"]
    assert dropin["IPAddressDeny"] == ["any"] and dropin["IPAddressAllow"] == ["localhost"]


def test_verify_catches_a_broken_unit(tmp_path):
    staged = stage_units(tmp_path, "n7web.service")
    text = staged["n7web.service"].read_text()
    broken = tmp_path / "n7web.service"
    broken.write_text(
        text.replace("\nType=notify\n", "\nTyp=notify\n")
        .replace("ProtectSystem=strict", "ProtectSystem=strictest")
        .replace("MemoryMax=480M", "MemoryMax=lots")
    )
    result = analyze("verify", broken)
    output = result.stdout + result.stderr
    assert "Unknown key 'Typ'" in output
    assert "strictest" in output
    assert "Invalid memory limit 'lots'" in output

    # Without the drop-in, the shipped ExecStart points at /opt, absent here.
    shutil.rmtree(tmp_path / "n7web.service.d")
    broken.write_text(text)
    result = analyze("verify", broken)
    assert result.returncode != 0
    assert "/opt/n7web/venv/bin/n7web is not executable" in result.stdout + result.stderr


@pytest.mark.parametrize("name", UNITS)
def test_unit_exposure_is_low(tmp_path, name):
    staged = stage_units(tmp_path, name)
    result = analyze("security", "--offline=true", "--threshold=20", staged[name])
    level = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout + result.stderr)
    assert level, result.stdout[-2000:] + result.stderr[-2000:]
    assert result.returncode == 0 and float(level.group(1)) <= 2.0, level.group(0)


def test_exposure_threshold_fails_an_unhardened_unit(tmp_path):
    plain = tmp_path / "plain.service"
    plain.write_text(f"[Service]\nExecStart={sys.executable} -c pass\n")
    result = analyze("security", "--offline=true", "--threshold=20", plain)
    assert result.returncode != 0


def test_service_unit_configuration_is_accepted_by_the_service():
    service = unit("n7web.service")["Service"]
    env = environment(service)
    (exec_start,) = service["ExecStart"]
    argv = shlex.split(exec_start)
    assert argv[:2] == [INSTALLED_N7WEB, "serve"]
    assert argv[2:] == ["--host", "127.0.0.1", "--port", "8470"]

    from app.settings import Settings, load_settings

    names = {f"N7WEB_{field.upper()}" for field in Settings.model_fields}
    unknown = sorted(k for k in env if k.startswith("N7WEB_") and k not in names)
    assert unknown == [], f"not settings of `n7web serve`: {unknown}"
    settings = load_settings(argv[2:], env)
    assert settings.host == "127.0.0.1" and settings.port == 8470
    assert settings.can_interface == "socketcan" and settings.channel == "vcan0"
    assert settings.execution_mode == "simulation"
    assert settings.simulator_mode == "external"
    assert settings.state_dir == Path("/var/lib/n7web")
    assert service["StateDirectory"] == ["n7web"]
    assert service["DynamicUser"] == ["yes"]

    from app.assistant.settings import _BUNDLED, AssistantSettings

    assistant = AssistantSettings.from_env(env, state_dir=settings.state_dir)
    native = _BUNDLED[0].removeprefix(".tools/")
    assert assistant.command == "/opt/n7web/" + native, "the unit must name the pinned native codex install.sh installs"
    assert assistant.codex_home == Path("/var/lib/n7web/codex-home")
    assert assistant.max_loaded_threads == int(env["N7WEB_MAX_LOADED_THREADS"]) == 16


def test_service_unit_hardening_settings():
    service = unit("n7web.service")["Service"]
    expected = {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "PrivateDevices": "yes",
        "ProtectKernelTunables": "yes",
        "ProtectKernelModules": "yes",
        "ProtectKernelLogs": "yes",
        "ProtectControlGroups": "yes",
        "RestrictNamespaces": "yes",
        "LockPersonality": "yes",
        "MemoryDenyWriteExecute": "yes",
        "SystemCallArchitectures": "native",
        "CapabilityBoundingSet": "",
        "AmbientCapabilities": "",
        "Restart": "on-failure",
        "RestrictAddressFamilies": "AF_UNIX AF_INET AF_INET6 AF_CAN AF_NETLINK",
    }
    assert {key: service.get(key, [None])[-1] for key in expected} == expected
    assert "PrivateNetwork" not in service  # it would hide vcan0 and the host's loopback


def test_memory_limit_covers_the_measured_footprint():
    text = (SYSTEMD_DIR / "n7web.service").read_text()
    # the table in the comment: "#   <what>   ~<N> MB", one row each, then "total"
    rows = dict((label, int(n)) for label, n in re.findall(r"^# {3}(\S.*?) {3,}~(\d+) MB$", text, flags=re.M))
    total = rows.pop("total")
    parts = list(rows.values())
    assert len(parts) == 3 and sum(parts) == total
    # the codex row is measured at the unit's thread bound; one shared MCP server (DESIGN section 8)
    codex = re.search(r"codex app-server \(native\), (\d+) loaded threads", text)
    env = environment(unit("n7web.service")["Service"])
    assert codex and int(codex.group(1)) == int(env["N7WEB_MAX_LOADED_THREADS"])
    assert re.search(r"MCP server, one shared", text)
    service = unit("n7web.service")["Service"]
    mib = {k: int(service[k][0].rstrip("M")) for k in ("MemoryHigh", "MemoryMax")}
    assert total < mib["MemoryHigh"] < mib["MemoryMax"]
    assert mib["MemoryMax"] >= 1.5 * total


# ---- W^X: MemoryDenyWriteExecute=yes ------------------------------------------------------
PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN = 65, 1
CODEX_NATIVE = ROOT / ".tools/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex"
CODEX_NODE_WRAPPER = ROOT / ".tools/codex/node_modules/.bin/codex"


def _set_mdwe() -> None:  # runs in the child before exec; inherited by its children
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_MDWE) failed: Linux >= 6.3 is needed")


def mdwe_popen(argv, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(argv, preexec_fn=_set_mdwe, **kwargs)  # noqa: PLW1509


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_w_xor_x_holds_for_the_service_and_its_children(tmp_path):
    """What the unit runs works with W^X enforced: the service, the native
    codex app-server and the n7_vehicle MCP server (both spawned under it)."""
    state = tmp_path / "state"
    port = _free_port()
    env = {**os.environ, "N7WEB_STATE_DIR": str(state), "PYTHONDONTWRITEBYTECODE": "1"}
    log = tmp_path / "serve.log"
    with open(log, "wb") as sink:
        serve = mdwe_popen(
            [str(ROOT / ".venv/bin/n7web"), "serve", "--port", str(port), "--no-assistant"],
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                if serve.poll() is not None or time.monotonic() > deadline:
                    serve.kill()
                    serve.wait()
                    pytest.fail(f"n7web serve did not become ready under W^X:\n{log.read_text()[-3000:]}")
                time.sleep(0.2)
    finally:
        serve.terminate()
        try:
            serve.wait(timeout=20)
        except subprocess.TimeoutExpired:
            serve.kill()
            serve.wait()

    home = tmp_path / "codex-home"
    home.mkdir(mode=0o700)
    init = json.dumps({"id": 1, "method": "initialize", "params": {"clientInfo": {"name": "t", "version": "1"}}})
    codex = mdwe_popen(
        [str(CODEX_NATIVE), "app-server", "--stdio"],
        env={**os.environ, "CODEX_HOME": str(home)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        codex.stdin.write(init + "\n")
        codex.stdin.flush()
        first = json.loads(codex.stdout.readline())
        assert first["id"] == 1 and "0.147.0" in first["result"]["userAgent"]
    finally:
        codex.kill()
        codex.communicate()

    mcp_env = {
        **os.environ,
        "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_URL": "http://127.0.0.1:9/internal/v1/execute",
        "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TOKEN": "t" * 32,
        "COGNITIVE_AGENT_CODEX_VEHICLE_CALLBACK_TIMEOUT_SECONDS": "5",
    }
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    server = mdwe_popen(
        [str(ROOT / ".venv/bin/python"), "-m", "mcp_server"],
        env=mcp_env,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        answer = json.loads(server.stdout.readline())
        assert answer["result"]["serverInfo"]["name"] == "n7_vehicle"
    finally:
        server.kill()
        server.communicate()


def test_w_xor_x_breaks_a_jit_like_the_codex_node_wrapper():
    """The reason the unit names the native binary: node (V8) dies under W^X."""
    node = shutil.which("node")
    assert node, "node is needed by the codex bootstrap"
    result = subprocess.run(
        [node, "-e", "for (let i = 0; i < 1e6; i++) {} console.log('ran')"],
        preexec_fn=_set_mdwe,
        capture_output=True,
        text=True,
        timeout=60,
    )  # noqa: PLW1509
    assert result.returncode != 0 and "ran" not in result.stdout
    plain = subprocess.run([node, "-e", "console.log('ran')"], capture_output=True, text=True, timeout=60)
    assert plain.stdout.strip() == "ran"
    assert CODEX_NODE_WRAPPER.exists() and CODEX_NATIVE.exists()


# ---- the simulator unit's stdin ---------------------------------------------------------------
def _sim_exec_line() -> list[str]:
    service = unit("n7web-ecu-sim.service")["Service"]
    (line,) = service["ExecStart"]
    argv = shlex.split(line)
    assert argv[:2] == ["/bin/sh", "-c"] and len(argv) == 3
    assert service["ExecStartPre"] == ["/usr/bin/mkfifo -m 0600 /run/n7web-ecu-sim/control"]
    assert service["RuntimeDirectory"] == ["n7web-ecu-sim"]
    return argv


def test_simulator_unit_reads_a_fifo_that_never_ends(tmp_path):
    argv = _sim_exec_line()
    fifo = tmp_path / "control"
    os.mkfifo(fifo, 0o600)
    script = argv[2].replace(INSTALLED_N7WEB, str(ROOT / ".venv/bin/n7web"))
    script = script.replace("/run/n7web-ecu-sim/control", str(fifo))
    assert "--interface socketcan --channel vcan0" in script

    # As shipped: on these machines (no SocketCAN) it stops at once, saying why.
    shipped = subprocess.run(["/bin/sh", "-c", script], capture_output=True, text=True, timeout=60)
    assert shipped.returncode != 0
    assert "socketcan" in shipped.stderr and "vcan0" in shipped.stderr

    # The same line on a virtual bus: writers come and go, stdin never ends.
    script = script.replace("--interface socketcan --channel vcan0", f"--interface virtual --channel sim-{os.getpid()}")
    sim = subprocess.Popen(["/bin/sh", "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in ("gear D", "speed 42"):
            with open(fifo, "w") as writer:  # one writer per line, then closed
                writer.write(line + "\n")
        lines = [sim.stdout.readline() for _ in range(3)]
        assert "running on virtual" in lines[0]
        assert lines[1].strip() == "vehicle speed_kph=0 gear=D child_lock=off"
        assert lines[2].strip() == "vehicle speed_kph=42 gear=D child_lock=off"
        time.sleep(0.3)
        assert sim.poll() is None, "the simulator stopped after its writers left"
    finally:
        sim.terminate()
        sim.communicate(timeout=20)
