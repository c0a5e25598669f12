"""The hardened Codex app-server client and the conversation manager.

Layers (each its own module, each testable alone):

- ``transport`` / ``process``: bounded newline-JSON framing; the codex child
  in its own process group with an allowlisted environment;
- ``rpc``: ids, the pending table, the method allowlist, server requests
  declined, generation checks;
- ``client``: the typed facade (initialize + version, config proof, threads,
  turns); ``launch`` holds the pure launch/config values;
- ``supervisor``: restart with backoff, status; ``conversations``: sessions
  to threads, bounded and freed, and :class:`CodexAssistant`, the backend's API;
- ``mcp_host``: the one shared ``n7_vehicle`` MCP server (streamable HTTP on
  a socket the backend bound before codex starts), started beside codex and supervised; the
  assistant owns it, so the backend still calls only ``CodexAssistant``.

Nothing here reads the environment at import: build
:class:`AssistantSettings` with ``AssistantSettings.from_env(os.environ, ...)``.
"""

from .conversations import CodexAssistant
from .errors import AssistantError, ConfigurationError, InvalidTurnInputError, TurnInProgressError
from .settings import PINNED_CODEX_VERSION, AssistantSettings
from .turns import TurnOutcome

__all__ = [
    "AssistantError",
    "AssistantSettings",
    "CodexAssistant",
    "ConfigurationError",
    "InvalidTurnInputError",
    "PINNED_CODEX_VERSION",
    "TurnInProgressError",
    "TurnOutcome",
]
