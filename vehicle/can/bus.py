"""Opening a python-can bus, with failures named by interface and channel.

Shared by the link and the ECU simulator, so both refuse the same way.
"""

from __future__ import annotations

import can

from .errors import LinkConfigError, LinkError

INTERFACES = ("virtual", "socketcan", "remote")
"""``virtual`` (one process, default), ``socketcan`` (vcan0/can0 on Linux),
``remote`` (a python-can-remote hub, ``ws://host:port/``: tests and
developer set-ups that need two processes)."""


def check_bus_config(interface: str, channel: str) -> None:
    if interface not in INTERFACES:
        raise LinkConfigError(f"CAN interface {interface!r} is not supported (use one of {', '.join(INTERFACES)})")
    if not isinstance(channel, str) or not channel.strip():
        raise LinkConfigError(f"CAN interface {interface!r} needs a channel")


def open_bus(interface: str, channel: str) -> can.BusABC:
    """Open an 11-bit CAN bus or raise :class:`LinkError` naming both.

    ``socketcan`` without kernel support raises a bare ``OSError`` (errno 97),
    not a ``can.CanError``; a ``remote`` hub that is not listening raises
    ``ConnectionRefusedError``. All of them become one clear start-up error.
    """
    check_bus_config(interface, channel)
    try:
        return can.Bus(interface=interface, channel=channel)
    except (can.CanError, OSError, ValueError, ImportError) as exc:
        raise LinkError(f"cannot open CAN bus: interface {interface!r} channel {channel!r}: {exc}") from exc
    except Exception as exc:  # backend-specific errors (e.g. can_remote.RemoteError)
        raise LinkError(
            f"cannot open CAN bus: interface {interface!r} channel {channel!r}: {type(exc).__name__}: {exc}"
        ) from exc
