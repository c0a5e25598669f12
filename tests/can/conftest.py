"""CAN fixtures: the real virtual bus, the real simulator, a unique channel
per test, and buses shut down in teardown. Nothing is mocked."""

from __future__ import annotations

import itertools
import os
from typing import Any

import can
import pytest
from canbus_helpers import Events, FakeClock

from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc
from vehicle.can.link import CanLink, LinkConfig
from vehicle.sim import EcuSimulator
from vehicle.state import VehicleState

_channels = itertools.count()


@pytest.fixture(scope="session")
def dbc(catalog):
    return load_vehicle_dbc(None, catalog)


@pytest.fixture(scope="session")
def codec(dbc):
    return FrameCodec(dbc)


@pytest.fixture
def channel(request) -> str:
    """A virtual channel no other test (or process) shares."""
    return f"n7test-{os.getpid()}-{next(_channels)}-{request.node.name[:40]}"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def state(catalog) -> VehicleState:
    return VehicleState(catalog)


@pytest.fixture
def events(state) -> Events:
    return Events(state)


@pytest.fixture
def raw_bus(channel):
    """A plain python-can bus on the test's channel: a probe or an injector."""
    bus = can.Bus(interface="virtual", channel=channel)
    yield bus
    bus.shutdown()


@pytest.fixture
def make_link(catalog, dbc, state, channel, events):
    """Links on the test channel; `events` subscribes before any frame arrives."""
    links: list[CanLink] = []

    def make(dbc_=None, state_=None, **config: Any) -> CanLink:
        config.setdefault("channel", channel)
        link = CanLink(catalog, dbc_ or dbc, LinkConfig(**config), state_ or state)
        link.open()
        links.append(link)
        return link

    yield make
    for link in links:
        link.close()


@pytest.fixture
def link(make_link) -> CanLink:
    return make_link()


@pytest.fixture
def make_sim(catalog, dbc, channel):
    sims: list[EcuSimulator] = []

    def make(**kwargs: Any) -> EcuSimulator:
        sim = EcuSimulator(catalog, dbc, "virtual", channel, **kwargs)
        sim.start()
        sims.append(sim)
        return sim

    yield make
    for sim in sims:
        sim.stop()


@pytest.fixture
def sim(make_sim) -> EcuSimulator:
    return make_sim()
