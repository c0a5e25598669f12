"""Shared fixtures (the shipped catalog, loaded once) and the test tiers (DESIGN section 11).

Every test carries exactly one tier marker:

- ``unit``: no process, no socket (catalog, parser table, ``decide()``, codecs, wording, the store).
- ``service``: the app in-process over an ASGI transport, the ``virtual`` bus, the simulator.
- ``e2e``: real uvicorn, real codex with the fake provider, real Chromium, kill -9, install; any
  test that starts a process or binds a socket.

The tier comes from :data:`TIERS` (the longest matching path under ``tests/``) unless the test
is marked itself, or :data:`OVERRIDES` names it (a file that mixes tiers). A test that ends with
no tier, or with more than one, fails the collection. While a unit or service test runs (its
fixtures included), starting a process or binding/connecting a socket raises: a test that
needs one is e2e.
"""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vehicle.catalog import load_catalog

TESTS = Path(__file__).resolve().parent
TIER_NAMES = ("unit", "service", "e2e")

#: Path under tests/ (a folder or a file) -> tier; the longest match wins.
TIERS: dict[str, str] = {
    "assistant": "unit",
    "assistant/test_assistant_codex.py": "e2e",  # the real codex against the fake provider
    "assistant/test_assistant_mcp_host.py": "e2e",  # codex and the MCP server processes
    "assistant/test_assistant_process.py": "e2e",  # spawns a stand-in codex
    "can": "service",  # the virtual bus and the simulator
    "can/test_can_codec.py": "unit",
    "can/test_can_dbc.py": "unit",
    "can/test_can_remote.py": "e2e",  # the python-can-remote hub and `n7web simulate` processes
    "console": "e2e",  # real uvicorn and Chromium
    "console/test_console_messages.py": "unit",
    "deploy": "e2e",  # install, make, pip
    "e2e": "e2e",
    "mcp": "e2e",  # `python -m mcp_server` over stdio and HTTP, codex
    "mcp/test_mcp_config.py": "unit",
    "mcp/test_mcp_validation.py": "unit",
    "parser": "unit",
    "parser/test_parser_cli.py": "e2e",  # `n7web parse` subprocesses
    "safety": "unit",
    "service": "service",  # the app in-process over the ASGI transport (harness.start_asgi)
    "service/test_event_hub.py": "unit",
    "service/test_store_now.py": "unit",
    "service/test_store_settings.py": "unit",
    # uvicorn subprocesses: start, restart, crash, kill -9, configuration, raw sockets
    "service/test_durability.py": "e2e",
    "service/test_load_bounds.py": "e2e",
    "service/test_modes.py": "e2e",
    "service/test_pipeline_defects.py": "e2e",
    "service/test_stale_events.py": "e2e",
    "service/test_startup.py": "e2e",
    "service/test_state_files.py": "e2e",
    "service/test_store_bounds.py": "e2e",
    "systemd": "e2e",  # systemd-analyze, networkd, the unit's processes
    "test_holdout_implicit.py": "unit",
    "test_layering.py": "unit",
    "test_quickstart.py": "e2e",  # `make run`
    "test_say.py": "e2e",  # `n7web say` against a uvicorn subprocess
    "test_utterance_coverage.py": "unit",
    "test_utterance_coverage_v2.py": "unit",
    "test_utterance_pending.py": "unit",
    "test_utterance_table.py": "unit",
    "utterances": "unit",
    "vehicle": "unit",
}

#: ``path::test function`` (any parametrization) -> tier, where a file mixes tiers.
OVERRIDES: dict[str, str] = {
    "assistant/test_assistant_rpc.py::test_decline_table_covers_every_server_request_of_the_0147_schema": "e2e",
    "can/test_can_log.py::test_cantools_can_decode_the_candump_log": "e2e",
    "console/test_console_messages.py::test_catalog_check_fails_on_a_missing_chinese_entry": "e2e",
    "mcp/test_mcp_config.py::test_the_process_refuses_to_start_with_exit_2_and_one_line": "e2e",
    "mcp/test_mcp_config.py::test_refusal_happens_before_the_sdk_is_imported": "e2e",
    "parser/test_parser_common.py::test_catalog_check_reports_broken_common_words": "e2e",
    "service/test_load_bounds.py::test_sse_subscribers_are_bounded": "service",
    "service/test_pipeline_defects.py::test_malformed_json_is_invalid_body_on_public_routes": "service",
    "service/test_pipeline_defects.py::test_malformed_json_is_invalid_body_on_internal_routes": "service",
    "service/test_pipeline_defects.py::test_non_finite_numbers_never_reach_the_executor": "service",
    "service/test_pipeline_defects.py::test_openapi_documents_responses_and_the_real_error_envelope": "service",
    "systemd/test_networkd_config.py::test_files_have_the_documented_keys": "unit",
    "vehicle/test_catalog.py::test_catalog_check_cli_refuses_invalid_dir": "e2e",
    "vehicle/test_catalog.py::test_catalog_check_cli_accepts_shipped": "e2e",
    "vehicle/test_catalog.py::test_catalog_check_cli_refuses_bad_seats": "e2e",
}


def _table_tier(item: pytest.Item) -> str | None:
    path = Path(str(item.path)).resolve()
    try:
        rel = path.relative_to(TESTS).as_posix()
    except ValueError:
        return None
    name = getattr(item, "originalname", None) or item.name.split("[", 1)[0]
    override = OVERRIDES.get(f"{rel}::{name}")
    if override is not None:
        return override
    best: tuple[int, str] | None = None
    for key, tier in TIERS.items():
        if (rel == key or rel.startswith(key + "/")) and (best is None or len(key) > best[0]):
            best = (len(key), tier)
    return best[1] if best else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wrong: list[str] = []
    for item in items:
        own = [m.name for m in item.iter_markers() if m.name in TIER_NAMES]
        if not own:
            tier = _table_tier(item)
            if tier is not None:
                item.add_marker(getattr(pytest.mark, tier))
                own = [tier]
        if len(own) != 1:
            wrong.append(f"{item.nodeid}: {own or 'no tier'}")
    if wrong:
        raise pytest.UsageError(
            "every test needs exactly one tier marker (unit, service or e2e; tests/conftest.py TIERS):\n  "
            + "\n  ".join(wrong[:50])
            + (f"\n  ... and {len(wrong) - 50} more" if len(wrong) > 50 else "")
        )


class TierViolation(AssertionError):
    pass


def _forbid(what: str, tier: str) -> Any:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise TierViolation(f"a {tier} test may not {what}: mark it e2e (tests/conftest.py TIERS)")

    return refuse


_INET = (socket.AF_INET, socket.AF_INET6, socket.AF_UNIX)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Unit and service tests (and the fixtures they set up) start no process and open no socket."""
    tier = next((m.name for m in item.iter_markers() if m.name in TIER_NAMES), None)
    if tier not in ("unit", "service"):
        yield
        return
    mp = pytest.MonkeyPatch()
    mp.setattr(subprocess.Popen, "_execute_child", _forbid("start a process", tier))
    for method in ("bind", "connect", "connect_ex"):
        original = getattr(socket.socket, method)

        def guarded(self: socket.socket, *args: Any, _original: Any = original, _method: str = method) -> Any:
            if self.family in _INET:
                raise TierViolation(f"a {tier} test may not {_method} a socket: mark it e2e (tests/conftest.py TIERS)")
            return _original(self, *args)

        mp.setattr(socket.socket, method, guarded)
    try:
        yield
    finally:
        mp.undo()


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()
