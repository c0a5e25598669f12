from __future__ import annotations

import pytest

from vehicle.can.dbc import load_vehicle_dbc

from .harness import start_asgi, start_in_process, start_subprocess


@pytest.fixture(scope="session")
def command_ids(catalog) -> set[int]:
    return set(load_vehicle_dbc(None, catalog).allowlist)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """The service (local-only) in-process over an ASGI transport, shared per module."""
    svc = start_asgi(tmp_path_factory.mktemp("svc"))
    yield svc
    svc.stop()


@pytest.fixture(scope="module")
def inproc(tmp_path_factory):
    """The service in-process over an ASGI transport: the runtime (and its token seam) is reachable."""
    svc = start_asgi(tmp_path_factory.mktemp("inproc"))
    yield svc
    svc.stop()


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
