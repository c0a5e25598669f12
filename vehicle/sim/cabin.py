"""The simulated ECU's model of the cabin: values, start values, coupling.

Pure data and rules, no bus and no locking (:class:`~vehicle.sim.ecu.EcuSimulator`
holds the lock). Moving parts (windows, sunroof, sunshade, tailgate) report
the accepted target position at once, not the travel (DESIGN section 9).
"""

from __future__ import annotations

from vehicle.actions import Command, ParamValue
from vehicle.catalog import Catalog

from .errors import SimError

#: DESIGN section 9 start values, applied to every fitted member.
START_VALUES: dict[str, dict[str, ParamValue]] = {
    "climate.power": {"on": True},
    "climate.set_temperature": {"celsius": 22.0},
    "climate.set_fan_speed": {"level": 3},
    "climate.set_ac": {"on": False},
    "climate.set_defrost": {"on": False},
    "climate.set_recirculation": {"on": False},
    "seat.set_heating": {"level": 0},
    "seat.set_ventilation": {"level": 0},
    "seat.set_massage": {"on": False},
    "window.set_position": {"open_percent": 0},
    "sunroof.set_position": {"open_percent": 0},
    "sunshade.set_position": {"open_percent": 0},
    "ambient_light.set": {"color": "white", "brightness": 0},
    "reading_light.set": {"on": False},
    "mirror.fold": {"folded": False},
    "tailgate.set": {"open": False},
}
CLIMATE_POWER = "climate.power"
CLIMATE_PREFIX = "climate."
START_SPEED_KPH = 0.0
START_GEAR = "P"
START_CHILD_LOCK = False


class CabinModel:
    """Every fitted control's value, learned-button press counters, speed, gear, child lock."""

    def __init__(self, catalog: Catalog) -> None:
        self.controls: dict[str, dict[str, dict[str, ParamValue]]] = {}
        for cap in catalog.state_capabilities():
            start = START_VALUES.get(cap)
            if start is None or set(start) != set(catalog.capabilities[cap].parameters):
                raise SimError(f"no start values for {cap} (simulator and catalog disagree)")
            self.controls[cap] = {member: dict(start) for member in catalog.fitted_members(cap)}
        self.presses: dict[int, int] = {}
        self.speed_kph = START_SPEED_KPH
        self.gear = START_GEAR
        self.child_lock = START_CHILD_LOCK

    def apply(self, command: Command) -> list[str]:
        """Apply an accepted command; return the capabilities whose status must
        be sent now, coupled ones first and the commanded one last.

        Coupling: any climate setting while the climate is off turns it on.
        """
        values = self.controls[command.capability][command.member]
        values.update(command.parameters)
        out = [command.capability]
        power = self.controls.get(CLIMATE_POWER, {}).get("cabin")
        is_setting = command.capability.startswith(CLIMATE_PREFIX) and command.capability != CLIMATE_POWER
        if is_setting and power is not None and power["on"] is False:
            power["on"] = True
            out.insert(0, CLIMATE_POWER)
        return out

    def press(self, button: int) -> None:
        self.presses[button] = (self.presses.get(button, 0) + 1) % 256
