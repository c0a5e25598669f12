"""Read back what the service really put on the bus, from its ``--can-log``.

Counting frames says that *something* went out; a refusal test must also be
able to say that *this* command did not. So the command frames of the log
are decoded with the project's codec (E2E counter and CRC verified) into
(capability, member, parameters), and a test compares those with what the
seat rules of DESIGN section 3a allow.
"""

from __future__ import annotations

from typing import Any

from vehicle.can.codec import FrameCodec
from vehicle.can.dbc import load_vehicle_dbc
from vehicle.can.frame import Frame

Sent = tuple[str, str, dict[str, Any]]
"""One decoded command frame: (capability, member, parameters)."""


class CanTrace:
    """The decoded command frames of one service's CAN log; ``mark()`` and
    ``since(mark)`` bracket one turn."""

    def __init__(self, service: Any, catalog: Any) -> None:
        self.service = service
        self.codec = FrameCodec(load_vehicle_dbc(None, catalog))
        self.ids = set(self.codec.dbc.allowlist)

    def _frames(self) -> list[tuple[int, str]]:
        return self.service.command_frames(self.ids)

    def mark(self) -> int:
        return len(self._frames())

    def since(self, mark: int) -> list[Sent]:
        out: list[Sent] = []
        for ident, data in self._frames()[mark:]:
            decoded = self.codec.decode_command(Frame(ident, bytes.fromhex(data)))
            assert decoded is not None, f"undecodable command frame {ident:#x}#{data}"
            command = decoded.command
            out.append((command.capability, command.member, dict(command.parameters)))
        return out


def state_of(client: Any, capability: str, member: str) -> Any:
    """The ECU-confirmed parameters of one member (``GET /api/v1/vehicle/state``)."""
    return client.get("/api/v1/vehicle/state").json()["controls"][capability][member]
