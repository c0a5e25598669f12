"""POST a command -> `applied` Reply, over real HTTP to `n7web serve` (local-only,
virtual bus, in-process ECU), beside `GET /healthz` as the HTTP baseline.

    .venv/bin/python bench/local_first.py [--commands 600]

Each sample is one `POST /api/v1/sessions/{id}/messages` (JSON): parse,
executor (validate, gates, ledger), audit row before the send, encode +
E2E, send, the ECU's status echo, audit outcome, reply. Prints p50/p99 in ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.service.harness import start_subprocess  # noqa: E402

COMMANDS = [
    "set the driver temperature to 21",
    "set the driver temperature to 22.5",
    "open the passenger window",
    "close the passenger window",
    "set the fan to 4",
    "set the fan to 2",
    "把副驾座椅加热开到3档",
    "关闭副驾座椅加热",
]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--commands", type=int, default=600)
    args = ap.parse_args()
    svc = start_subprocess(Path(tempfile.mkdtemp(prefix="n7bench-")))
    try:
        with httpx.Client(base_url=svc.base, timeout=10) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            for _ in range(50):  # warm-up
                c.get("/healthz")
                c.post(f"/api/v1/sessions/{sid}/messages", json={"text": COMMANDS[0]})
            health, turns, not_applied = [], [], 0
            for i in range(args.commands):
                t0 = time.perf_counter()
                c.get("/healthz")
                health.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                reply = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": COMMANDS[i % len(COMMANDS)]}).json()
                turns.append((time.perf_counter() - t0) * 1000)
                not_applied += reply["status"] != "applied"
    finally:
        svc.stop()
    out = {
        "commands": args.commands,
        "not_applied": not_applied,
        "turn_p50_ms": round(statistics.median(turns), 3),
        "turn_p99_ms": round(pct(turns, 99), 3),
        "healthz_p50_ms": round(statistics.median(health), 3),
        "healthz_p99_ms": round(pct(health, 99), 3),
    }
    out["ratio_p50"] = round(out["turn_p50_ms"] / out["healthz_p50_ms"], 2)
    print(
        f"POST -> applied: p50 {out['turn_p50_ms']} ms, p99 {out['turn_p99_ms']} ms over {args.commands} "
        f"({not_applied} not applied); /healthz: p50 {out['healthz_p50_ms']} ms, p99 {out['healthz_p99_ms']} ms; "
        f"ratio {out['ratio_p50']}"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
