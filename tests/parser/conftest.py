"""One parser for the whole parser suite (building it loads the vocabulary and warms both languages)."""

from __future__ import annotations

import pytest

from vehicle.parser import Parser


@pytest.fixture(scope="session")
def parser(catalog):
    return Parser(catalog)


@pytest.fixture
def parse(parser):
    """parse(text) -> the DESIGN section 4 JSON object."""
    return lambda text: parser.parse(text).to_json()
