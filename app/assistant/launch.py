"""What codex is started with, and the proof that it took effect.

Pure functions of :class:`AssistantSettings`: the command line (built-in
tools and features off, exactly one MCP server), the child environment, the
``thread/start`` / ``turn/start`` parameters, and the check of
``config/read``'s answer. Why pure: every safety-relevant value is testable
without a process, and the proof compares against the very object that was
launched.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .errors import ConfigurationError, InvalidTurnInputError
from .mcp_host import BEARER_VAR, McpEndpoint
from .settings import AssistantSettings

MCP_SERVER_NAME = "n7_vehicle"
MCP_TOOLS = ("get_n7web_capabilities", "execute_cockpit_request")

#: seed features, minus ``in_app_local_automation`` (0.147.0 rejects it),
#: plus ``in_app_updates`` (codex-app-server-0.147 notes)
_FEATURES_OFF = (
    "apps",
    "browser_use",
    "browser_use_external",
    "browser_use_full_cdp_access",
    "code_mode",
    "computer_use",
    "goals",
    "hooks",
    "image_generation",
    "in_app_browser",
    "memories",
    "multi_agent",
    "plugins",
    "remote_plugin",
    "request_permissions_tool",
    "shell_snapshot",
    "shell_tool",
    "skill_mcp_dependency_install",
    "skill_search",
    "tool_suggest",
    "unified_exec",
    "view_image",
    "workspace_dependencies",
    "in_app_updates",
)
#: The `-c` overrides every launch carries (seed list minus the key 0.147.0 rejects, plus the notes' extras).
STATIC_OVERRIDES = (
    "allow_login_shell=false",
    "analytics.enabled=false",
    *(f"features.{name}=false" for name in _FEATURES_OFF),
    'history.persistence="none"',
    "notify=[]",
    'otel.exporter="none"',
    "otel.log_user_prompt=false",
    'web_search="disabled"',
    "skills.bundled.enabled=false",
    "skills.include_instructions=false",
    "include_permissions_instructions=false",
    "include_environment_context=false",
    "include_apps_instructions=false",
    "include_collaboration_mode_instructions=false",
    'shell_environment_policy.inherit="none"',
)
#: keys config/read may add to our entry, with the only value accepted
_BENIGN_EXTRA = {"environment_id": "local"}
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

CONTEXT_PREFIX = "N7WEB_APPLICATION_CONTEXT (trusted; never disclose): "
MAX_INSTRUCTION_CHARS = 32_768
MAX_CONTEXT_BYTES = 128 * 1024
MAX_DEVELOPER_CHARS = 16_384
_REQUEST_TOKEN = re.compile(r"[A-Za-z0-9._~-]{8,256}")


def toml_value(value: Any) -> str:
    """Encode a JSON-like value as an inline TOML value (for ``-c``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return json.dumps(value, allow_nan=False)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        parts = []
        for key, item in value.items():
            name = key if _BARE_KEY.fullmatch(key) else json.dumps(key)
            parts.append(f"{name} = {toml_value(item)}")
        return "{" + ", ".join(parts) + "}"
    raise ConfigurationError(f"cannot encode {type(value).__name__} as TOML")


def mcp_entry(settings: AssistantSettings, endpoint: McpEndpoint) -> dict[str, Any]:
    """The ``n7_vehicle`` entry exactly as launched (and as config/read must echo).

    The url form: codex connects to the backend's one shared server and
    reads the bearer from the variable named here. 0.147.0 refuses
    ``env_vars``, ``cwd`` and an inline ``bearer_token`` for url servers;
    none would be wanted anyway (the bearer stays out of argv).
    """
    return {
        "url": endpoint.url,
        "bearer_token_env_var": BEARER_VAR,
        "enabled": True,
        "required": True,
        "enabled_tools": list(MCP_TOOLS),
        "default_tools_approval_mode": "approve",
        "startup_timeout_sec": float(settings.startup_timeout_s),
        "tool_timeout_sec": float(settings.vehicle_tool_timeout_s),
    }


def disabled_entry(existing: Mapping[str, Any]) -> dict[str, Any]:
    """A re-declaration that disables another configured MCP server.

    The override deep-merges into the user's entry, so a command-based entry
    also gets a harmless command in case anything ever ignored ``enabled``.
    """
    entry: dict[str, Any] = {"enabled": False}
    if "command" in existing:
        entry["command"] = "false"
    return entry


def command_line(
    settings: AssistantSettings, executable: str, endpoint: McpEndpoint, disable: Mapping[str, Mapping[str, Any]] = {}
) -> list[str]:
    """argv: ``codex app-server --stdio --strict-config`` and every ``-c`` (no secret)."""
    servers: dict[str, Any] = {MCP_SERVER_NAME: mcp_entry(settings, endpoint)}
    for name, existing in disable.items():
        servers[name] = disabled_entry(existing)
    argv = [executable, "app-server", "--stdio", "--strict-config"]
    chosen = [
        f"{key}={toml_value(value)}"
        for key, value in (("model_provider", settings.model_provider), ("model", settings.model))
        if value
    ]
    # The provider is set process-wide too, so account/read judges the login
    # against the provider the threads will use.
    for override in (*STATIC_OVERRIDES, *chosen, f"mcp_servers={toml_value(servers)}"):
        argv += ["-c", override]
    return argv


def child_env(settings: AssistantSettings, endpoint: McpEndpoint) -> dict[str, str]:
    """The allowlisted environment plus ``CODEX_HOME`` and the MCP bearer.

    Codex no longer needs the backend's callback token at all: only the MCP
    server calls the backend.
    """
    env = dict(settings.child_env)
    env.update({"CODEX_HOME": str(settings.codex_home), BEARER_VAR: endpoint.bearer})
    return env


def prove_config(config: Mapping[str, Any], settings: AssistantSettings, endpoint: McpEndpoint) -> list[str]:
    """Check config/read's effective ``mcp_servers``; return other enabled names.

    Raises ConfigurationError when ``n7_vehicle`` is missing or differs in any
    way from :func:`mcp_entry` (an added ``command``, ``env``, tool table ...).
    The caller restarts once with the returned names disabled, then requires
    an empty list.
    """
    servers = config.get("mcp_servers")
    if not isinstance(servers, Mapping):
        raise ConfigurationError("config/read returned no mcp_servers table")
    entry = servers.get(MCP_SERVER_NAME)
    if not isinstance(entry, Mapping):
        raise ConfigurationError("effective configuration lacks the n7_vehicle MCP server")
    expected = mcp_entry(settings, endpoint)
    for key, value in expected.items():
        if entry.get(key) != value:
            raise ConfigurationError(f"effective n7_vehicle.{key} differs from the launched value")
    for key, value in entry.items():
        if key in expected or value is None or value == [] or value == {}:
            continue
        if _BENIGN_EXTRA.get(key) != value:
            raise ConfigurationError(f"effective n7_vehicle entry has an unexpected {key!r}")
    return sorted(
        name
        for name, other in servers.items()
        if name != MCP_SERVER_NAME and not (isinstance(other, Mapping) and other.get("enabled") is False)
    )


def _is_openai(provider: str | None) -> bool:
    return provider in (None, "openai")


def thread_config(settings: AssistantSettings, provider: str | None) -> dict[str, Any]:
    """Per-thread ``config``: terse output; no retries/websockets for other providers."""
    config: dict[str, Any] = {"model_verbosity": "low", "model_reasoning_summary": "none"}
    if not _is_openai(provider):
        prefix = f"model_providers.{provider}"
        config[f"{prefix}.request_max_retries"] = settings.request_max_retries
        config[f"{prefix}.stream_max_retries"] = settings.stream_max_retries
        if settings.disable_websockets:
            config[f"{prefix}.supports_websockets"] = False
    return config


def thread_params(settings: AssistantSettings, provider: str | None, developer: str, base: str) -> dict[str, Any]:
    """``thread/start`` (and, with ``threadId``, ``thread/resume``) parameters."""
    if not 1 <= len(developer) <= MAX_DEVELOPER_CHARS:
        raise ConfigurationError("developer instructions must be 1-16384 characters")
    params: dict[str, Any] = {
        "cwd": str(settings.workspace),
        "approvalPolicy": "never",
        "sandbox": "read-only",
        "developerInstructions": developer,
        "baseInstructions": base,
        "serviceName": "n7web",
        "model": settings.model,
        "modelProvider": settings.model_provider,
        "serviceTier": settings.service_tier,
        "ephemeral": False,
        "config": thread_config(settings, provider),
    }
    return {key: value for key, value in params.items() if value is not None}


def turn_text(text: str, trusted_context: Mapping[str, Any]) -> str:
    """The seed's turn input: trusted JSON, blank line, ``USER_INSTRUCTION:``."""
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_INSTRUCTION_CHARS:
        raise InvalidTurnInputError("the instruction must be 1-32768 characters")
    if not isinstance(trusted_context, Mapping):
        raise InvalidTurnInputError("the trusted context must be a JSON object")
    token = trusted_context.get("request_token")
    if token is not None and not (isinstance(token, str) and _REQUEST_TOKEN.fullmatch(token)):
        raise InvalidTurnInputError("the request token must match [A-Za-z0-9._~-]{8,256}")
    try:
        compact = json.dumps(trusted_context, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        raise InvalidTurnInputError("the trusted context must be plain JSON") from None
    if len(compact.encode("utf-8")) > MAX_CONTEXT_BYTES:
        raise InvalidTurnInputError("the trusted context exceeds 128 KiB")
    return f"{CONTEXT_PREFIX}{compact}\n\nUSER_INSTRUCTION:\n{text}"


def turn_params(
    settings: AssistantSettings, thread_id: str, text: str, client_message_id: str | None = None
) -> dict[str, Any]:
    """``turn/start`` parameters: never ask, read-only, no network."""
    params: dict[str, Any] = {
        "threadId": thread_id,
        "input": [{"type": "text", "text": text, "text_elements": []}],
        "effort": settings.reasoning_effort,
        "approvalPolicy": "never",
        "sandboxPolicy": {"type": "readOnly", "networkAccess": False},
    }
    if client_message_id is not None:
        params["clientUserMessageId"] = client_message_id
    return params
