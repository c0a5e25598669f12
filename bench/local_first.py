"""POST a command -> `applied` Reply, over real HTTP to `n7web serve` (local-only,
virtual bus, in-process ECU), beside `GET /healthz` as the HTTP baseline.

    .venv/bin/python bench/local_first.py [--commands 600] [--fresh]

Each sample is one `POST /api/v1/sessions/{id}/messages` (JSON): parse,
executor (validate, gates, ledger), audit row before the send, encode +
E2E, send, the ECU's status echo, audit outcome, reply. Prints p50/p99 in ms.

By default eight commands take turns, so after the warm-up every parse is
the parser's kept result for the same words. `--fresh` says something new
every time (a window position or a temperature never said before in the
run, English and Chinese), so each turn pays a whole parse as well.
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


def fresh_commands() -> list[str]:
    """Commands never said twice, each moving its window or temperature to a new value."""
    windows = [("driver", "主驾"), ("passenger", "副驾"), ("rear left", "左后"), ("rear right", "右后")]
    wordings = [
        lambda en, zh, p: f"open the {en} window to {p} percent",
        lambda en, zh, p: f"set the {en} window to {p}%",
        lambda en, zh, p: f"把{zh}车窗打开到百分之{p}",
    ]
    positions = []
    for turn, levels in enumerate((range(1, 101), range(99, 0, -1), range(2, 101))):
        positions += [wordings[(p + turn) % 3](en, zh, p) for p in levels for en, zh in windows]
    temps = [f"set the {zone} temperature to {t / 2:g}" for t in range(32, 61) for zone in ("driver", "passenger")]
    temps += [f"把{zone}温度调到{t / 2:g}度" for t in range(60, 31, -1) for zone in ("主驾", "副驾")]
    out, extra = [], iter(temps)
    for i, text in enumerate(positions):  # a temperature after every fourth window
        out.append(text)
        if i % 4 == 3 and (t := next(extra, None)) is not None:
            out.append(t)
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--commands", type=int, default=600)
    ap.add_argument("--fresh", action="store_true", help="never the same words twice (every parse is new)")
    args = ap.parse_args()
    fresh = fresh_commands() if args.fresh else []
    if len(fresh) < args.commands + 50 and args.fresh:
        ap.error(f"--fresh has {len(fresh)} distinct commands: at most {len(fresh) - 50} with the warm-up")

    def command(i: int) -> str:
        return fresh[i] if fresh else COMMANDS[i % len(COMMANDS)]

    svc = start_subprocess(Path(tempfile.mkdtemp(prefix="n7bench-")))
    try:
        with httpx.Client(base_url=svc.base, timeout=10) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            for i in range(50):  # warm-up
                c.get("/healthz")
                c.post(f"/api/v1/sessions/{sid}/messages", json={"text": command(i)})
            health, turns, not_applied = [], [], 0
            for i in range(args.commands):
                t0 = time.perf_counter()
                c.get("/healthz")
                health.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                reply = c.post(
                    f"/api/v1/sessions/{sid}/messages", json={"text": command(50 + i if fresh else i)}
                ).json()
                turns.append((time.perf_counter() - t0) * 1000)
                not_applied += reply["status"] != "applied"
    finally:
        svc.stop()
    out = {
        "commands": args.commands,
        "fresh": args.fresh,
        "not_applied": not_applied,
        "turn_p50_ms": round(statistics.median(turns), 3),
        "turn_p99_ms": round(pct(turns, 99), 3),
        "healthz_p50_ms": round(statistics.median(health), 3),
        "healthz_p99_ms": round(pct(health, 99), 3),
    }
    out["ratio_p50"] = round(out["turn_p50_ms"] / out["healthz_p50_ms"], 2)
    print(
        f"POST -> applied{' (fresh words)' if args.fresh else ''}: p50 {out['turn_p50_ms']} ms, p99 {out['turn_p99_ms']} ms over {args.commands} "
        f"({not_applied} not applied); /healthz: p50 {out['healthz_p50_ms']} ms, p99 {out['healthz_p99_ms']} ms; "
        f"ratio {out['ratio_p50']}"
    )
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
