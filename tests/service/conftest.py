from __future__ import annotations

import pytest

from vehicle.can.dbc import load_vehicle_dbc

from .harness import remember_car, reset_car, start_asgi, start_in_process, start_subprocess


@pytest.fixture(scope="session")
def command_ids(catalog) -> set[int]:
    return set(load_vehicle_dbc(None, catalog).allowlist)


@pytest.fixture(scope="session")
def shared_service(tmp_path_factory):
    """One in-process service (local-only, over an ASGI transport) per xdist worker,
    shared by the modules that need no fresh one; :func:`reset_car` puts the car
    back as it started, through the API, before each module."""
    svc = start_asgi(tmp_path_factory.mktemp("shared"))
    remember_car(svc)
    yield svc
    svc.stop()


@pytest.fixture(scope="module")
def service(shared_service):
    """The worker's shared service, its car as it started (parked, closed, defaults)."""
    reset_car(shared_service)
    return shared_service


@pytest.fixture(scope="module")
def inproc(shared_service):
    """The same, named for tests that reach into its runtime (the token seam)."""
    reset_car(shared_service)
    return shared_service


@pytest.fixture
def car(inproc, command_ids):
    """The shared service, parked, child lock off; ``car.frames()`` counts command frames sent. Modules that
    need another car (windows open, state fresh) define their own ``car``."""
    with inproc.client() as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P", "child_lock": False}).status_code == 200
    inproc.frames = lambda: len(inproc.command_frames(command_ids))
    return inproc


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The real service as a uvicorn subprocess (local-only), shared per module: e2e."""
    svc = start_subprocess(tmp_path_factory.mktemp("served"))
    yield svc
    svc.stop()


@pytest.fixture(scope="module")
def threaded(tmp_path_factory):
    """The real service under uvicorn in a thread of the test process (the runtime reachable): e2e."""
    svc = start_in_process(tmp_path_factory.mktemp("threaded"))
    yield svc
    svc.stop()
