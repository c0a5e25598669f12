"""The MCP callback `POST /internal/v1/execute`: p50/p99 over real HTTP.

    .venv/bin/python bench/execute.py [--calls 600]

The service runs in-process (uvicorn in a thread) so the bench can mint one
request token per call through the in-process seam; every call carries a
bound one-action plan that the executor validates, binds, merges, gates,
audits, sends and confirms. Prints p50/p99 in ms.
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

from tests.service.harness import start_in_process  # noqa: E402
from tests.service.tokens import mint  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=600)
    args = ap.parse_args()
    svc = start_in_process(Path(tempfile.mkdtemp(prefix="n7bench-")))
    headers = {"Authorization": f"Bearer {svc.runtime.callback_token}"}
    samples, not_applied = [], 0
    try:
        with httpx.Client(base_url=svc.base, timeout=10, headers=headers) as c:
            for i in range(args.calls + 50):
                token, _ = mint(svc, "I'm cold")
                body = {"request_token": token, "plan": {"actions": [
                    {"capability": "climate.set_temperature", "target": "passenger", "parameters": {"celsius": 30.0}},
                    {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}}]}}
                t0 = time.perf_counter()
                r = c.post("/internal/v1/execute", json=body).json()
                if i >= 50:
                    samples.append((time.perf_counter() - t0) * 1000)
                    not_applied += r["status"] != "applied"
    finally:
        svc.stop()
    out = {"calls": args.calls, "not_applied": not_applied, "p50_ms": round(statistics.median(samples), 3),
           "p99_ms": round(pct(samples, 99), 3)}
    print(f"execute (2 actions, bound by a need): p50 {out['p50_ms']} ms, p99 {out['p99_ms']} ms "
          f"over {args.calls} calls ({not_applied} not applied)")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
