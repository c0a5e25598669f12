"""`n7_vehicle`: the stdio MCP server the model uses to reach the N7Web backend.

Codex starts one of these per thread (`python -m mcp_server`). It offers the
model exactly two tools and forwards them, with the callback bearer token it
got through codex's `env_vars`, to the backend's internal routes; it holds no
vehicle logic and imports nothing from `app/` or `vehicle/` (DESIGN section 8).

Importing this package is free on purpose: the heavy `mcp` SDK is imported
only by `mcp_server.server`, after the environment has been checked, so a bad
configuration is refused in milliseconds.
"""

__version__ = "0.1.0"
