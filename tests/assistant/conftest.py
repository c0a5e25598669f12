"""Fixtures for the assistant tests: the fake provider, the stand-in callback
server and settings pointing the real codex binary at both (through the
real ``n7_vehicle`` server over HTTP, which the assistant itself hosts).

The tests are plain functions that call ``asyncio.run`` (no asyncio plugin).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from assistant_support import CallbackServer, provider_config  # noqa: E402
from fake_provider import FakeProvider  # noqa: E402

from app.assistant import AssistantSettings  # noqa: E402


@pytest.fixture
def provider() -> Iterator[FakeProvider]:
    fake = FakeProvider().start()
    yield fake
    fake.close()


@pytest.fixture
def callback() -> Iterator[CallbackServer]:
    server = CallbackServer()
    yield server
    server.close()


@pytest.fixture
def make_settings(tmp_path: Path, provider: FakeProvider) -> Callable[..., AssistantSettings]:
    """Settings for the real codex against the fake provider; the real shared MCP server."""

    def build(extra_config: str = "", env: dict[str, str] | None = None, **overrides: Any) -> AssistantSettings:
        home = tmp_path / "codex-home"
        home.mkdir(mode=0o700, exist_ok=True)
        (home / "config.toml").write_text(provider_config(provider) + extra_config)
        source = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(tmp_path),
            "LANG": "C.UTF-8",
            "CODEX_HOME": str(home),
            "CODEX_ASSISTANT_MODEL": "fixture",
            "CODEX_ASSISTANT_MODEL_PROVIDER": "fixture",
        }
        source.update(env or {})
        return AssistantSettings.from_env(source, state_dir=tmp_path / "state", **overrides)

    return build
