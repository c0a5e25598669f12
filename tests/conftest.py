"""Shared fixtures: the shipped catalog, loaded once."""
from __future__ import annotations

import pytest

from vehicle.catalog import load_catalog


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()
