"""Start the real service for tests.

- :func:`start_asgi` (the ``service`` tier): the app and its runtime in the
  test process, requests over an ASGI transport; no process, no socket.
- :func:`start_subprocess` (``e2e``): a uvicorn subprocess (``n7web serve``).
- :func:`start_in_process` (``e2e``): uvicorn in a thread of the test process,
  where a test needs a real server and the runtime.

Loopback only, a free port and a unique virtual CAN channel each.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
N7WEB = [sys.executable, "-m", "app.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, timeout: float = 30.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"service exited with {proc.returncode}: {proc.stderr.read() if proc.stderr else ''}")
        try:
            if httpx.get(base + "/healthz", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError("service did not become healthy")


@dataclass
class Service:
    base: str
    port: int
    state_dir: Path
    can_log: Path
    channel: str
    proc: subprocess.Popen | None = field(default=None, repr=False)
    runtime: Any = field(default=None, repr=False)
    _server: Any = field(default=None, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)
    _asgi: Any = field(default=None, repr=False)
    initial_car: dict[str, Any] = field(default_factory=dict, repr=False)

    def client(self, **kw: Any) -> httpx.Client:
        if self._asgi is not None:
            kw.setdefault("transport", asgi_transport(self._asgi))
        return httpx.Client(base_url=self.base, timeout=kw.pop("timeout", 10.0), **kw)

    def command_frames(self, command_ids: set[int]) -> list[tuple[int, str]]:
        """Frames with a command id in the CAN log (sent by the service)."""
        out = []
        if not self.can_log.exists():
            return out
        for line in self.can_log.read_text().splitlines():
            parts = line.split()
            if len(parts) < 3 or "#" not in parts[2]:
                continue
            ident, data = parts[2].split("#", 1)
            if int(ident, 16) in command_ids:
                out.append((int(ident, 16), data.upper()))
        return out

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc is not None:
            for stream in (self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()
        if self._server is not None:
            self._server.should_exit = True
            if self._thread is not None:
                self._thread.join(10)
        if self._asgi is not None:
            self._asgi.__exit__(None, None, None)  # the lifespan's shutdown: stop_runtime
            self._asgi = None


def service_args(port: int, state_dir: Path, can_log: Path, channel: str, extra: list[str]) -> list[str]:
    return [
        "serve",
        "--port",
        str(port),
        "--state-dir",
        str(state_dir),
        "--can-log",
        str(can_log),
        "--can-channel",
        channel,
        *extra,
    ]


def start_subprocess(tmp: Path, extra: list[str] | None = None, env: dict[str, str] | None = None) -> Service:
    port = free_port()
    channel = "t_" + uuid.uuid4().hex[:10]
    state_dir, can_log = tmp / "state", tmp / "can.log"
    args = service_args(port, state_dir, can_log, channel, extra if extra is not None else ["--no-assistant"])
    proc = subprocess.Popen(
        N7WEB + args,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )
    svc = Service(f"http://127.0.0.1:{port}", port, state_dir, can_log, channel, proc=proc)
    try:
        wait_healthy(svc.base, proc=proc)
    except Exception:
        svc.stop()
        raise
    return svc


def start_in_process(tmp: Path, extra: list[str] | None = None) -> Service:
    """uvicorn in a thread: the runtime (and its token registry) is reachable in-process only."""
    import uvicorn

    from app.main import create_app
    from app.runtime import start_runtime
    from app.serve import uvicorn_config
    from app.settings import load_settings

    port = free_port()
    channel = "t_" + uuid.uuid4().hex[:10]
    state_dir, can_log = tmp / "state", tmp / "can.log"
    settings = load_settings(service_args(port, state_dir, can_log, channel, extra or ["--no-assistant"])[1:], {})
    runtime = start_runtime(settings)
    app = create_app(settings, runtime)
    server = uvicorn.Server(uvicorn_config(app, settings))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    svc = Service(
        f"http://127.0.0.1:{port}", port, state_dir, can_log, channel, runtime=runtime, _server=server, _thread=thread
    )
    wait_healthy(svc.base)
    return svc


#: The port an in-process (ASGI) service believes it serves: the Host and
#: Origin it accepts. Nothing binds it.
ASGI_PORT = 8470


class _AsgiStream(httpx.SyncByteStream):
    def __init__(self, chunks: Any, opened: Any) -> None:
        self._chunks, self._opened = chunks, opened

    def __iter__(self) -> Any:
        yield from self._chunks

    def close(self) -> None:
        self._opened.__exit__(None, None, None)


class AsgiTransport(httpx.BaseTransport):
    """Requests into the app the held TestClient runs on its event loop thread
    (its lifespan entered once), streaming bodies included, through the
    TestClient's public ``stream()``. Closing one client leaves the others'
    requests alone (the held TestClient is closed only by
    :meth:`Service.stop`). Server errors come back as 500s, as from uvicorn.
    (Starlette's TestClient speaks httpx2; this adapts its responses to the
    httpx the tests use.)"""

    def __init__(self, held: Any) -> None:
        self._held = held

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        opened = self._held.stream(
            request.method,
            str(request.url),
            content=request.read(),
            headers=list(request.headers.multi_items()),
            follow_redirects=False,
            timeout=None,
        )
        answer = opened.__enter__()
        return httpx.Response(
            answer.status_code,
            headers=list(answer.headers.multi_items()),
            stream=_AsgiStream(answer.iter_raw(), opened),
            request=request,
        )


def asgi_transport(held: Any) -> httpx.BaseTransport:
    return AsgiTransport(held)


def start_asgi(tmp: Path, extra: list[str] | None = None) -> Service:
    """The app and its runtime in the test process, over an ASGI transport: the
    lifespan runs on one event loop thread (as under uvicorn), with the
    ``virtual`` bus and the in-process simulator; ``service.runtime`` is the
    runtime the routes use."""
    from starlette.testclient import TestClient

    from app.main import create_app
    from app.runtime import start_runtime
    from app.settings import load_settings

    channel = "t_" + uuid.uuid4().hex[:10]
    state_dir, can_log = tmp / "state", tmp / "can.log"
    args = service_args(ASGI_PORT, state_dir, can_log, channel, extra if extra is not None else ["--no-assistant"])
    settings = load_settings(args[1:], {})
    runtime = start_runtime(settings)
    held = TestClient(
        create_app(settings, runtime),
        base_url=f"http://127.0.0.1:{ASGI_PORT}",
        raise_server_exceptions=False,
        client=("127.0.0.1", 50000),
    )
    held.__enter__()  # the lifespan's startup
    return Service(f"http://127.0.0.1:{ASGI_PORT}", ASGI_PORT, state_dir, can_log, channel, runtime=runtime, _asgi=held)


def remember_car(svc: Service) -> None:
    """Keep the car as the service started it: what :func:`reset_car` restores."""
    with svc.client() as c:
        svc.initial_car = c.get("/api/v1/vehicle/state").json()["controls"]


def reset_car(svc: Service) -> None:
    """The car back as the service started it, through the API: parked, child
    lock off, every control at its first confirmed value (a console tap each
    where it differs)."""
    with svc.client() as c:
        r = c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False})
        assert r.status_code == 200, r.text
        now = c.get("/api/v1/vehicle/state").json()["controls"]
        for control, members in svc.initial_car.items():
            for member, values in members.items():
                if now.get(control, {}).get(member) == values:
                    continue
                body = {"capability": control, "target": member, "parameters": values}
                r = c.post("/api/v1/actions", json=body)
                assert r.status_code == 200 and r.json()["status"] in ("applied", "already_applied"), r.text
