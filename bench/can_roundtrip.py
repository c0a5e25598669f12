"""Command -> confirmed latency on the virtual bus with the in-process simulator.

    .venv/bin/python bench/can_roundtrip.py [--commands 2000] [--batch 1]

Each sample is one ``CanLink.execute`` call: encode with counter and CRC,
allowlist check, send, the ECU's CRC/counter check and status answer, the
link's CRC/counter check, the state update, the echo match. Prints p50, p90,
p99 and max in milliseconds and one JSON line for CI logs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vehicle.actions import Command  # noqa: E402
from vehicle.can.dbc import load_vehicle_dbc  # noqa: E402
from vehicle.can.link import CanLink, LinkConfig  # noqa: E402
from vehicle.catalog import load_catalog  # noqa: E402
from vehicle.sim import EcuSimulator  # noqa: E402
from vehicle.state import VehicleState  # noqa: E402


def commands(i: int, batch: int) -> list[Command]:
    """A rotating mix of controls, values always changing."""
    mix = [
        lambda k: Command(
            "climate.set_temperature",
            ("driver", "passenger", "rear_left", "rear_right")[k % 4],
            {"celsius": 16.0 + (k % 29) * 0.5},
        ),
        lambda k: Command("seat.set_heating", ("driver", "passenger")[k % 2], {"level": k % 4}),
        lambda k: Command(
            "window.set_position", ("driver", "passenger", "rear_left", "rear_right")[k % 4], {"open_percent": k % 101}
        ),
        lambda k: Command("ambient_light.set", "cabin", {"brightness": k % 101}),
    ]
    return [mix[(i + j) % len(mix)](i * batch + j) for j in range(batch)]


def percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=2000, help="execute() calls to time (default 2000)")
    parser.add_argument("--batch", type=int, default=1, help="commands per execute() call (default 1)")
    args = parser.parse_args()

    catalog = load_catalog()
    dbc = load_vehicle_dbc(None, catalog)
    channel = f"bench-{os.getpid()}"
    state = VehicleState(catalog)
    link = CanLink(catalog, dbc, LinkConfig(channel=channel, confirm_timeout_ms=300), state)
    sim = EcuSimulator(catalog, dbc, "virtual", channel)
    link.open()
    sim.start()
    try:
        deadline = time.monotonic() + 3
        while state.is_stale() and time.monotonic() < deadline:
            time.sleep(0.01)
        for i in range(50):  # warm-up
            link.execute(commands(i, args.batch))
        samples: list[float] = []
        unconfirmed = 0
        wall = time.perf_counter()
        for i in range(args.commands):
            batch = commands(i, args.batch)
            t0 = time.perf_counter()
            outcomes = link.execute(batch)
            samples.append((time.perf_counter() - t0) * 1000.0)
            unconfirmed += sum(o.status != "applied" for o in outcomes)
        wall = time.perf_counter() - wall
    finally:
        sim.stop()
        link.close()

    samples.sort()
    result = {
        "bench": "can_roundtrip",
        "interface": "virtual",
        "calls": len(samples),
        "commands_per_call": args.batch,
        "not_applied": unconfirmed,
        "p50_ms": round(percentile(samples, 0.50), 3),
        "p90_ms": round(percentile(samples, 0.90), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "max_ms": round(samples[-1], 3),
        "mean_ms": round(statistics.fmean(samples), 3),
        "commands_per_s": round(len(samples) * args.batch / wall, 1),
        "link_stats": link.stats(),
        "ecu_stats": sim.stats(),
    }
    print(
        f"command -> confirmed on virtual bus, {len(samples)} calls x {args.batch} command(s): "
        f"p50 {result['p50_ms']} ms, p90 {result['p90_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms, "
        f"{result['commands_per_s']} commands/s, not applied {unconfirmed}"
    )
    print(json.dumps(result))
    return 0 if unconfirmed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
