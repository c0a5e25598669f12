"""Start-up and systemd's watchdog (DESIGN section 10, issue 18), through
the real ``n7web serve`` process.

- The options and the port are checked before anything is announced: a port
  in use is one line on stderr and a non-zero exit within a second, and the
  console URL is never printed (it used to come after about 7 s, after the URL).
- ``READY=1`` and then ``WATCHDOG=1`` every ``WATCHDOG_USEC / 2`` arrive on a
  real AF_UNIX datagram socket named by ``NOTIFY_SOCKET``; ``STOPPING=1`` on
  SIGTERM and no feeding after it.
- The watchdog is fed from the event loop: a loop that hangs stops feeding
  (so systemd restarts a hung service), and it resumes when the loop does.
"""

from __future__ import annotations

import itertools
import os
import signal
import socket
import statistics
import subprocess
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest

from .harness import N7WEB, ROOT, free_port, service_args, wait_healthy

#: DESIGN section 10: "fails within a second naming the problem".
PORT_ERROR_WITHIN_S = 1.0


def serve(
    tmp: Path, port: int, env: dict[str, str] | None = None, extra: list[str] | None = None, **popen
) -> subprocess.Popen:
    args = service_args(
        port,
        tmp / "state",
        tmp / "can.log",
        "st_" + uuid.uuid4().hex[:10],
        extra if extra is not None else ["--no-assistant"],
    )
    return subprocess.Popen(N7WEB + args, cwd=ROOT, text=True, env={**os.environ, **(env or {})}, **popen)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


# -- the port, before anything is announced ---------------------------------------------
@pytest.mark.parametrize("extra", [["--no-assistant"], []], ids=["local-only", "with-assistant"])
def test_a_port_in_use_is_reported_at_once_and_before_the_console_url(tmp_path, extra):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        proc = serve(tmp_path, port, extra=extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = proc.communicate(timeout=30)
        finally:
            stop(proc)
        took = time.monotonic() - started
        assert proc.returncode not in (0, None), (out, err)
        assert took < PORT_ERROR_WITHIN_S, f"the port in use was reported after {took:.2f} s"
        assert "N7Web console" not in out and "http://" not in out, out
        assert f"--port {port}" in err and "already in use" in err, err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        # nothing was built: no state dir, no database
        assert not (tmp_path / "state").exists()
        # the port's owner is untouched
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            pass


def test_a_bad_option_is_reported_at_once_before_the_port_and_the_url(tmp_path):
    port = free_port()
    started = time.monotonic()
    proc = serve(
        tmp_path, port, extra=["--no-assistant", "--host", "0.0.0.0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, err = proc.communicate(timeout=30)
    assert time.monotonic() - started < PORT_ERROR_WITHIN_S
    assert proc.returncode == 2 and out == "" and "--host" in err and "loopback" in err, (out, err)


def test_the_port_is_held_from_the_start_and_served_when_ready(tmp_path):
    """A second service on the same port fails at once even while the first is still starting."""
    port = free_port()
    first = serve(tmp_path / "a", port, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 5
        while True:  # bound as soon as the options are read, long before /healthz answers
            probe = socket.socket()
            try:
                held = probe.connect_ex(("127.0.0.1", port)) == 0
            finally:
                probe.close()
            if held:
                break
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        second = serve(tmp_path / "b", port, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = second.communicate(timeout=30)
        assert second.returncode == 1 and "already in use" in err and out == "", (out, err)
        wait_healthy(f"http://127.0.0.1:{port}", proc=first)
        assert httpx.get(f"http://127.0.0.1:{port}/api/v1/status", timeout=5).status_code == 200
    finally:
        stop(first)
        for stream in (first.stdout, first.stderr):
            stream.close()


# -- systemd's notify socket and watchdog -------------------------------------------------
class NotifySocket:
    """What systemd listens on: an AF_UNIX datagram socket; records (time, message)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.settimeout(0.05)
        self.messages: list[tuple[float, str]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                continue
            except OSError:
                return
            self.messages.append((time.monotonic(), data.decode()))

    def times(self, message: str) -> list[float]:
        return [t for t, m in list(self.messages) if m == message]

    def wait_for(self, message: str, timeout: float) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if seen := self.times(message):
                return seen[0]
            time.sleep(0.01)
        raise AssertionError(f"no {message!r} within {timeout} s: {self.messages}")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


@pytest.fixture
def notify(tmp_path):
    # AF_UNIX paths are at most 107 bytes: a short directory of its own
    import tempfile

    with tempfile.TemporaryDirectory(prefix="n7n-") as short:
        ns = NotifySocket(Path(short) / "notify")
        yield ns
        ns.close()


def gaps(times: list[float]) -> list[float]:
    return [b - a for a, b in itertools.pairwise(times)]


def test_ready_then_watchdog_at_half_the_interval_then_stopping(tmp_path, notify):
    port = free_port()
    watchdog_usec = 1_000_000  # WatchdogSec=1s: fed every 0.5 s
    proc = serve(
        tmp_path,
        port,
        env={"NOTIFY_SOCKET": str(notify.path), "WATCHDOG_USEC": str(watchdog_usec)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        ready = notify.wait_for("READY=1", 30)
        # READY=1 means ready: /healthz answers at once
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200
        time.sleep(3.0)
        fed = notify.times("WATCHDOG=1")
        assert len(fed) >= 5, notify.messages
        assert fed[0] >= ready
        # half of WATCHDOG_USEC apart, never as far apart as the whole interval (systemd would kill)
        assert 0.4 <= statistics.median(gaps(fed)) <= 0.6, gaps(fed)
        assert max(gaps(fed)) < watchdog_usec / 1e6, gaps(fed)
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        stopping = notify.wait_for("STOPPING=1", 1)
        time.sleep(0.7)
        assert all(t <= stopping for t in notify.times("WATCHDOG=1"))
        assert proc.returncode in (0, -signal.SIGTERM)
    finally:
        stop(proc)
        proc.stderr.close()


def test_no_watchdog_for_another_process(tmp_path, notify):
    """WATCHDOG_PID names the process systemd watches: another one's is not fed."""
    port = free_port()
    proc = serve(
        tmp_path,
        port,
        env={"NOTIFY_SOCKET": str(notify.path), "WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        notify.wait_for("READY=1", 30)
        time.sleep(0.6)
        assert notify.times("WATCHDOG=1") == []
    finally:
        stop(proc)


def test_a_hung_event_loop_stops_feeding_the_watchdog(tmp_path, notify):
    """The service's server in this process, so the test can hang its event loop."""
    import uvicorn

    from app.main import create_app
    from app.runtime import start_runtime
    from app.serve import NotifyingServer, uvicorn_config
    from app.settings import load_settings

    port = free_port()
    settings = load_settings(
        service_args(port, tmp_path / "state", tmp_path / "can.log", "wd_" + uuid.uuid4().hex[:10], ["--no-assistant"])[
            1:
        ],
        {},
    )
    runtime = start_runtime(settings)
    env = {"NOTIFY_SOCKET": str(notify.path), "WATCHDOG_USEC": "200000"}  # every 0.1 s
    server = NotifyingServer(uvicorn_config(create_app(settings, runtime), settings), environ=env)
    assert isinstance(server, uvicorn.Server)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        notify.wait_for("READY=1", 30)
        time.sleep(0.5)
        assert len(notify.times("WATCHDOG=1")) >= 3
        loop = server._watchdog.get_loop()
        hung = threading.Event()

        def hang() -> None:
            hung.set()
            time.sleep(1.0)  # a blocked event loop (a stuck call on it)

        loop.call_soon_threadsafe(hang)
        assert hung.wait(2)
        hang_started = time.monotonic()
        time.sleep(1.5)
        fed = notify.times("WATCHDOG=1")
        during = [t for t in fed if hang_started + 0.05 < t < hang_started + 0.95]
        assert during == [], "the watchdog was fed while the event loop was blocked"
        assert max(gaps(fed)) >= 0.9, gaps(fed)
        assert [t for t in fed if t > hang_started + 1.0], "feeding did not resume with the loop"
    finally:
        server.should_exit = True
        thread.join(10)


def test_the_unit_has_the_watchdog_the_service_feeds():
    from app.serve import DEFAULT_WATCHDOG_S

    service = {}
    for line in (ROOT / "systemd/n7web.service").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            service[key.strip()] = value.strip()
    assert service["Type"] == "notify" and service["NotifyAccess"] == "main"
    assert service["WatchdogSec"] == f"{DEFAULT_WATCHDOG_S:g}s"
    assert service["Restart"] in ("on-failure", "on-watchdog", "always")
