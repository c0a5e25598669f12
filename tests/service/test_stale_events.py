"""A silent ECU through the real service (DESIGN sections 6 and 6a).

The service runs in-process (uvicorn in a thread, virtual CAN, the real
in-process ECU simulator), so the test can stop that simulator and start it
again: the only way the backend can learn that the ECU fell silent is the
clock. ``GET /api/v1/events`` must send ``vehicle.changed`` with ``stale:
true`` within about 2-3 s, once, and ``stale: false`` as soon as status
frames resume; the service logs each flip once (warning, then info).
"""

from __future__ import annotations

import logging
import socket
import threading
import time

import httpx
import pytest

from .harness import start_in_process
from .sse import iter_events


@pytest.fixture
def svc(tmp_path):
    service = start_in_process(tmp_path / "svc")
    yield service
    service.stop()


class Stream:
    """``GET /api/v1/events`` read on a thread: (monotonic time, event, data)."""

    def __init__(self, service) -> None:
        self.items: list[tuple[float, str, dict]] = []
        self._cond = threading.Condition()
        self._response = None
        self._client = service.client(timeout=30)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            with self._client.stream("GET", "/api/v1/events") as r:
                self._response = r
                for name, data in iter_events(r):
                    with self._cond:
                        self.items.append((time.monotonic(), name, data))
                        self._cond.notify_all()
        except (httpx.HTTPError, OSError):  # close() shuts the socket down under it
            return

    def wait(self, predicate, timeout: float) -> tuple[float, str, dict]:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for item in self.items:
                    if predicate(item[1], item[2]):
                        return item
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no matching event within {timeout} s; saw {self.items[-4:]}")
                self._cond.wait(left)

    def vehicle(self) -> list[dict]:
        with self._cond:
            return [d for _, n, d in self.items if n == "vehicle.changed"]

    def close(self) -> None:
        """End the stream before the service stops (an open stream holds its shutdown)."""
        if self._response is not None:  # unblock the reader: shut its socket down under it
            sock = self._response.extensions["network_stream"].get_extra_info("socket")
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)
        self._client.close()
        self._thread.join(5)


def flips(caplog) -> list[tuple[int, str]]:
    return [
        (r.levelno, r.getMessage())
        for r in caplog.records
        if r.name == "vehicle.state" and ("stale" in r.getMessage() or "live" in r.getMessage())
    ]


def test_stopping_the_ecu_sends_a_stale_event_and_starting_it_a_live_one(svc, caplog):
    caplog.set_level(logging.INFO, logger="vehicle.state")
    stream = Stream(svc)
    try:
        _, _, snapshot = stream.wait(lambda n, d: n == "state.snapshot", timeout=10)
        assert snapshot["vehicle"]["stale"] is False
        caplog.clear()

        svc.runtime.simulator.stop()
        stopped = time.monotonic()
        at, _, stale = stream.wait(lambda n, d: n == "vehicle.changed" and d["stale"] is True, timeout=5)
        took = at - stopped
        print(f"stale event {took:.2f} s after the simulator stopped")
        assert took <= 3.0, f"stale shown {took:.2f} s after the ECU fell silent"
        # The flip carries the last known values: nothing else changed.
        assert stale == {"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": True}
        with svc.client() as c:
            assert c.get("/api/v1/vehicle/state").json()["vehicle"]["stale"] is True
            refused = c.post(
                "/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
            ).json()
            assert (refused["status"], refused["reason"]) == ("rejected", "interlock_unknown"), refused
        time.sleep(1.2)  # a silent ECU is said once, not at every check
        assert [d["stale"] for d in stream.vehicle()] == [True]
        [(level, text)] = flips(caplog)
        assert level == logging.WARNING and "stale" in text, text
        caplog.clear()

        svc.runtime.simulator.start()
        started = time.monotonic()
        at, _, live = stream.wait(lambda n, d: n == "vehicle.changed" and d["stale"] is False, timeout=5)
        assert at - started <= 1.0, f"live again {at - started:.2f} s after the simulator started"
        assert live == {"speed_kph": 0.0, "gear": "P", "child_lock": False, "stale": False}
        [(level, text)] = flips(caplog)
        assert level == logging.INFO and "live again" in text, text
        with svc.client() as c:
            assert c.get("/api/v1/vehicle/state").json()["vehicle"]["stale"] is False
            opened = c.post(
                "/api/v1/actions", json={"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}
            ).json()
            assert opened["status"] == "applied", opened
        # No secret reaches a log line: the callback token of this run is in none of them.
        assert all(svc.runtime.callback_token not in r.getMessage() for r in caplog.records)
    finally:
        stream.close()
