"""CAN: the vehicle DBC, E2E-protected encoding, the python-can link.

Imports nothing from ``app`` or ``mcp_server``.
"""
