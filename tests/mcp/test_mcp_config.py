"""The callback environment: what is accepted, what is refused, and how the process refuses."""

from __future__ import annotations

import subprocess

import pytest
from mcp_harness import (
    CALLBACK_TOKEN,
    REPO,
    TIMEOUT_VARIABLE,
    TOKEN_VARIABLE,
    URL_VARIABLE,
    server_command,
    server_env,
)

from mcp_server.config import load_config
from mcp_server.errors import ConfigError

GOOD_URL = "http://127.0.0.1:8470/internal/v1"


def _env(**overrides: str) -> dict[str, str]:
    env = {URL_VARIABLE: GOOD_URL, TOKEN_VARIABLE: CALLBACK_TOKEN, TIMEOUT_VARIABLE: "10"}
    env.update(overrides)
    return env


@pytest.mark.parametrize(
    ("url", "host", "port", "base"),
    [
        ("http://127.0.0.1:8470/internal/v1", "127.0.0.1", 8470, "/internal/v1"),
        ("http://localhost:1/internal/v1/", "localhost", 1, "/internal/v1"),
        ("http://127.8.9.10:65535/cb", "127.8.9.10", 65535, "/cb"),
        ("http://[::1]:8470/internal/v1", "::1", 8470, "/internal/v1"),
        ("HTTP://LOCALHOST:8470/x", "localhost", 8470, "/x"),
    ],
)
def test_valid_urls_give_host_port_and_base_path(url: str, host: str, port: int, base: str) -> None:
    config = load_config(_env(**{URL_VARIABLE: url}))
    assert (config.host, config.port, config.base_path) == (host, port, base)
    assert config.route("execute") == f"{base}/execute"


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1:8470/internal/v1",
        "ftp://127.0.0.1:8470/internal/v1",
        "http://10.0.0.1:8470/internal/v1",
        "http://example.com:8470/internal/v1",
        "http://127.0.0.1.nip.io:8470/internal/v1",
        "http://127.0.0.1/internal/v1",
        "http://127.0.0.1:0/internal/v1",
        "http://127.0.0.1:99999/internal/v1",
        "http://127.0.0.1:8470",
        "http://127.0.0.1:8470/internal/../v1",
        "http://127.0.0.1:8470//internal",
        "http://127.0.0.1:8470/internal/%2e%2e",
        "http://user:pw@127.0.0.1:8470/internal/v1",
        "http://user@127.0.0.1:8470/internal/v1",
        "http://127.0.0.1:8470/internal/v1?x=1",
        "http://127.0.0.1:8470/internal/v1#frag",
        "http://127.0.0.1:8470/internal v1",
        "http://127.0.0.1:8470/internal\tv1",
        "127.0.0.1:8470/internal/v1",
        "http://127.0.0.1:8470/" + "a" * 2048,
    ],
)
def test_invalid_urls_are_refused_naming_the_variable(url: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(_env(**{URL_VARIABLE: url}))
    assert caught.value.variable == URL_VARIABLE
    assert url not in str(caught.value)


@pytest.mark.parametrize(
    "token", ["short-token", "x" * 1025, "has a space in it!!", "tab\tinside-the-token", "non-ascii-token-é-é-é", ""]
)
def test_invalid_tokens_are_refused_without_echoing_them(token: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(_env(**{TOKEN_VARIABLE: token}))
    assert caught.value.variable == TOKEN_VARIABLE
    assert not token or token not in str(caught.value)


def test_token_bounds_are_inclusive() -> None:
    assert load_config(_env(**{TOKEN_VARIABLE: "a" * 16})).token == "a" * 16
    assert load_config(_env(**{TOKEN_VARIABLE: "~" * 1024})).token == "~" * 1024
    assert "~" * 1024 not in repr(load_config(_env(**{TOKEN_VARIABLE: "~" * 1024})))


@pytest.mark.parametrize("timeout", ["0", "-1", "120.5", "nan", "inf", "soon", "", " "])
def test_invalid_timeouts_are_refused(timeout: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(_env(**{TIMEOUT_VARIABLE: timeout}))
    assert caught.value.variable == TIMEOUT_VARIABLE


@pytest.mark.parametrize(("timeout", "seconds"), [("0.05", 0.05), ("45", 45.0), ("120", 120.0)])
def test_valid_timeouts(timeout: str, seconds: float) -> None:
    assert load_config(_env(**{TIMEOUT_VARIABLE: timeout})).timeout_seconds == seconds


@pytest.mark.parametrize("missing", [URL_VARIABLE, TOKEN_VARIABLE, TIMEOUT_VARIABLE])
def test_missing_variable_is_named(missing: str) -> None:
    env = _env()
    del env[missing]
    with pytest.raises(ConfigError, match=f"^{missing} is not set$"):
        load_config(env)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        (URL_VARIABLE, "http://user:hunter2-secret@127.0.0.1:8470/internal/v1"),
        (TOKEN_VARIABLE, "short-secret"),
        (TIMEOUT_VARIABLE, "999"),
        (URL_VARIABLE, None),
    ],
)
def test_the_process_refuses_to_start_with_exit_2_and_one_line(variable: str, value: str | None) -> None:
    env = server_env(GOOD_URL)
    if value is None:
        del env[variable]
    else:
        env[variable] = value
    proc = subprocess.run(server_command(), cwd=REPO, env=env, input=b"", capture_output=True, timeout=20, check=False)
    stderr = proc.stderr.decode()
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert stderr.count("\n") == 1 and stderr.startswith("n7_vehicle: refusing to start: ")
    assert variable in stderr
    if value:
        assert value not in stderr and "hunter2" not in stderr


def test_refusal_happens_before_the_sdk_is_imported() -> None:
    """A bad environment costs milliseconds: neither `mcp` nor `mcp_types` is imported."""
    env = server_env(GOOD_URL)
    env[TOKEN_VARIABLE] = "short"
    python, *rest = server_command()
    proc = subprocess.run(
        [python, "-X", "importtime", *rest], cwd=REPO, env=env, input=b"", capture_output=True, timeout=20, check=False
    )
    assert proc.returncode == 2
    imported = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.decode().splitlines() if "|" in line}
    assert "mcp_server.config" in imported
    assert not {name for name in imported if name.split(".")[0] in {"mcp", "mcp_types", "pydantic", "anyio"}}
