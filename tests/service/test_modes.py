"""Start-up rules, dry-run, no simulator (unconfirmed), one turn per session."""

from __future__ import annotations

import subprocess
import threading

import pytest

from .harness import N7WEB, ROOT, free_port, start_subprocess
from .sse import iter_events
from .test_local_turns import new_session, say


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--host", "0.0.0.0"], "not a loopback address"),
        (["--host", "192.168.1.5"], "not a loopback address"),
        (["--execution-mode", "hardware", "--can-interface", "socketcan", "--can-channel", "can0"], "--arm-hardware"),
        (["--execution-mode", "hardware", "--arm-hardware"], "non-vcan"),
        (["--can-interface", "socketcan", "--can-channel", "can0"], "refuses the real bus"),
        (["--can-log", "/tmp/x.blf"], "logconvert"),
    ],
)
def test_unsafe_settings_refused(tmp_path, args, needle):
    proc = subprocess.run(
        N7WEB + ["serve", "--state-dir", str(tmp_path), *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert needle in proc.stderr and "Traceback" not in proc.stderr


def test_env_variables_are_read(tmp_path):
    proc = subprocess.run(
        N7WEB + ["serve", "--state-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"N7WEB_HOST": "10.0.0.1", "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 2 and "10.0.0.1" in proc.stderr


def test_socketcan_open_failure_is_one_clear_line(tmp_path):
    # a port of its own: the port is taken before the bus is opened (DESIGN section 10)
    proc = subprocess.run(
        N7WEB
        + [
            "serve",
            "--port",
            str(free_port()),
            "--state-dir",
            str(tmp_path),
            "--can-interface",
            "socketcan",
            "--can-channel",
            "vcan0",
            "--simulator",
            "off",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "socketcan" in proc.stderr and "vcan0" in proc.stderr and "Traceback" not in proc.stderr


def test_dry_run_encodes_and_sends_nothing(tmp_path, command_ids):
    svc = start_subprocess(tmp_path, ["--no-assistant", "--execution-mode", "dry_run"])
    try:
        with svc.client() as c:
            sid = new_session(c)
            reply = say(c, sid, "open the sunroof")
            [a] = reply["actions"]
            assert a["status"] == "dry_run"
            assert svc.command_frames(command_ids) == []
            audit = c.get("/api/v1/audit").json()["decisions"][0]
            assert audit["actions"][0]["frames"] and audit["actions"][0]["frames"][0]["id"].startswith("0x")
            r = c.put("/api/v1/sim/vehicle", json={"gear": "D"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "not_simulation"
    finally:
        svc.stop()


def test_without_ecu_commands_are_unconfirmed_and_turns_are_exclusive(tmp_path, command_ids):
    svc = start_subprocess(tmp_path, ["--no-assistant", "--simulator", "off", "--confirm-timeout-ms", "1500"])
    try:
        with svc.client() as c, svc.client() as c2:
            sid = new_session(c)
            result, started = {}, threading.Event()

            def first_turn() -> None:
                events = []
                with c.stream(
                    "POST",
                    f"/api/v1/sessions/{sid}/messages",
                    json={"text": "turn on the AC"},
                    headers={"Accept": "text/event-stream"},
                ) as r:
                    for name, data in iter_events(r):
                        events.append((name, data))
                        if name == "turn.started":
                            started.set()
                result["r"] = events[-1][1]

            t = threading.Thread(target=first_turn)
            t.start()
            assert started.wait(10)
            r = c2.post(f"/api/v1/sessions/{sid}/messages", json={"text": "turn off the AC"})
            assert r.status_code == 409 and r.json()["error"]["code"] == "turn_in_progress"
            t.join(10)
            reply = result["r"]
            assert reply["actions"][0]["status"] == "unconfirmed"
            assert reply["status"] == "partially_applied"
            assert c.get("/api/v1/vehicle/state").json()["controls"]["climate.set_ac"]["cabin"] is None
            assert len(svc.command_frames(command_ids)) == 1
    finally:
        svc.stop()


def test_invalid_catalog_refuses_to_start(tmp_path):
    import shutil

    from vehicle.catalog import default_catalog_dir

    bad = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), bad, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    text = (bad / "capabilities.yaml").read_text().replace("max: 30.0", "max: 35.0", 1)
    (bad / "capabilities.yaml").write_text(text)
    proc = subprocess.run(
        N7WEB
        + [
            "serve",
            "--port",
            str(free_port()),
            "--state-dir",
            str(tmp_path / "s"),
            "--catalog",
            str(bad),
            "--no-assistant",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "invalid catalog" in proc.stderr and "n7web.dbc" in proc.stderr and "Traceback" not in proc.stderr


def test_ready_is_notified_to_systemd_once_serving(tmp_path):
    import socket as _socket

    path = tmp_path / "notify.sock"
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(30)
    svc = start_subprocess(tmp_path, ["--no-assistant"], env={"NOTIFY_SOCKET": str(path)})
    try:
        assert sock.recv(256) == b"READY=1"
        with svc.client() as c:
            assert c.get("/healthz").status_code == 200
    finally:
        svc.stop()
        sock.close()
