"""Where the time of a model turn goes, and what the assistant costs in memory.

    .venv/bin/python bench/codex_turn.py [--runs 15]

Runs the real ``n7web serve`` with the real codex 0.147.0 and the real
``python -m mcp_server`` against the end-to-end tests' scripted loopback
Responses provider (``tests/e2e/e2e_provider.py``), and times, on one clock
(this process: the provider is a thread here, the SSE client too):

- a **text turn** (one model request): POST -> ``turn.started`` (route,
  store), ``turn.started`` -> first model request (parse, token, trusted
  context, ``turn/start``, then codex building and sending the request), the
  fake model's own time, last model byte -> ``turn.completed`` (codex
  streaming + backend reply, store, SSE);
- a **tool turn** ("I'm freezing": model plan -> execute -> explanation, two
  model requests): the same, plus the gap between the two model requests,
  split into the tool call's wall time as codex measured it (MCP server +
  HTTP callback + revalidating executor + CAN confirmation) and the rest
  (codex dispatching the call and building the next request);
- a **local turn** (a complete command, no model) as the backend baseline;
- a **new conversation's first tool turn** (``thread/start`` on the shared
  MCP server, then the tool turn) against the steady tool turn of a warm
  session: the target is within 1.5x (a stdio server per thread made it ~7x);
- the **resident size of the service tree** (the service, codex and the one
  MCP server, VmRSS summed from /proc) with 1, 4 and 16 loaded threads: the
  target is 16 threads within 1.3x of 1 thread.

Prints medians (p90 in brackets) and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

import httpx  # noqa: E402
from e2e.e2e_harness import codex_pids, mcp_pids, provider_toml, rss_mb, start_service  # noqa: E402
from e2e.e2e_provider import Call, Provider, execute, text  # noqa: E402

PLAN = {
    "actions": [
        {"capability": "climate.adjust_temperature", "target": "all", "parameters": {"delta_celsius": 0.5}},
        {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}},
    ]
}
_WALL = re.compile(r"Wall time: ([0-9.]+) seconds")


def timed_turn(client: httpx.Client, session: str, utterance: str) -> tuple[float, list[tuple[float, str, Any]]]:
    """POST over SSE; (t0, [(arrival time, event, data)])."""
    events: list[tuple[float, str, Any]] = []
    t0 = time.monotonic()
    with client.stream(
        "POST",
        f"/api/v1/sessions/{session}/messages",
        json={"text": utterance},
        headers={"Accept": "text/event-stream"},
    ) as r:
        r.raise_for_status()
        name, data = "message", []
        for line in r.iter_lines():
            if line == "":
                if data:
                    events.append((time.monotonic(), name, json.loads("\n".join(data))))
                name, data = "message", []
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())
    assert events and events[-1][1] == "turn.completed", events
    return t0, events


def completed(events: list[tuple[float, str, Any]]) -> tuple[float, dict]:
    at, _, data = events[-1]
    return at, data


def started(events: list[tuple[float, str, Any]]) -> float:
    return next(at for at, name, _ in events if name == "turn.started")


def ms(value: float) -> float:
    return round(value * 1000, 2)


def figures(samples: list[dict[str, float]]) -> dict[str, tuple[float, float]]:
    """Per key: (median, p90) in ms."""
    out = {}
    for key in samples[0]:
        values = sorted(s[key] for s in samples)
        p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
        out[key] = (round(statistics.median(values), 1), round(p90, 1))
    return out


def text_turn(client: httpx.Client, provider: Provider, session: str, n: int) -> dict[str, float]:
    utterance = f"tell me a fact, number {n}"
    provider.script(utterance, text("A short ", "fact."))
    t0, events = timed_turn(client, session, utterance)
    end, reply = completed(events)
    assert reply["handled_by"] == "codex", reply
    (call,) = provider.calls_for(utterance)
    return {
        "total": ms(end - t0),
        "post_to_started": ms(started(events) - t0),
        "started_to_model": ms(call.at - started(events)),
        "model": ms(call.done_at - call.at),
        "model_to_completed": ms(end - call.done_at),
    }


def tool_turn(client: httpx.Client, provider: Provider, session: str, n: int) -> dict[str, float]:
    # alternating signs keep the set-points in range over many runs
    sign = 1 if n % 2 == 0 else -1
    plan = json.loads(json.dumps(PLAN))
    plan["actions"][0]["parameters"]["delta_celsius"] = 0.5 * sign
    utterance = f"I'm freezing{'!' * (n + 1)}" if sign > 0 else f"I'm too hot{'!' * (n + 1)}"
    plan["actions"][1] = (
        {"capability": "seat.set_heating", "target": "driver", "parameters": {"level": 2}}
        if sign > 0
        else {"capability": "climate.set_ac", "target": "cabin", "parameters": {"on": True}}
    )

    def explain(call: Call) -> Any:
        return text("Done: ", call.output_result()[0]["message"])

    provider.script(utterance, lambda call: execute(call.token, plan), explain)
    t0, events = timed_turn(client, session, utterance)
    end, reply = completed(events)
    assert reply["handled_by"] == "codex" and reply["actions"], reply
    first, second = provider.calls_for(utterance)
    wall = float(_WALL.search(second.outputs[-1]).group(1))
    gap = second.at - first.done_at
    return {
        "total": ms(end - t0),
        "post_to_started": ms(started(events) - t0),
        "started_to_model": ms(first.at - started(events)),
        "model": ms((first.done_at - first.at) + (second.done_at - second.at)),
        "between_requests": ms(gap),
        "tool_wall_time": ms(wall),
        "codex_tool_dispatch": ms(gap - wall),
        "model_to_completed": ms(end - second.done_at),
    }


def local_turn(client: httpx.Client, session: str, n: int) -> dict[str, float]:
    t0, events = timed_turn(client, session, f"set the driver seat heating to {1 + n % 3}")
    end, reply = completed(events)
    assert reply["handled_by"] == "local", reply
    return {"total": ms(end - t0)}


def tree_rss(root: int) -> dict[str, float]:
    """VmRSS of the service, its codex and its MCP server(s), and their sum, in MiB."""
    from e2e.e2e_harness import descendants

    parts = {
        "service": rss_mb(root),
        "codex": sum(rss_mb(p) for p in codex_pids(root)),
        "mcp": sum(rss_mb(p) for p in mcp_pids(root)),
    }
    parts["tree"] = rss_mb(root) + sum(rss_mb(p) for p in descendants(root))
    return {key: round(value, 1) for key, value in parts.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="turns of each kind (default 15)")
    parser.add_argument("--threads", type=int, default=16, help="loaded threads at the end (default 16)")
    args = parser.parse_args(argv)
    provider = Provider()
    marks = sorted({1, 4, args.threads})
    with tempfile.TemporaryDirectory(prefix="n7web-bench-") as tmp:
        svc = start_service(
            Path(tmp), provider_toml(provider.base_url), env={"N7WEB_MAX_LOADED_THREADS": str(max(args.threads, 1))}
        )
        try:
            with svc.client(timeout=60) as client:
                status = client.get("/api/v1/status").json()["assistant"]
                assert status["mode"] == "codex" and status["mcp"] == "up", status
                root = svc.proc.pid
                memory: dict[int, dict[str, float]] = {}
                first: list[dict[str, float]] = []
                sessions: list[str] = []
                serial = 1000
                for count in range(1, max(args.threads, 1) + 1):
                    session = client.post("/api/v1/sessions").json()["session_id"]
                    sessions.append(session)
                    serial += 2  # even: the set-points step up and down in pairs
                    first.append(tool_turn(client, provider, session, serial + count % 2))
                    if count in marks:
                        time.sleep(0.5)  # let codex settle its allocations
                        memory[count] = tree_rss(root)
                session = sessions[0]
                tool_turn(client, provider, session, 998)  # warm-up, not counted
                tools = [tool_turn(client, provider, session, n) for n in range(args.runs)]
                texts = [text_turn(client, provider, session, n) for n in range(args.runs)]
                locals_ = [local_turn(client, session, n) for n in range(args.runs)]
                assert len(mcp_pids(root)) == 1, mcp_pids(root)
        finally:
            svc.stop()
            provider.close()
    steady, new = figures(tools)["total"][0], figures(first)["total"][0]
    one, many = memory[1]["tree"], memory[max(marks)]["tree"]
    result = {
        "codex_version": status["codex_version"],
        "runs": args.runs,
        "first_tool_turn_of_new_conversation": figures(first),
        "tool_turn": figures(tools),
        "text_turn": figures(texts),
        "local_turn": figures(locals_),
        "first_vs_steady_tool_turn": round(new / steady, 2),
        "rss_mib_by_loaded_threads": memory,
        f"rss_{max(marks)}_vs_1_thread": round(many / one, 2),
    }
    print(f"codex {status['codex_version']}, {args.runs} turns of each kind, median [p90] ms")
    for kind, label in (
        ("first_tool_turn_of_new_conversation", "first tool turn of a new conversation"),
        ("tool_turn", "steady tool turn"),
        ("text_turn", "text turn"),
        ("local_turn", "local turn"),
    ):
        print(f"{label} ({len(first) if kind.startswith('first') else args.runs} turns):")
        for key, (median, p90) in result[kind].items():
            print(f"  {key:22s} {median:8.1f}  [{p90:.1f}]")
    print(
        f"new conversation's first tool turn / steady tool turn: {result['first_vs_steady_tool_turn']}x (target <= 1.5)"
    )
    for count, parts in memory.items():
        print(
            f"RSS MiB with {count:2d} loaded thread(s): tree {parts['tree']} = service {parts['service']}"
            f" + codex {parts['codex']} + MCP {parts['mcp']}"
        )
    print(f"RSS {max(marks)} threads / 1 thread: {result[f'rss_{max(marks)}_vs_1_thread']}x (target <= 1.3)")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
