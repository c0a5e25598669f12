"""Fixtures for the end-to-end tests: real service, real codex, real MCP
server; the model provider on loopback is the only fake.

``e2e`` is a package (like ``service``), so pytest puts ``tests/`` on
``sys.path`` and the service harness is importable as ``service.harness``.
Each module shares one service where its scenarios allow (a service start
plus a codex thread costs seconds).
"""

from __future__ import annotations

import pytest

from vehicle.can.dbc import load_vehicle_dbc

from .e2e_harness import provider_toml, start_service
from .e2e_provider import Provider


@pytest.fixture(scope="session")
def command_ids(catalog) -> set[int]:
    return set(load_vehicle_dbc(None, catalog).allowlist)


@pytest.fixture(scope="module")
def provider():
    fake = Provider()
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def svc(tmp_path_factory, provider):
    """``n7web serve`` with the assistant, its codex pointed at ``provider``."""
    service = start_service(tmp_path_factory.mktemp("e2e"), provider_toml(provider.base_url))
    yield service
    service.stop()
