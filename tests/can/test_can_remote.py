"""Two processes: ``n7web simulate --interface remote`` in a child process,
the link in this one, through a python-can-remote hub on 127.0.0.1.

The hub (``python -m can_remote``, python-can-remote 0.3.0) serves one
python-can bus per websocket client, all on one virtual channel inside the
hub process, so frames flow between the two clients exactly as on a bus.
"""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from canbus_helpers import Events

from vehicle.actions import Command
from vehicle.can.errors import LinkError
from vehicle.can.link import CanLink, LinkConfig
from vehicle.state import VehicleState


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


ROOT = Path(__file__).resolve().parents[2]


def n7web_command() -> list[str]:
    """``n7web`` of this checkout (``-m`` from the root, whatever the venv's install points at)."""
    return [sys.executable, "-m", "app.cli"]


def read_line(stream, timeout: float) -> str:
    """One line from a child's pipe, or fail after `timeout` (no busy wait)."""
    with selectors.DefaultSelector() as sel:
        sel.register(stream, selectors.EVENT_READ)
        if not sel.select(timeout):
            raise AssertionError(f"no output within {timeout} s")
    return stream.readline()


class Hub:
    """The python-can-remote hub; ready once it logs that it listens."""

    def __init__(self, channel: str) -> None:
        port = free_port()
        self.url = f"ws://127.0.0.1:{port}/"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "can_remote",
                "--interface",
                "virtual",
                "--channel",
                channel,
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
        )
        ready = threading.Event()

        def drain() -> None:  # keep its (chatty DEBUG) log from filling the pipe
            for line in self.proc.stderr:
                if "Server listening" in line:
                    ready.set()

        self.drainer = threading.Thread(target=drain, daemon=True)
        self.drainer.start()
        if not ready.wait(10):
            self.stop()
            raise AssertionError("python-can-remote hub did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(timeout=5)
        self.drainer.join(timeout=5)
        self.proc.stderr.close()


@contextmanager
def simulator_on(hub: Hub, *extra: str) -> Iterator[subprocess.Popen]:
    """``n7web simulate`` on the hub in a child process, running once its banner is out."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        [*n7web_command(), "simulate", "--interface", "remote", "--channel", hub.url, *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    ) as sim:
        try:
            banner = read_line(sim.stdout, 15)
            assert "ECU simulator running on remote" in banner, banner
            yield sim
        finally:
            if sim.poll() is None:
                sim.kill()
                sim.wait()


@pytest.fixture
def hub(channel):
    hub = Hub(channel)
    try:
        yield hub
    finally:
        hub.stop()


def test_command_applied_across_processes(hub, catalog, dbc):
    with simulator_on(hub, "--gear", "P") as sim:
        state = VehicleState(catalog)
        events = Events(state)
        link = CanLink(catalog, dbc, LinkConfig(interface="remote", channel=hub.url, confirm_timeout_ms=1000), state)
        link.open()
        try:
            events.wait_for(lambda n, _: n == "vehicle.changed", timeout=5)
            [outcome] = link.execute([Command("window.set_position", "passenger", {"open_percent": 55})])
            assert outcome.status == "applied", outcome
            assert state.control("window.set_position", "passenger") == {"open_percent": 55}

            sim.stdin.write("speed 42\ngear X\n")
            sim.stdin.flush()
            assert read_line(sim.stdout, 5).strip() == "vehicle speed_kph=42 gear=P child_lock=off"
            assert "gear must be one of P, R, N, D" in read_line(sim.stderr, 5)
            sim.stdin.write("child_lock on\n")  # one line at a time: read_line selects on the pipe
            sim.stdin.flush()
            assert read_line(sim.stdout, 5).strip() == "vehicle speed_kph=42 gear=P child_lock=on"
            events.wait_for(
                lambda n, p: (
                    n == "vehicle.changed" and p == {"speed_kph": 42.0, "gear": "P", "child_lock": True, "stale": False}
                ),
                timeout=5,
            )
        finally:
            link.close()
        sim.stdin.close()  # EOF ends the simulator
        assert sim.wait(timeout=10) == 0


def test_remote_open_failure_names_interface_and_channel(catalog, dbc):
    channel = f"ws://127.0.0.1:{free_port()}/"
    link = CanLink(catalog, dbc, LinkConfig(interface="remote", channel=channel), VehicleState(catalog))
    start = time.monotonic()
    with pytest.raises(LinkError) as info:
        link.open()
    assert "'remote'" in str(info.value) and channel in str(info.value)
    assert time.monotonic() - start < 5


def test_simulator_exits_when_its_hub_goes_away(hub):
    """A simulator whose bus is gone says so and exits non-zero, not running on deaf."""
    with simulator_on(hub) as sim:
        sim.stdin.write("speed 10\n")
        sim.stdin.flush()
        assert read_line(sim.stdout, 5).strip() == "vehicle speed_kph=10 gear=P child_lock=off"
        stopped = time.monotonic()
        hub.stop()  # stdin stays open: only the lost bus can end it
        code = sim.wait(timeout=15)
        took = time.monotonic() - stopped
        err = sim.stderr.read()
    assert code == 3, err
    assert f"n7web simulate: stopping: the CAN bus went away (remote {hub.url})" in err
    assert "Traceback" not in err
    assert took < 5, took


def test_serve_on_a_remote_hub_with_the_simulator_in_another_process(hub, tmp_path):
    """The README's two-process set-up without SocketCAN: ``n7web simulate``
    and ``n7web serve --can-interface remote`` on one python-can-remote hub."""
    from service.harness import start_subprocess

    with simulator_on(hub) as sim:
        svc = start_subprocess(tmp_path, ["--no-assistant", "--can-interface", "remote", "--can-channel", hub.url])
        try:
            with svc.client() as c:
                can_status = c.get("/api/v1/status").json()["can"]
                assert (can_status["interface"], can_status["channel"]) == ("remote", hub.url)
                assert (can_status["state"], can_status["simulator"]) == ("up", "external")
                deadline = time.monotonic() + 5
                while c.get("/api/v1/vehicle/state").json()["vehicle"]["stale"] and time.monotonic() < deadline:
                    time.sleep(0.05)
                session = c.post("/api/v1/sessions", json={}).json()["session_id"]
                reply = c.post(
                    f"/api/v1/sessions/{session}/messages",
                    json={"text": "open the passenger window", "source": "voice"},
                ).json()
                assert reply["status"] == "applied", reply
                state = c.get("/api/v1/vehicle/state").json()
                assert state["controls"]["window.set_position"]["passenger"] == {"open_percent": 100}

                sim.stdin.write("child_lock on\n")
                sim.stdin.flush()
                assert read_line(sim.stdout, 5).strip() == "vehicle speed_kph=0 gear=P child_lock=on"
                deadline = time.monotonic() + 5
                while not c.get("/api/v1/vehicle/state").json()["vehicle"]["child_lock"]:
                    assert time.monotonic() < deadline, "the service never saw the child lock"
                    time.sleep(0.05)
                # The simulator is another process: the simulation route refuses.
                r = c.put("/api/v1/sim/vehicle", json={"child_lock": False})
                assert r.status_code == 409 and r.json()["error"]["code"] == "not_simulation"
        finally:
            svc.stop()
        sim.stdin.close()
        assert sim.wait(timeout=10) == 0


@pytest.mark.parametrize("hub_channel", [None, "n7web", "http://127.0.0.1:1/"])
def test_serve_refuses_remote_without_a_hub_url(hub_channel, tmp_path):
    argv = [*n7web_command(), "serve", "--can-interface", "remote", "--state-dir", str(tmp_path)]
    if hub_channel:
        argv += ["--can-channel", hub_channel]
    done = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if not k.startswith("N7WEB_")},
    )
    assert done.returncode == 2
    assert "--can-interface remote needs --can-channel ws://HOST:PORT/" in done.stderr
    assert not (tmp_path / "n7web.sqlite3").exists()
