"""kill -9 at random points during 200 commands: every frame in the CAN logs
has an audit row, and every row is complete or marked incomplete."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import threading
import time
import uuid

import httpx

from vehicle.can.dbc import load_vehicle_dbc

from .harness import N7WEB, ROOT, free_port, wait_healthy

COMMANDS = [
    "open the driver window",
    "close the driver window",
    "set the fan to 3",
    "set the fan to 5",
    "turn on the AC",
    "turn off the AC",
    "fold the mirrors",
    "unfold the mirrors",
    "set the passenger temperature to 21",
    "set the passenger temperature to 23",
]


def _start(state_dir, can_log):
    port = free_port()
    args = [
        "serve",
        "--port",
        str(port),
        "--state-dir",
        str(state_dir),
        "--can-log",
        str(can_log),
        "--can-channel",
        "d_" + uuid.uuid4().hex[:8],
        "--no-assistant",
    ]
    proc = subprocess.Popen(N7WEB + args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, proc=proc)
    return proc, base


def test_kill_dash_nine_keeps_audit_complete(tmp_path, catalog):
    rng = random.Random(1234)
    state_dir = tmp_path / "state"
    logs, sent = [], 0
    while sent < 200 or len(logs) < 12:
        can_log = tmp_path / f"can{len(logs)}.log"
        logs.append(can_log)
        proc, base = _start(state_dir, can_log)
        posted = []

        def hammer(base: str = base, posted: list = posted) -> None:
            # Post commands back to back until SIGKILL cuts the service off mid-turn.
            with httpx.Client(base_url=base, timeout=5) as c:
                try:
                    sid = c.post("/api/v1/sessions").json()["session_id"]
                    while True:
                        posted.append(1)
                        c.post(f"/api/v1/sessions/{sid}/messages", json={"text": rng.choice(COMMANDS)})
                except httpx.HTTPError:
                    return

        t = threading.Thread(target=hammer)
        t.start()
        time.sleep(rng.uniform(0.05, 0.25))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        proc.stderr.close()
        t.join(10)
        sent += len(posted)
    dbc = load_vehicle_dbc(None, catalog)
    frames = []
    for log in logs:
        for line in log.read_text().splitlines() if log.exists() else []:
            parts = line.split()
            if len(parts) >= 3 and "#" in parts[2]:
                ident, data = parts[2].split("#", 1)
                if int(ident, 16) in dbc.allowlist:
                    frames.append((f"0x{int(ident, 16):03X}", data.lower()))
    assert len(frames) >= 150
    db = sqlite3.connect(state_dir / "n7web.sqlite3")
    rows = db.execute("SELECT planned, actions, outcome_recorded FROM decisions").fetchall()
    recorded, incomplete_planned = set(), []
    for planned, actions, done in rows:
        assert done in (0, 1)
        if done:
            for a in json.loads(actions):
                for f in a.get("frames", []):
                    recorded.add((f["id"].upper().replace("0X", "0x"), f["data"].lower()))
        else:
            incomplete_planned.append(json.loads(planned))
    missing = [f for f in frames if f not in recorded]
    # A frame without a complete row may only come from a run's last, killed turn,
    # and then an incomplete row recorded the decision before the frame left.
    assert len(missing) <= len(incomplete_planned), (missing, incomplete_planned)
    # at most one turn is in flight when each run is killed
    assert len(incomplete_planned) <= len(logs)
    for planned in incomplete_planned:
        assert planned and all(a["status"] is None or a["status"] == "rejected" for a in planned)
