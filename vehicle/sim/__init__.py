"""ECU simulator: a cabin body controller answering on the bus (DESIGN section 9).

It talks to the service only through CAN frames, with the same DBC, E2E
CRC and counter rules as a real ECU, so the service cannot tell it from one.
"""

from .ecu import EcuSimulator
from .errors import SimError

__all__ = ["EcuSimulator", "SimError"]
