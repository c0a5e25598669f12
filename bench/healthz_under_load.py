"""``GET /healthz`` latency while the service is loaded, over real HTTP to `n7web serve`.

    .venv/bin/python bench/healthz_under_load.py [--seconds 3]

Two scenarios (DESIGN section 6 bounds, issue 8 defect e):
1. another process holds the SQLite write lock while a turn and a session
   creation wait on it;
2. 60 turns wait on a silent ECU (no simulator, 2 s confirmation timeout).
Prints p50/p99/max in ms per scenario; the target is < 100 ms.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.service.harness import start_subprocess  # noqa: E402

LOCKER = (
    "import sqlite3, sys, time\ndb = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "db.execute('BEGIN IMMEDIATE')\nprint('locked', flush=True)\ntime.sleep(float(sys.argv[2]))\n"
)


def probe(base: str, seconds: float) -> dict[str, float]:
    xs = []
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=base, timeout=30) as c:
        while time.monotonic() < deadline:
            t0 = time.perf_counter()
            c.get("/healthz")
            xs.append((time.perf_counter() - t0) * 1000)
            time.sleep(0.02)
    xs.sort()
    return {
        "n": len(xs),
        "p50_ms": round(xs[len(xs) // 2], 2),
        "p99_ms": round(xs[int(len(xs) * 0.99)], 2),
        "max_ms": round(xs[-1], 2),
    }


def locked_db(seconds: float) -> dict[str, float]:
    svc = start_subprocess(Path(tempfile.mkdtemp(prefix="n7bench-")))
    try:
        with svc.client(timeout=60) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            locker = subprocess.Popen(
                [sys.executable, "-c", LOCKER, str(svc.state_dir / "n7web.sqlite3"), str(seconds + 1)],
                stdout=subprocess.PIPE,
                text=True,
            )
            locker.stdout.readline()
            writer = threading.Thread(
                target=lambda: c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "turn on the AC"})
            )
            writer.start()
            time.sleep(0.1)
            out = probe(svc.base, seconds)
            locker.wait()
            locker.stdout.close()
            writer.join(30)
            return out
    finally:
        svc.stop()


def silent_ecu(seconds: float, turns: int = 60) -> dict[str, float]:
    svc = start_subprocess(
        Path(tempfile.mkdtemp(prefix="n7bench-")),
        ["--no-assistant", "--simulator", "off", "--confirm-timeout-ms", "2000"],
    )
    try:
        with svc.client(timeout=120, limits=httpx.Limits(max_connections=turns + 10)) as c:
            sids = [c.post("/api/v1/sessions").json()["session_id"] for _ in range(turns)]
            threads = [
                threading.Thread(
                    target=lambda s=s: c.post(f"/api/v1/sessions/{s}/messages", json={"text": "open the driver window"})
                )
                for s in sids
            ]
            for t in threads:
                t.start()
            time.sleep(0.2)
            out = probe(svc.base, seconds)
            for t in threads:
                t.join(120)
            return out
    finally:
        svc.stop()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    out = {"db_write_locked": locked_db(args.seconds), "sixty_turns_silent_ecu": silent_ecu(args.seconds)}
    for name, r in out.items():
        print(
            f"/healthz with {name}: p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms, max {r['max_ms']} ms ({r['n']} probes)"
        )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
