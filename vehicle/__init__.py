"""Pure vehicle domain: catalog, parser, plans, gates, CAN, state, simulator.

Imports nothing from ``app`` or ``mcp_server``.
"""
