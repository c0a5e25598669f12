"""``n7web simulate``: run the ECU simulator on its own, on any bus.

    n7web simulate --interface virtual|socketcan|remote --channel X
                   [--speed-kph N] [--gear P|R|N|D] [--catalog DIR]

Reads ``speed N``, ``gear D`` and ``child_lock on|off`` lines from stdin
(one change a line; blank lines and ``#`` comments are ignored), answers
each with the new vehicle values on stdout or one error line on stderr, and
runs until stdin ends, SIGINT or SIGTERM. When its bus goes away (the
``remote`` hub stops, vcan0 is deleted) it says so and exits 3 rather than
run on deaf. A ``virtual`` bus only reaches buses in the same process, so a
separate simulator needs ``socketcan`` (vcan0) or a ``remote`` hub.
"""

from __future__ import annotations

import argparse
import queue
import signal
import sys
import threading
from types import FrameType

from vehicle.can.bus import INTERFACES
from vehicle.can.dbc import load_vehicle_dbc
from vehicle.catalog import CatalogError, load_catalog

from .ecu import GEARS, EcuSimulator
from .errors import SimError, SimInputError

PROG = "n7web simulate"
EXIT_BUS_LOST = 3
_INPUT_HELP = "'speed N' / 'gear P|R|N|D' / 'child_lock on|off'"


class _Terminated(Exception):
    """SIGTERM arrived: leave the stdin loop and stop cleanly."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description="Run the N7Web cabin ECU simulator on a CAN bus.")
    parser.add_argument(
        "--interface", choices=INTERFACES, default="virtual", help="python-can interface (default: virtual)"
    )
    parser.add_argument(
        "--channel", default="n7web", help="channel: vcan0, a virtual bus name, or ws://host:port/ for remote"
    )
    parser.add_argument("--speed-kph", type=float, default=None, help="start speed in km/h (default 0)")
    parser.add_argument("--gear", type=str.upper, choices=GEARS, default=None, help="start gear (default P)")
    parser.add_argument("--catalog", default=None, help="catalog directory (default: the shipped one)")
    return parser


def parse_line(line: str) -> dict[str, float | str | bool] | None:
    """``speed N`` / ``gear X`` / ``child_lock on|off`` -> keyword arguments of ``set_vehicle``.

    Returns None for a blank line or a comment; raises SimInputError with a
    sentence for anything else it cannot read.
    """
    words = line.split("#", 1)[0].split()
    if not words:
        return None
    if len(words) != 2 or words[0].lower() not in ("speed", "gear", "child_lock"):
        raise SimInputError(f"cannot read {line.strip()!r}: expected {_INPUT_HELP}")
    key, value = words[0].lower(), words[1]
    if key == "gear":
        if value.upper() not in GEARS:
            raise SimInputError(f"gear must be one of {', '.join(GEARS)}, got {value!r}")
        return {"gear": value.upper()}
    if key == "child_lock":
        if value.lower() not in ("on", "off"):
            raise SimInputError(f"child_lock must be on or off, got {value!r}")
        return {"child_lock": value.lower() == "on"}
    try:
        return {"speed_kph": float(value)}
    except ValueError:
        raise SimInputError(f"speed must be a number of km/h, got {value!r}") from None


def vehicle_line(sim: EcuSimulator) -> str:
    speed, gear = sim.vehicle()
    return f"vehicle speed_kph={speed:g} gear={gear} child_lock={'on' if sim.child_lock() else 'off'}"


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        catalog = load_catalog(args.catalog)
        dbc = load_vehicle_dbc(args.catalog, catalog)
    except CatalogError as exc:
        print(f"{PROG}: invalid catalog: {exc}", file=sys.stderr)
        return 1
    sim = EcuSimulator(catalog, dbc, args.interface, args.channel)
    try:
        sim.set_vehicle(speed_kph=args.speed_kph, gear=args.gear)
        sim.start()
    except SimError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1

    def on_term(signum: int, frame: FrameType | None) -> None:
        raise _Terminated()

    previous = signal.signal(signal.SIGTERM, on_term)
    lost: str | None = None
    try:
        speed, gear = sim.vehicle()
        print(
            f"{PROG}: ECU simulator running on {args.interface} {args.channel} (speed {speed:g} km/h, gear {gear}); "
            f"reading {_INPUT_HELP} lines from stdin",
            flush=True,
        )
        lost = _serve_stdin(sim)
    except (KeyboardInterrupt, _Terminated):
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sim.stop()
    if lost is not None:
        print(f"{PROG}: stopping: {lost}", file=sys.stderr, flush=True)
        return EXIT_BUS_LOST
    return 0


def _read_lines(stdin, lines: queue.Queue[str | None]) -> None:
    while line := stdin.readline():
        lines.put(line)
    lines.put(None)  # EOF


def _serve_stdin(sim: EcuSimulator) -> str | None:
    """Apply stdin lines until EOF; the reason instead when the bus goes away first.

    stdin is read on a daemon thread so a lost bus ends the simulator even
    while nobody types.
    """
    stdin = sys.stdin
    if hasattr(stdin, "reconfigure"):
        stdin.reconfigure(encoding="utf-8", errors="replace")
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_read_lines, args=(stdin, lines), name="n7web-sim-stdin", daemon=True).start()
    lineno = 0
    while True:
        lost = sim.wait_lost(0)
        if lost is not None:
            return lost
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        if line is None:
            return None
        lineno += 1
        try:
            change = parse_line(line)
            if change is None:
                continue
            sim.set_vehicle(**change)  # type: ignore[arg-type]
        except SimInputError as exc:
            print(f"{PROG}: line {lineno}: {exc}", file=sys.stderr, flush=True)
            continue
        print(vehicle_line(sim), flush=True)
