"""A frame against the catalog: which capability, which targets, which values.

Rules of DESIGN section 4 and the parser contract, and nothing guessed:

* temperature words name the set/adjust family; "to N" is a set, "by N",
  "warmer", "调高 N 度" an adjust with the verb's sign (±1.0 without a
  number);
* a bare operation ("on", "open", "half") sets what ``common.yaml`` says
  for that capability; a number goes to the capability's numeric parameter
  as spoken (never clamped, never converted); max / min to its range;
* no target said -> the catalog default; a group the type has stays a
  group; a word for a group it lacks ("rear windows", "front seats") is one
  action per member, in the canonical order; a possessive ("my") names no
  target on a control without seats;
* anything else (a unit that does not fit, "turn on the fan", "a crack")
  resolves to mentions only.
"""
from __future__ import annotations

from dataclasses import dataclass

from vehicle.actions import Action, Mention
from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog

from .frame import Frame
from .templates import Templates

SET_TEMPERATURE = "climate.set_temperature"
ADJUST_TEMPERATURE = "climate.adjust_temperature"
#: Controls a temperature in degrees may be said of ("set the AC to 22 degrees").
_DEGREES_OF = frozenset({SET_TEMPERATURE, ADJUST_TEMPERATURE, "climate.power", "climate.set_ac"})
#: Which parameter a unit may fill.
_UNIT_PARAMS = {"degrees": ("celsius", "delta_celsius"), "percent": ("open_percent", "brightness"), "level": ("level",)}


@dataclass(frozen=True, slots=True)
class Resolution:
    """What one clause resolved to."""

    actions: tuple[Action, ...]
    """Commands, in spoken order (empty when anything was unresolved)."""
    mentions: tuple[Mention, ...]
    """Controls referred to, resolved or not."""
    resolved: bool
    """Every control phrase of the clause became an action."""


class Resolver:
    """Turns frames into actions against one catalog and its parser data."""

    def __init__(self, catalog: Catalog, templates: Templates) -> None:
        self._catalog = catalog
        self._expansions = templates.expansions
        self._words = templates.words

    def capability(self, frame: Frame) -> str | None:
        """The capability a frame acts on, temperature set/adjust decided."""
        device = frame.device
        if device is None:
            return SET_TEMPERATURE if frame.unit == "degrees" else None
        if frame.unit == "degrees" and device in _DEGREES_OF:
            device = SET_TEMPERATURE
        if device in (SET_TEMPERATURE, ADJUST_TEMPERATURE):
            if frame.op in ("up", "down"):
                return ADJUST_TEMPERATURE
            return SET_TEMPERATURE
        return device if device in self._catalog.capabilities else None

    def targets(self, capability: str, frame: Frame) -> tuple[str, ...] | None:
        """Targets as resolved for `capability` (() when none said, None if unresolvable)."""
        cap = self._catalog.capabilities[capability]
        if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
            known = self._catalog.modes if cap.target_type == MODE_TYPE else self._catalog.peripherals
            if len(frame.targets) != 1 or frame.targets[0] not in known:
                return None  # a mode or a peripheral is named by its own word, one at a time
            return frame.targets
        if not frame.targets:
            return ()
        ttype = self._catalog.target_type(capability)
        if frame.possessive and "driver" not in ttype.members:
            return ()
        out: list[str] = []
        for word in frame.targets:
            if word in ttype.members or word in ttype.groups:
                found: tuple[str, ...] = (word,)
            else:
                found = tuple(m for m in self._expansions.get(word, ()) if m in ttype.members)
            if not found:
                return None
            out.extend(t for t in found if t not in out)
        return tuple(out)

    def resolve(self, frame: Frame) -> Resolution:
        capability = self.capability(frame)
        if capability is None:
            return Resolution((), (), False)
        targets = self.targets(capability, frame)
        mentions = tuple(Mention(capability, t) for t in targets) if targets else (Mention(capability, None),)
        if targets is None:
            if self._catalog.capabilities[capability].target_type in (MODE_TYPE, PERIPHERAL_TYPE):
                return Resolution((), (), False)  # "mode" with no mode named is a family word
            return Resolution((), (Mention(capability, None),), False)
        params = self.parameters(capability, frame)
        if params is None:
            return Resolution((), mentions, False)
        cap = self._catalog.capabilities[capability]
        chosen = targets or ((cap.default_target,) if cap.default_target else ())
        if not chosen:
            return Resolution((), mentions, False)
        actions = tuple(Action(capability, t, dict(params)) for t in chosen)
        return Resolution(actions, mentions, True)

    def parameters(self, capability: str, frame: Frame) -> dict[str, object] | None:
        """Parameters the frame sets on `capability`, or None when unresolved."""
        cap = self._catalog.capabilities[capability]
        op = frame.op
        if capability == ADJUST_TEMPERATURE:
            if frame.unit not in (None, "degrees") or frame.color:
                return None
            sign = 1.0 if op == "up" else -1.0
            return {"delta_celsius": sign * (frame.number if frame.number is not None else 1.0)}
        numeric = [n for n, p in cap.parameters.items() if p.type in ("int", "float")]
        if frame.unit is not None and not any(n in _UNIT_PARAMS[frame.unit] for n in numeric):
            return None
        params: dict[str, object] = {}
        if frame.color is not None:
            if "color" not in cap.parameters:
                return None
            params["color"] = frame.color
        if op == "set" and frame.number is not None:
            if not numeric:
                return None
            name = numeric[0]
            value = _typed(cap.parameters[name].type, frame.number)
            if value is None:
                return None
            params[name] = value
            return params
        if op == "set":
            return params or None
        if frame.number is not None:
            return None
        if op in ("max", "min") and numeric:
            param = cap.parameters[numeric[0]]
            bound = param.max if op == "max" else param.min
            return {numeric[0]: _typed(param.type, bound)}
        fixed = self._words.get(capability, {}).get(op or "")
        return dict(fixed) if fixed is not None else None


def _typed(kind: str, value: float | None) -> int | float | None:
    if value is None:
        return None
    if kind == "float":
        return float(value)
    return int(value) if float(value).is_integer() else None


__all__ = ["ADJUST_TEMPERATURE", "Resolution", "Resolver", "SET_TEMPERATURE"]
