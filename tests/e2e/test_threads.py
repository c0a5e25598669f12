"""Loaded threads are bounded: ``N7WEB_MAX_LOADED_THREADS=2`` with seven sessions.

Codex threads share the service's one ``python -m mcp_server --http``: the
count of MCP server processes among the service's descendants in /proc is
sampled all through the scenario and is exactly one, always the same
process. Past the bound the least recently used thread is unloaded; its
session's thread comes back (with its history) at its next turn, and a
turn that finds every thread busy waits for one.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from .e2e_flow import new_session, turn
from .e2e_harness import mcp_pids, provider_toml, start_service
from .e2e_provider import after, text

BOUND = 2


@pytest.fixture(scope="module")
def bounded(tmp_path_factory, provider):
    service = start_service(
        tmp_path_factory.mktemp("e2e-threads"),
        provider_toml(provider.base_url),
        env={"N7WEB_MAX_LOADED_THREADS": str(BOUND)},
    )
    yield service
    service.stop()


class Sampler(threading.Thread):
    """Records the service's MCP server processes every 20 ms."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root, self.seen, self.halt = root, [], threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            self.seen.append(tuple(mcp_pids(self.root)))
            self.halt.wait(0.02)


def test_threads_past_the_bound_share_the_one_mcp_server(bounded, provider):
    [server] = mcp_pids(bounded.proc.pid)
    sampler = Sampler(bounded.proc.pid)
    sampler.start()
    try:
        with bounded.client(timeout=60) as client:
            sessions = [new_session(client) for _ in range(4)]
            for n, session in enumerate(sessions):
                provider.script(f"question number {n}", text(f"answer {n}"))
                _, reply = turn(client, session, f"question number {n}")
                assert reply["handled_by"] == "codex" and reply["reply_text"] == f"answer {n}"
            # the first session's thread was freed; it is resumed (with its history)
            provider.script(
                "what did I ask first?",
                lambda call: text(
                    "You asked question number 0." if "question number 0" in json.dumps(call.body) else "I do not know."
                ),
            )
            _, reply = turn(client, sessions[0], "what did I ask first?")
            assert reply["handled_by"] == "codex" and reply["reply_text"] == "You asked question number 0."
            # three slow turns at once in three sessions: the third waits for a free thread
            busy = [new_session(client) for _ in range(3)]
            for n in range(3):
                provider.script(f"slow question {n}", after(0.8, text(f"slow answer {n}")))

            def ask(n: int) -> dict:
                with bounded.client(timeout=60) as c:
                    return turn(c, busy[n], f"slow question {n}")[1]

            with ThreadPoolExecutor(3) as pool:
                replies = list(pool.map(ask, range(3)))
            assert [r["reply_text"] for r in replies] == [f"slow answer {n}" for n in range(3)]
            assert all(r["handled_by"] == "codex" for r in replies)
    finally:
        sampler.halt.set()
        sampler.join(5)
    assert len(sampler.seen) > 10 and set(sampler.seen) == {(server,)}, set(sampler.seen)
    assert mcp_pids(bounded.proc.pid) == [server]
