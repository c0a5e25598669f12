"""A frame against the catalog: which capability, which targets, which values.

Rules of DESIGN section 4, and nothing guessed:

* temperature words name the set/adjust family; "to N" is a set, "by N",
  "warmer", "调高 N 度" an adjust with the verb's sign (±1.0 vague without
  a number);
* "up"/"down" of a level control (fan, seat heating, ventilation) and
  "a bit more"/"a little less" of a position use its ``adjust_*`` twin:
  an amount said is explicit, none is vague (±1 level, ±20 percent);
* a bare operation ("on", "open", "half", "low", "a crack") sets what
  ``common.yaml`` says for that capability; a number goes to the numeric
  parameter as spoken (never clamped); max to the range end, min to the
  lowest level that is on;
* targets: said ones (a group the type lacks becomes its *fitted* members
  in canonical order), else the speaker's member for seat, window and zone
  controls, else all members for a plural ("close the windows"), else the
  catalog default;
* anything else (a unit that does not fit, "turn on the fan") resolves to
  mentions only.
"""

from __future__ import annotations

from dataclasses import dataclass

from vehicle.actions import Action, Direction, Mention, ParamValue
from vehicle.adjust import VAGUE_STEP
from vehicle.catalog import MODE_TYPE, PERIPHERAL_TYPE, Catalog
from vehicle.catalog.catalog import SPEAKER
from vehicle.seats import seat_key, speaker_member

from .frame import Frame
from .vocabulary import Common

SET_TEMPERATURE = "climate.set_temperature"
ADJUST_TEMPERATURE = "climate.adjust_temperature"
CLIMATE, FAN = "climate.power", "climate.set_fan_speed"
#: Controls a temperature in degrees may be said of ("set the AC to 22 degrees").
_DEGREES_OF = frozenset({SET_TEMPERATURE, ADJUST_TEMPERATURE, "climate.power", "climate.set_ac"})
#: Which parameter a unit may fill.
_UNIT_PARAMS = {
    "degrees": ("celsius", "delta_celsius"),
    "percent": ("open_percent", "brightness", "delta_percent"),
    "level": ("level", "delta_level"),
}
#: Target types whose members are seats of the car (the speaker's member applies).
SEATED_TYPES = frozenset({"seat", "window", "zone"})
_SET_OPS = frozenset({"set", "low", "medium", "high", "max", "min", "half"})


@dataclass(frozen=True, slots=True)
class Resolution:
    """What one clause resolved to."""

    actions: tuple[Action, ...]
    """Commands, in spoken order (empty when anything was unresolved)."""
    mentions: tuple[Mention, ...]
    """Controls referred to, resolved or not (said "command", with direction)."""
    resolved: bool
    """Every control phrase of the clause became an action."""


class Resolver:
    """Turns frames into actions against one catalog and its parser data."""

    def __init__(self, catalog: Catalog, common: Common) -> None:
        self._catalog = catalog
        self._expansions = common.expansions
        self._words = common.words
        self._twin = {catalog.control(c): c for c in catalog.capabilities if catalog.control(c) != c}

    def capability(self, frame: Frame) -> str | None:
        """The capability a frame acts on, set/adjust decided."""
        device = frame.device
        if device is None:
            return SET_TEMPERATURE if frame.unit == "degrees" else None
        if device not in self._catalog.capabilities:
            return None
        if frame.unit == "degrees" and device in _DEGREES_OF:
            device = SET_TEMPERATURE
        elif frame.unit == "level" and device == CLIMATE:
            device = FAN  # "空调开到五挡": the climate's level is its blower's
        control = self._catalog.control(device)
        if control == SET_TEMPERATURE:
            return ADJUST_TEMPERATURE if frame.op in ("up", "down", "more", "less") else SET_TEMPERATURE
        twin = self._twin.get(control)
        if twin is None:
            return control
        # "up"/"down" of a position are raise/lower (close/open); its relative
        # change is said "a bit more"/"a little less"
        positional = "open_percent" in self._catalog.capabilities[control].parameters
        if frame.op in ("more", "less") or (frame.op in ("up", "down") and not positional):
            return twin
        return control

    def direction(self, capability: str, op: str | None) -> Direction | None:
        """What the person asked of a control (DESIGN section 4 `direction`)."""
        if op is None:
            return None
        params = self._catalog.capabilities[capability].parameters if capability in self._catalog.capabilities else {}
        switch = "on" in params
        position = "open_percent" in params or "open" in params
        if op in ("on", "open"):
            return "open" if position else "on"
        if op in ("off", "close"):
            return "close" if position else "off"
        if op in ("up", "down"):
            if "open_percent" in params:
                return "close" if op == "up" else "open"
            return "increase" if op == "up" else "decrease"
        if op == "more":
            return "increase"
        if op == "less":
            return "decrease"
        if op == "crack" or (op == "half" and "open" in params):  # half of a tailgate is still an opening
            return "open"
        if op == "fold":
            return "close"
        if op == "unfold":
            return "open"
        if op in ("activate", "trigger"):
            return "activate"
        if op in _SET_OPS:
            return "on" if switch and op != "set" else "set"
        return None

    def targets(
        self, capability: str, frame: Frame, seat: str | None = None, said: bool = False
    ) -> tuple[str, ...] | None:
        """Targets as resolved for `capability` (() = the catalog default; None if unresolvable).

        `said`: the frame's places were said of this control, so a place its
        type lacks is kept by name (:meth:`_named`); places spotted elsewhere
        in the text are not.
        """
        cap = self._catalog.capabilities[capability]
        if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
            known = self._catalog.modes if cap.target_type == MODE_TYPE else self._catalog.peripherals
            if len(frame.targets) != 1 or frame.targets[0] not in known:
                return None  # a mode or a peripheral is named by its own word, one at a time
            return frame.targets
        ttype = self._catalog.target_type(capability)
        # the speaker's own member, from the one rule the safety core uses too
        member = speaker_member(self._catalog, seat, capability)
        mine = member if member is not None and member == seat_key(seat) else None
        if not frame.targets or frame.possessive:
            if frame.possessive or frame.speaker:
                return (mine,) if mine else ()
            if (frame.plural or frame.excluded) and cap.target_type in SEATED_TYPES:
                return self.group("all", capability)
            return (mine,) if mine else ()
        places = frame.targets
        if "all" in places and len(places) == 2 and SPEAKER not in places:
            places = tuple(t for t in places if t != "all")  # "all hvac in the rear right": the narrower
        out: list[str] = []
        for word in places:
            if word == SPEAKER:  # "my" beside another member: the speaker's own, else nothing that acts
                if member is None and len(places) == 2:
                    continue  # no member of the speaker's here: "my stage of the front fans" is the car's
                if member is None:
                    return None
                word = member
            if word in ttype.members or word in ttype.groups:
                found: tuple[str, ...] = (word,)
            else:
                # the one place said, never beside another ("my" aside)
                named = said and sum(t != SPEAKER for t in places) == 1
                found = self.group(word, capability) or (self._named(word, ttype.members) if named else ())
            if not found:
                return None
            out.extend(t for t in found if t not in out)
        return tuple(out)

    def _named(self, word: str, members: tuple[str, ...]) -> tuple[str, ...]:
        """A place the control's type does not have, as said: the gates refuse it by name.

        "Rear fan off" on a car with one cabin fan is understood and refused
        ("no rear zone"), never widened to the one fan; "all" on a control
        whose type has no group of that name is every member of its own
        ("both defrosters": the front and the rear one; it was the target
        "all", which the defroster lacks).
        """
        if word == "all":
            return members
        return (word,) if word in self._catalog.targets else ()

    def seated(self, capability: str) -> bool:
        """Whether the capability's targets are seats of the car (seat, window, zone)."""
        return self._catalog.capabilities[capability].target_type in SEATED_TYPES

    def default(self, capability: str) -> str | None:
        return self._catalog.capabilities[capability].default_target

    def group(self, word: str, capability: str) -> tuple[str, ...] | None:
        ttype = self._catalog.target_type(capability)
        if word in ttype.groups:
            return (word,)
        members = tuple(m for m in self._expansions.get(word, ()) if m in ttype.members)
        fitted = tuple(m for m in members if self._catalog.fitted(capability, m))
        return fitted or members or None

    def resolve(self, frame: Frame, seat: str | None = None) -> Resolution:
        capability = self.capability(frame)
        if capability is None:
            return Resolution((), (), False)
        direction = self.direction(capability, frame.op)

        def said(target: str | None) -> Mention:
            return Mention(capability, target, "command", direction)

        targets = self.targets(capability, frame, seat, said=True)
        if targets is None:
            if self._catalog.capabilities[capability].target_type in (MODE_TYPE, PERIPHERAL_TYPE):
                return Resolution((), (), False)  # "mode" with no mode named is a family word
            return Resolution((), (said(None),), False)
        cap = self._catalog.capabilities[capability]
        chosen = targets or ((cap.default_target,) if cap.default_target else ())
        if frame.possessive or frame.speaker:
            # "my": the member it resolved to; "my back fans": the place named
            named = chosen if cap.target_type in SEATED_TYPES else targets
        else:
            named = targets if frame.targets else ()
        mentions = tuple(said(t) for t in named) if named else (said(None),)
        params = self.parameters(capability, frame)
        if params is None or not chosen:
            return Resolution((), mentions, False)
        excluded = self.speakers(capability, frame.excluded, seat)
        if SPEAKER in excluded:  # "except mine" on a control with no member of mine: act on nothing
            return Resolution((), mentions, False)
        chosen = self._without(capability, chosen, excluded)
        vague = capability in self._twin.values() and frame.number is None
        actions = tuple(Action(capability, t, dict(params), vague=vague) for t in chosen)
        return Resolution(actions, mentions, bool(actions))

    def speakers(self, capability: str, targets: tuple[str, ...], seat: str | None) -> tuple[str, ...]:
        """`targets` with "my" (:data:`SPEAKER`) as the speaker's member ("except mine")."""
        if SPEAKER not in targets:
            return targets
        member = speaker_member(self._catalog, seat, capability)
        out: list[str] = []
        for t in targets:
            t = (member or SPEAKER) if t == SPEAKER else t
            if t not in out:
                out.append(t)
        return tuple(out)

    def names_only_left_out(self, capability: str, targets: tuple[str, ...], excluded: tuple[str, ...]) -> bool:
        """Every member `targets` names is one `excluded` leaves out ("…except the rear, and the rear to
        30": a clause naming only those says what they do). Fitted or not: "all the ventilated seats
        except the front two" names the rear too, so it leaves no fitted member and moves none (it moved
        the front two)."""
        if not excluded or not targets:
            return False
        return set(self.members_of(capability, targets, fitted=False)) <= set(self.members_of(capability, excluded))

    def members_of(self, capability: str, targets: tuple[str, ...], fitted: bool = False) -> tuple[str, ...]:
        """The members `targets` name on `capability` (a group word its type lacks: its members; `fitted`:
        only those the car has)."""
        members: list[str] = []
        for t in targets:
            try:
                found = self._catalog.members(capability, t)
            except KeyError:  # a group word the type lacks ("rear" windows): its members
                ttype = self._catalog.target_type(capability)
                # "all the defrosters except the rear": every member of its own type, never the seats
                found = tuple(ttype.members) if t == "all" else self._expansions.get(t, (t,))
            members.extend(m for m in found if m not in members and (not fitted or self._catalog.fitted(capability, m)))
        return tuple(members)

    def _without(self, capability: str, chosen: tuple[str, ...], excluded: tuple[str, ...]) -> tuple[str, ...]:
        if not excluded:
            return chosen
        gone = set(self.members_of(capability, excluded))
        return tuple(m for m in self.members_of(capability, chosen, fitted=True) if m not in gone)

    def parameters(self, capability: str, frame: Frame) -> dict[str, ParamValue] | None:
        """Parameters the frame sets on `capability`, or None when unresolved."""
        cap = self._catalog.capabilities[capability]
        op = frame.op
        numeric = [n for n, p in cap.parameters.items() if p.type in ("int", "float")]
        if frame.unit is not None and not any(n in _UNIT_PARAMS[frame.unit] for n in numeric):
            return None
        if capability in self._twin.values():  # a relative change
            if frame.color or op not in ("up", "down", "more", "less") or not numeric:
                return None
            name = numeric[0]
            sign = 1 if op in ("up", "more") else -1
            amount = frame.number if frame.number is not None else VAGUE_STEP.get(name)
            value = _typed(cap.parameters[name].type, amount)
            return None if value is None else {name: sign * value}
        params: dict[str, ParamValue] = {}
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
            if op == "min" and numeric[0] == "level" and bound is not None and bound < 1:
                bound = 1  # the lowest level that is on
            end = _typed(param.type, bound)
            return None if end is None else {numeric[0]: end}
        fixed = self._words.get(capability, {}).get(op or "")
        return {**fixed, **params} if fixed is not None else None  # "on in blue": lit, in that colour


def _typed(kind: str, value: float | None) -> int | float | None:
    if value is None:
        return None
    if kind == "float":
        return float(value)
    return int(value) if float(value).is_integer() else None


__all__ = ["ADJUST_TEMPERATURE", "Resolution", "Resolver", "SEATED_TYPES", "SET_TEMPERATURE"]
