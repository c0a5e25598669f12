"""Fixtures for the `n7_vehicle` tests (helpers live in `mcp_harness`)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    """The SDK runs on anyio; its pytest plugin runs these async tests on asyncio."""
    return "asyncio"
