"""The SDK side: a low-level `mcp` 2.x `Server` with exactly two tools (stdio here; HTTP in `streamable`).

Why the low-level `Server` and not `MCPServer` (the decorator API): both
cost the same to import and start (the `mcp` package imports both either
way; see `bench/mcp_startup.py`), but `MCPServer` derives the input schema from
the function signature, silently ignores unknown top-level arguments,
re-parses JSON-encoded strings and reports validation errors with the
offending input (the request token included). Here the schemas are the
hand-written ones of `mcp_server.schemas`, enforced by
`mcp_server.validation`, and each call result is built explicitly.

Tool handlers stay thin: all behaviour is in `mcp_server.tools.run_tool`.
"""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from mcp_server import __version__, schemas
from mcp_server.backend import BackendClient
from mcp_server.config import CallbackConfig
from mcp_server.tools import RecentSecrets, run_tool

SERVER_NAME = "n7_vehicle"


def tool_definitions() -> list[types.Tool]:
    """The two tools as the SDK publishes them in `tools/list`."""
    return [
        types.Tool(
            name=schemas.GET_CAPABILITIES,
            title=schemas.CAPABILITIES_ANNOTATIONS["title"],
            description=schemas.CAPABILITIES_DESCRIPTION,
            input_schema=schemas.CAPABILITIES_INPUT_SCHEMA,
            output_schema=schemas.CAPABILITIES_OUTPUT_SCHEMA,
            annotations=types.ToolAnnotations.model_validate(schemas.CAPABILITIES_ANNOTATIONS),
        ),
        types.Tool(
            name=schemas.EXECUTE,
            title=schemas.EXECUTE_ANNOTATIONS["title"],
            description=schemas.EXECUTE_DESCRIPTION,
            input_schema=schemas.EXECUTE_INPUT_SCHEMA,
            output_schema=schemas.EXECUTE_OUTPUT_SCHEMA,
            annotations=types.ToolAnnotations.model_validate(schemas.EXECUTE_ANNOTATIONS),
        ),
    ]


def build_server(config: CallbackConfig, secrets: RecentSecrets) -> Server[Any]:
    """A server bound to one backend; `secrets` collects request tokens for log redaction."""
    backend = BackendClient(config)
    tools = tool_definitions()

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        outcome = await run_tool(backend, params.name, params.arguments, secrets)
        return types.CallToolResult(
            content=[types.TextContent(text=outcome.text)],
            structured_content=outcome.structured,
            is_error=outcome.is_error,
        )

    server: Server[Any] = Server(
        SERVER_NAME,
        version=__version__,
        title="N7Web vehicle",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    # No telemetry: the default OpenTelemetry middleware would only add work per message.
    server.middleware = []
    return server


async def serve_stdio(config: CallbackConfig, secrets: RecentSecrets) -> None:
    """Serve until stdin closes (codex closes it when the thread's server is stopped)."""
    server = build_server(config, secrets)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run(config: CallbackConfig, secrets: RecentSecrets) -> None:
    anyio.run(serve_stdio, config, secrets)
