"""`n7_vehicle`: the MCP server the model uses to reach the N7Web backend.

The service runs one, `python -m mcp_server --http`, for every codex thread:
streamable HTTP on a loopback socket the backend bound and handed over, a
bearer per start (see `mcp_server.streamable`). Without `--http` it speaks
stdio, as an MCP client that spawns its server expects. It offers the model
exactly two tools and forwards them, with the callback bearer token from its
environment, to the backend's internal routes; it holds no vehicle logic and
imports nothing from `app/` or `vehicle/` (DESIGN section 8).

Importing this package is free on purpose: the heavy `mcp` SDK is imported
only by `mcp_server.server`, after the environment has been checked, so a bad
configuration is refused in milliseconds.
"""

__version__ = "0.1.0"
