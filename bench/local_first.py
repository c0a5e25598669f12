"""POST a command -> `applied` Reply, over real HTTP to `n7web serve` (local-only,
virtual bus, in-process ECU), beside `GET /healthz` as the HTTP baseline.

    .venv/bin/python bench/local_first.py [--commands 600] [--fresh] [--rounds 1] [--raw]

Each sample is one `POST /api/v1/sessions/{id}/messages` (JSON): parse,
executor (validate, gates, ledger), audit row before the send, encode +
E2E, send, the ECU's status echo, audit outcome, reply. Prints p50/p99 in ms.

By default eight commands take turns, so after the warm-up every parse is
the parser's kept result for the same words. `--fresh` says something new
every time (a window position or a temperature never said before in the
run, English and Chinese), so each turn pays a whole parse as well.

`--rounds N` starts a fresh service N times in a row and prints each run and
then the spread (min, median, max): run-to-run differences on a shared
machine are as large as the margins compared, so one run decides nothing.

`--raw` sends each request as one write on a plain keep-alive socket instead
of httpx, which spends about 0.4 ms of its own on every request (on this
machine) and writes a POST's headers and body separately. The ratio depends
on the client: with `--raw`, `/healthz` is mostly the service's own cost.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
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


class RawClient:
    """HTTP/1.1 over one keep-alive socket, one write per request (JSON answers only)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def request(self, method: str, path: str, body: dict | None = None) -> dict:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{self.port}\r\naccept: application/json\r\n"
        if body is not None:
            head += f"content-type: application/json\r\ncontent-length: {len(data)}\r\n"
        self.sock.sendall(head.encode() + b"\r\n" + data)
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._recv()
        headers, _, rest = self.buf.partition(b"\r\n\r\n")
        length = next(
            int(v) for k, _, v in (h.partition(b":") for h in headers.split(b"\r\n")) if k.lower() == b"content-length"
        )
        while len(rest) < length:
            rest += self._recv()
        self.buf = rest[length:]
        return json.loads(rest[:length])

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the service closed the connection")
        return chunk

    def close(self) -> None:
        self.sock.close()


def one_run(commands: int, command, raw: bool) -> dict:
    """One fresh service: warm-up, then `commands` turns, each beside a /healthz."""
    svc = start_subprocess(Path(tempfile.mkdtemp(prefix="n7bench-")))
    try:
        with httpx.Client(base_url=svc.base, timeout=10) as c:
            sid = c.post("/api/v1/sessions").json()["session_id"]
            path = f"/api/v1/sessions/{sid}/messages"
            if raw:
                rc = RawClient(svc.port)
                get, post = (
                    (lambda: rc.request("GET", "/healthz")),
                    (lambda text: rc.request("POST", path, {"text": text})),
                )
            else:
                get, post = (lambda: c.get("/healthz")), (lambda text: c.post(path, json={"text": text}).json())
            for i in range(50):  # warm-up
                get()
                post(command(i))
            health, turns, not_applied = [], [], 0
            for i in range(commands):
                t0 = time.perf_counter()
                get()
                health.append((time.perf_counter() - t0) * 1000)
                t0 = time.perf_counter()
                reply = post(command(50 + i))
                turns.append((time.perf_counter() - t0) * 1000)
                not_applied += reply["status"] != "applied"
            if raw:
                rc.close()
    finally:
        svc.stop()
    out = {
        "commands": commands,
        "not_applied": not_applied,
        "turn_p50_ms": round(statistics.median(turns), 3),
        "turn_p99_ms": round(pct(turns, 99), 3),
        "healthz_p50_ms": round(statistics.median(health), 3),
        "healthz_p99_ms": round(pct(health, 99), 3),
        "load": round(os.getloadavg()[0], 2),
    }
    out["ratio_p50"] = round(out["turn_p50_ms"] / out["healthz_p50_ms"], 2)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--commands", type=int, default=600)
    ap.add_argument("--fresh", action="store_true", help="never the same words twice (every parse is new)")
    ap.add_argument("--rounds", type=int, default=1, help="fresh services in a row; prints the spread")
    ap.add_argument("--raw", action="store_true", help="one write per request on a plain socket, not httpx")
    args = ap.parse_args()
    fresh = fresh_commands() if args.fresh else []
    if len(fresh) < args.commands + 50 and args.fresh:
        ap.error(f"--fresh has {len(fresh)} distinct commands: at most {len(fresh) - 50} with the warm-up")
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")

    def command(i: int) -> str:
        return fresh[i] if fresh else COMMANDS[i % len(COMMANDS)]

    what = "POST -> applied" + (" (fresh words)" if args.fresh else "") + (" (raw socket)" if args.raw else "")
    runs = []
    for _ in range(args.rounds):
        out = one_run(args.commands, command, args.raw)
        runs.append(out)
        print(
            f"{what}: p50 {out['turn_p50_ms']} ms, p99 {out['turn_p99_ms']} ms over {args.commands} "
            f"({out['not_applied']} not applied); /healthz: p50 {out['healthz_p50_ms']} ms, "
            f"p99 {out['healthz_p99_ms']} ms; ratio {out['ratio_p50']} (load {out['load']})",
            flush=True,
        )
    if args.rounds > 1:
        spread = {k: [r[k] for r in runs] for k in ("turn_p50_ms", "turn_p99_ms", "healthz_p50_ms", "ratio_p50")}
        print(
            f"{args.rounds} runs, min / median / max: "
            + "; ".join(f"{k} {min(v)} / {statistics.median(v)} / {max(v)}" for k, v in spread.items())
        )
    print(
        json.dumps(
            {"fresh": args.fresh, "raw": args.raw, "runs": runs}
            if args.rounds > 1
            else runs[0] | {"fresh": args.fresh, "raw": args.raw}
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
