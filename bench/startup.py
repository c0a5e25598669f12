"""Start-up: process start -> first `GET /healthz` 200, for `n7web serve`
local-only (`--no-assistant`) and with the assistant (the pinned codex, as
`make run` starts it; not logged in is fine: the service is ready either way).

    .venv/bin/python bench/startup.py [--runs 5] [--mode both|local|assistant]

Each run is a fresh state dir, a free port and its own virtual CAN channel;
the two modes alternate so that both see the same machine. The clock starts
just before the process is spawned. Until the port listens the probe's
connect is refused and it retries every 5 ms; once it listens the request
waits in the backlog and is answered as soon as the lifespan has run, so
the figure is the time to ready, not to the next probe. Prints each run,
then the median/min/max per mode and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.service.harness import N7WEB, free_port, service_args  # noqa: E402

MODES = {"local": ["--no-assistant"], "assistant": []}


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def one_start(extra: list[str], timeout_s: float = 30.0) -> float:
    tmp = Path(tempfile.mkdtemp(prefix="n7start-"))
    port = free_port()
    args = service_args(port, tmp / "state", tmp / "can.log", "s_" + os.urandom(5).hex(), extra)
    t0 = time.perf_counter()
    proc = subprocess.Popen(N7WEB + args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = t0 + timeout_s
        with httpx.Client(timeout=timeout_s) as client:
            while time.perf_counter() < deadline:
                if proc.poll() is not None:
                    raise RuntimeError(f"service exited with {proc.returncode}: {proc.stderr.read()}")
                try:
                    if client.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                        return time.perf_counter() - t0
                except httpx.ConnectError:
                    time.sleep(0.005)
        raise TimeoutError("not ready")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mode", choices=["both", *MODES], default="both")
    args = ap.parse_args()
    modes = list(MODES) if args.mode == "both" else [args.mode]
    before = loadavg()
    times: dict[str, list[float]] = {m: [] for m in modes}
    for i in range(args.runs):
        for mode in modes:
            seconds = one_start(MODES[mode])
            times[mode].append(seconds)
            print(f"run {i + 1} {mode}: {seconds:.3f} s", flush=True)
    out = {"load_before": before, "load_after": loadavg()}
    for mode, xs in times.items():
        out[mode] = {
            "median_s": round(statistics.median(xs), 3),
            "min_s": round(min(xs), 3),
            "max_s": round(max(xs), 3),
            "runs": len(xs),
        }
        print(
            f"{mode}: median {out[mode]['median_s']} s (min {out[mode]['min_s']}, max {out[mode]['max_s']}) "
            f"over {len(xs)} starts"
        )
    print(f"load average before {before}, after {out['load_after']}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
