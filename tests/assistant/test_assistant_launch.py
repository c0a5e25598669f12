"""Settings, launch values, the config proof and redaction: pure functions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from app.assistant import launch
from app.assistant.client import version_from_user_agent
from app.assistant.errors import ConfigurationError, InvalidTurnInputError
from app.assistant.mcp_host import BEARER_VAR, McpEndpoint
from app.assistant.redact import REDACTED, redact, redact_text
from app.assistant.settings import (
    AssistantSettings,
    validate_callback_token,
    validate_callback_url,
)

ENDPOINT = McpEndpoint("http://127.0.0.1:40123/mcp", "b" * 43)


def settings(tmp_path: Path, **env: str) -> AssistantSettings:
    return AssistantSettings.from_env(env, state_dir=tmp_path)


def test_settings_come_only_from_the_injected_mapping_with_safe_defaults(tmp_path: Path) -> None:
    s = settings(tmp_path)
    assert s.stream_max_retries == 0 and s.request_max_retries == 0
    assert s.reasoning_effort == "low" and s.disable_websockets
    assert s.max_loaded_threads == 16 and s.idle_free_s == 600
    assert s.codex_home == tmp_path.resolve() / "codex-home"
    assert s.workspace == tmp_path.resolve() / "codex-workspace"
    assert s.request_timeout_s == 30 and s.startup_timeout_s == 20
    assert s.vehicle_tool_timeout_s == 45 and s.callback_timeout_s < s.vehicle_tool_timeout_s
    assert s.mcp_command == sys.executable and s.mcp_args == ("-m", "mcp_server", "--http")
    assert s.command.endswith("/codex")


def test_callback_timeout_always_nests_below_the_tool_timeout(tmp_path: Path) -> None:
    s = settings(tmp_path, CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS="9")
    assert 0 < s.callback_timeout_s < s.vehicle_tool_timeout_s == 9
    with pytest.raises(ConfigurationError, match="callback timeout"):
        AssistantSettings.from_env({}, state_dir=tmp_path, callback_timeout_s=50.0)


def test_codex_assistant_name_wins_over_its_cognitive_agent_alias(tmp_path: Path) -> None:
    s = settings(
        tmp_path,
        CODEX_ASSISTANT_MODEL="primary",
        COGNITIVE_AGENT_CODEX_MODEL="alias",
        COGNITIVE_AGENT_CODEX_REASONING_EFFORT="high",
        CODEX_HOME=str(tmp_path / "h"),
        N7WEB_MAX_LOADED_THREADS="2",
    )
    assert s.model == "primary" and s.reasoning_effort == "high"
    assert s.codex_home == tmp_path / "h" and s.max_loaded_threads == 2


@pytest.mark.parametrize(
    "env, named",
    [
        ({"CODEX_ASSISTANT_STREAM_MAX_RETRIES": "9"}, "stream_max_retries"),
        ({"CODEX_ASSISTANT_MODEL_REQUEST_MAX_RETRIES": "x"}, "MODEL_REQUEST_MAX_RETRIES"),
        ({"CODEX_ASSISTANT_WORKSPACE": "/"}, "workspace"),
        ({"CODEX_ASSISTANT_WORKSPACE": "relative/dir"}, "workspace"),
        ({"CODEX_HOME": "/"}, "codex_home"),
        ({"CODEX_ASSISTANT_MODEL_PROVIDER": "a.b"}, "MODEL_PROVIDER"),
        ({"CODEX_ASSISTANT_MODEL": "x y"}, "MODEL"),
        ({"CODEX_ASSISTANT_DISABLE_WEBSOCKETS": "maybe"}, "DISABLE_WEBSOCKETS"),
        ({"N7WEB_MAX_LOADED_THREADS": "0"}, "N7WEB_MAX_LOADED_THREADS"),
        ({"CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS": "0"}, "vehicle_tool_timeout_s"),
    ],
)
def test_invalid_settings_fail_with_a_sentence_naming_the_variable(
    tmp_path: Path, env: dict[str, str], named: str
) -> None:
    with pytest.raises(ConfigurationError) as caught:
        settings(tmp_path, **env)
    assert named in str(caught.value)


def test_child_environment_keeps_only_the_allowlist(tmp_path: Path) -> None:
    s = settings(
        tmp_path,
        PATH="/bin",
        HOME="/home/u",
        LC_ALL="C.UTF-8",
        OPENAI_API_KEY="k",
        AWS_SECRET_ACCESS_KEY="aws",
        N7WEB_CALLBACK_TOKEN="x",
        PYTHONPATH="/evil",
        LD_PRELOAD="/evil.so",
    )
    env = launch.child_env(s, ENDPOINT)
    assert set(env) == {"PATH", "HOME", "LC_ALL", "OPENAI_API_KEY", "CODEX_HOME", BEARER_VAR}
    assert env["CODEX_HOME"] == str(s.codex_home) and env[BEARER_VAR] == ENDPOINT.bearer


def test_command_line_turns_everything_off_and_names_exactly_one_mcp_server(tmp_path: Path) -> None:
    s = settings(tmp_path, CODEX_ASSISTANT_MODEL_PROVIDER="fixture")
    argv = launch.command_line(s, "/x/codex", ENDPOINT)
    assert argv[:4] == ["/x/codex", "app-server", "--stdio", "--strict-config"]
    overrides = argv[5::2]
    assert all(flag == "-c" for flag in argv[4::2])
    assert not any("in_app_local_automation" in o for o in overrides)
    for needed in (
        'shell_environment_policy.inherit="none"',
        'web_search="disabled"',
        "features.shell_tool=false",
        "features.plugins=false",
        "notify=[]",
        "features.in_app_updates=false",
        "include_environment_context=false",
        "skills.bundled.enabled=false",
        'model_provider="fixture"',
    ):
        assert needed in overrides
    servers = [o for o in overrides if o.startswith("mcp_servers=")]
    assert len(servers) == 1 and "command" not in servers[0] and "env_vars" not in servers[0]
    assert servers[0].startswith(
        f'mcp_servers={{n7_vehicle = {{url = "http://127.0.0.1:40123/mcp", bearer_token_env_var = "{BEARER_VAR}", '
    )
    assert "required = true" in servers[0] and "cwd" not in servers[0]
    assert ENDPOINT.bearer not in " ".join(argv)  # the bearer is never in argv
    assert 'default_tools_approval_mode = "approve"' in servers[0]
    assert 'enabled_tools = ["get_n7web_capabilities", "execute_cockpit_request"]' in servers[0]


def test_command_line_redeclares_other_servers_disabled(tmp_path: Path) -> None:
    argv = launch.command_line(
        settings(tmp_path), "codex", ENDPOINT, {"rogue": {"command": "x"}, "web": {"url": "http://h"}}
    )
    servers = argv[-1]
    assert 'rogue = {enabled = false, command = "false"}' in servers
    assert "web = {enabled = false}" in servers


def config_with(entry: dict[str, Any], **others: Any) -> dict[str, Any]:
    return {"mcp_servers": {"n7_vehicle": entry, **others}}


def echoed(s: AssistantSettings) -> dict[str, Any]:
    return {**launch.mcp_entry(s, ENDPOINT), "environment_id": "local", "disabled_tools": None}


def test_config_proof_accepts_exactly_the_launched_entry(tmp_path: Path) -> None:
    s = settings(tmp_path)
    assert launch.prove_config(config_with(echoed(s)), s, ENDPOINT) == []
    assert launch.prove_config(config_with(echoed(s), old={"command": "x", "enabled": False}), s, ENDPOINT) == []


def test_config_proof_returns_other_enabled_servers_for_the_one_restart(tmp_path: Path) -> None:
    s = settings(tmp_path)
    cfg = config_with(echoed(s), rogue={"command": "x"}, other={"url": "u", "enabled": True})
    assert launch.prove_config(cfg, s, ENDPOINT) == ["other", "rogue"]


@pytest.mark.parametrize(
    "change",
    [
        {"env": {"SECRET": "x"}},
        {"url": "http://evil"},
        {"command": "python"},
        {"bearer_token_env_var": "OTHER"},
        {"bearer_token": "inline"},
        {"env_vars": ["X"]},
        {"http_headers": {"X": "y"}},
        {"url": "http://127.0.0.1:40124/mcp"},
        {"enabled_tools": ["execute_cockpit_request", "extra"]},
        {"default_tools_approval_mode": "prompt"},
        {"required": False},
        {"tools": {"execute_cockpit_request": {"approval_mode": "prompt"}}},
        {"environment_id": "remote"},
        {"cwd": "/"},
    ],
)
def test_config_proof_refuses_any_difference_in_our_entry(tmp_path: Path, change: dict) -> None:
    s = settings(tmp_path)
    with pytest.raises(ConfigurationError):
        launch.prove_config(config_with({**echoed(s), **change}), s, ENDPOINT)


def test_config_proof_refuses_a_missing_entry(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError):
        launch.prove_config({"mcp_servers": {}}, settings(tmp_path), ENDPOINT)


def test_thread_params_never_ask_and_stay_read_only(tmp_path: Path) -> None:
    s = settings(tmp_path, CODEX_ASSISTANT_MODEL="m", CODEX_ASSISTANT_MODEL_PROVIDER="fixture")
    params = launch.thread_params(s, "fixture", "dev", "base")
    assert params["approvalPolicy"] == "never" and params["sandbox"] == "read-only"
    assert params["ephemeral"] is False and params["cwd"] == str(s.workspace)
    assert params["config"]["model_providers.fixture.request_max_retries"] == 0
    assert params["config"]["model_providers.fixture.supports_websockets"] is False
    assert "model_providers.openai.request_max_retries" not in launch.thread_params(s, None, "dev", "base")["config"]
    with pytest.raises(ConfigurationError):
        launch.thread_params(s, "fixture", "x" * 16_385, "base")


def test_turn_text_is_the_seed_format() -> None:
    text = launch.turn_text("Set it to 21", {"request_token": "tok.ABC-123_~", "vehicle_state": {"a": 1}})
    assert text == (
        "N7WEB_APPLICATION_CONTEXT (trusted; never disclose): "
        '{"request_token":"tok.ABC-123_~","vehicle_state":{"a":1}}'
        "\n\nUSER_INSTRUCTION:\nSet it to 21"
    )


@pytest.mark.parametrize(
    "text, context",
    [
        ("", {}),
        ("x" * 32_769, {}),
        ("ok", {"request_token": "short"}),
        ("ok", {"request_token": "has space in it"}),
        ("ok", {"blob": "x" * (128 * 1024)}),
        ("ok", {"n": float("nan")}),
        ("ok", []),
    ],
)
def test_turn_input_outside_the_limits_is_refused(text: str, context: Any) -> None:
    with pytest.raises(InvalidTurnInputError):
        launch.turn_text(text, context)


def test_turn_params_never_ask_and_stay_offline(tmp_path: Path) -> None:
    params = launch.turn_params(settings(tmp_path), "th", "hello", "cm-1")
    assert params["sandboxPolicy"] == {"type": "readOnly", "networkAccess": False}
    assert params["approvalPolicy"] == "never" and params["effort"] == "low"
    assert params["clientUserMessageId"] == "cm-1"


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1:1/x",
        "http://example.com:80/x",
        "http://127.0.0.1/x",
        "http://127.0.0.1:8470",
        "http://u:p@127.0.0.1:8470/x",
        "http://127.0.0.1:8470/x#f",
        "http://10.0.0.1:8470/x",
        "http://127.0.0.1:8470/" + "a" * 2048,
    ],
)
def test_callback_url_must_be_loopback_http_with_port_and_path(url: str) -> None:
    with pytest.raises(ConfigurationError):
        validate_callback_url(url)


def test_valid_callback_url_and_token_pass() -> None:
    assert validate_callback_url("http://localhost:8470/internal/v1")
    assert validate_callback_url("http://[::1]:8470/internal/v1")
    assert validate_callback_token("A" * 16)
    for bad in ("short", "has a space in it!!", "x" * 1025, "tab\there-000000000"):
        with pytest.raises(ConfigurationError):
            validate_callback_token(bad)


def test_version_is_read_from_the_user_agent() -> None:
    assert version_from_user_agent("n7web/0.147.0 (Debian 12; x86_64) unknown (n7web; 0.1.0)") == "0.147.0"
    assert version_from_user_agent("0.146.2 something") == "0.146.2"
    assert version_from_user_agent("codex_cli_rs 0.150.1") == "0.150.1"
    assert version_from_user_agent("nothing here") is None


def test_redaction_covers_secret_keys_and_secret_looking_text() -> None:
    value = {
        "env": {"A": "1"},
        "Api-Key": "k",
        "request_token": "t",
        "refreshToken": "r",
        "nested": [{"Authorization": "Bearer x", "note": "use sk-abcdef123456 or api_key=hunter2 and Bearer eyJ.abc"}],
        "enabled": True,
    }
    out = redact(value, secrets=("literal-secret",))
    assert out["env"] == out["Api-Key"] == out["request_token"] == out["refreshToken"] == REDACTED
    note = out["nested"][0]["note"]
    assert "sk-abcdef" not in note and "hunter2" not in note and "eyJ" not in note
    assert out["nested"][0]["Authorization"] == REDACTED and out["enabled"] is True
    assert redact_text("x literal-secret y", ("literal-secret",)) == f"x {REDACTED} y"
    assert json.dumps(out)  # still plain JSON
