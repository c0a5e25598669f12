"""The MCP callback `POST /internal/v1/execute`: p50/p99 over real HTTP.

    .venv/bin/python bench/execute.py [--calls 600]

The service runs in-process (uvicorn in a thread) so the bench can mint one
request token per call through the in-process seam; a separate client
process sends the calls. Every call carries a
bound one-action plan that the executor validates, binds, merges, gates,
audits, sends and confirms. Prints p50/p99 in ms, and the ratio to a
``GET /healthz`` interleaved in the same run (the figure to compare across
machines and runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.service.harness import start_in_process  # noqa: E402
from tests.service.tokens import mint  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


CLIENT = r"""
import json, sys, time, httpx
cfg = json.loads(sys.stdin.readline())
samples, health, not_applied = [], [], 0
with httpx.Client(base_url=cfg["base"], timeout=10, headers={"Authorization": "Bearer " + cfg["bearer"]}) as c:
    for i, token in enumerate(cfg["tokens"]):
        t0 = time.perf_counter()
        c.get("/healthz")
        h = (time.perf_counter() - t0) * 1000
        body = {"request_token": token, "plan": {"actions": cfg["plan"]}}
        t0 = time.perf_counter()
        r = c.post("/internal/v1/execute", json=body).json()
        if i >= cfg["warmup"]:
            samples.append((time.perf_counter() - t0) * 1000)
            health.append(h)
            not_applied += r["status"] != "applied"
print(json.dumps({"samples": samples, "health": health, "not_applied": not_applied}))
"""

PLAN = [
    {"capability": "climate.set_temperature", "target": "passenger", "parameters": {"celsius": 30.0}},
    {"capability": "seat.set_heating", "target": "passenger", "parameters": {"level": 3}},
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=600)
    args = ap.parse_args()
    warmup = 50
    svc = start_in_process(Path(tempfile.mkdtemp(prefix="n7bench-")))
    try:
        # Tokens are minted in-process (the only way to get one); the calls come
        # from a separate client process so client and server do not share a GIL.
        tokens = [mint(svc, "I'm cold")[0] for _ in range(args.calls + warmup)]
        cfg = {"base": svc.base, "bearer": svc.runtime.callback_token, "tokens": tokens, "plan": PLAN, "warmup": warmup}
        proc = subprocess.run(
            [sys.executable, "-c", CLIENT], input=json.dumps(cfg) + "\n", capture_output=True, text=True, timeout=600
        )
        result = json.loads(proc.stdout)
    finally:
        svc.stop()
    samples = result["samples"]
    out = {
        "calls": args.calls,
        "not_applied": result["not_applied"],
        "p50_ms": round(statistics.median(samples), 3),
        "p99_ms": round(pct(samples, 99), 3),
        "healthz_p50_ms": round(statistics.median(result["health"]), 3),
    }
    out["ratio_p50"] = round(out["p50_ms"] / out["healthz_p50_ms"], 2)
    print(
        f"execute (2 actions, bound by a need): p50 {out['p50_ms']} ms, p99 {out['p99_ms']} ms "
        f"over {args.calls} calls ({out['not_applied']} not applied); /healthz p50 {out['healthz_p50_ms']} ms; "
        f"ratio {out['ratio_p50']}"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
