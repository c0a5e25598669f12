"""The capability catalog as typed, frozen data (DESIGN section 3).

Parsed from plain dicts by :func:`vehicle.catalog.loader.catalog_from_dict`;
file I/O is a thin layer around that (the cantools shape). Every model
forbids unknown keys, so a typo in the YAML refuses to load instead of being
ignored.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Language = Literal["en", "zh"]
LANGUAGES: tuple[Language, ...] = ("en", "zh")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


class Text(_Strict):
    """A human label in both languages."""

    en: str = Field(min_length=1)
    zh: str = Field(min_length=1)

    def get(self, language: str) -> str:
        return self.zh if language == "zh" else self.en


class Aliases(_Strict):
    """Words the parser may read for a thing, per language (untrusted data)."""

    en: tuple[str, ...] = ()
    zh: tuple[str, ...] = ()

    def get(self, language: str) -> tuple[str, ...]:
        return self.zh if language == "zh" else self.en


class TargetType(_Strict):
    members: tuple[str, ...] = Field(min_length=1)
    """Physical members, in the canonical expansion order."""
    groups: dict[str, tuple[str, ...]] = {}
    """Group id -> its members (each must be a member of this type)."""

    @model_validator(mode="after")
    def _groups_are_members(self) -> TargetType:
        for group, members in self.groups.items():
            unknown = [m for m in members if m not in self.members]
            if unknown:
                raise ValueError(f"group {group!r} lists unknown members {unknown}")
            if group in self.members:
                raise ValueError(f"group {group!r} is also a member")
        return self


class TargetInfo(_Strict):
    aliases: Aliases
    label: Text


class Parameter(_Strict):
    """One parameter's type and the values it may take."""

    type: Literal["bool", "int", "float", "enum"]
    min: float | None = None
    max: float | None = None
    step: float | None = None
    """Values must be min + k*step; ints default to step 1."""
    nonzero: bool = False
    choices: tuple[str, ...] | None = None
    optional: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> Parameter:
        if self.type in ("int", "float"):
            if self.min is None or self.max is None:
                raise ValueError("numeric parameters need min and max")
            if self.min > self.max:
                raise ValueError("min is above max")
            if self.step is not None and self.step <= 0:
                raise ValueError("step must be positive")
            if self.choices is not None:
                raise ValueError("choices belong to enum parameters only")
        elif self.type == "enum":
            if not self.choices:
                raise ValueError("enum parameters need choices")
        elif any(v is not None for v in (self.min, self.max, self.step, self.choices)):
            raise ValueError("bool parameters take no range or choices")
        return self

    @property
    def effective_step(self) -> float | None:
        if self.type == "int":
            return self.step or 1
        return self.step

    def check(self, value: object) -> tuple[str, str] | None:
        """Return (reason, why) when `value` is not acceptable, else None.

        The reason is `invalid_parameter` (wrong type) or `out_of_range`
        (outside the range or off its step). Never coerces, never clamps:

        bool is not an int here, an int is accepted for a float, a float with
        an integral value is not accepted for an int (JSON numbers are typed).
        """
        if self.type == "bool":
            return None if isinstance(value, bool) else ("invalid_parameter", "must be true or false")
        if self.type == "enum":
            if isinstance(value, str) and value in (self.choices or ()):
                return None
            return ("invalid_parameter", f"must be {self.describe_range()}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return ("invalid_parameter", "must be a number")
        if self.type == "int" and not isinstance(value, int):
            return ("invalid_parameter", "must be a whole number")
        if value != value or value in (float("inf"), float("-inf")):
            return ("invalid_parameter", "must be a finite number")
        problem = self.range_problem(value)
        return ("out_of_range", problem) if problem else None

    def range_problem(self, value: float) -> str | None:
        """Why a number of the right type is out of range or off its step."""
        assert self.min is not None and self.max is not None
        if value < self.min or value > self.max or (self.nonzero and value == 0):
            return f"out of range: allowed {self.describe_range()}"
        if not self.on_step(value):
            return f"off step: allowed {self.describe_range()}"
        return None

    def on_step(self, value: float) -> bool:
        """True when `value` is exactly ``min + k * step`` for a whole k.

        Exact, with no tolerance: the encoder scales by the DBC factor and
        rounds to a whole raw value, and the codec refuses any value that
        does not come back unchanged. A tolerance here (22.4999999999 "is"
        22.5) would accept what the encoder then refuses, so validation
        compares exactly what the decoder will give back.
        """
        step = self.effective_step
        if not step:
            return True
        assert self.min is not None
        k = round((value - self.min) / step)
        return self.min + k * step == value

    def describe_range(self) -> str:
        if self.type == "bool":
            return "true or false"
        if self.type == "enum":
            return "one of " + ", ".join(self.choices or ())
        lo, hi = _num(self.min), _num(self.max)
        text = f"{lo} to {hi}"
        if self.type == "float" and self.step:
            text += f" in steps of {_num(self.step)}"
        if self.nonzero:
            text += ", not 0"
        return text


def _num(value: float | None) -> str:
    if value is None:
        return "?"
    return str(int(value)) if float(value).is_integer() and abs(value) >= 1 else str(value)


class Capability(_Strict):
    target_type: str
    default_target: str | None
    parameters: dict[str, Parameter]
    label: Text
    aliases: Aliases
    control: str | None = None
    """The physical control acted on when it differs from the capability id."""
    holds_state: bool = True
    at_least_one: bool = False
    """At least one (optional) parameter must be given."""


class Step(_Strict):
    """A concrete action in a saved mode or an offline plan."""

    capability: str
    target: str
    parameters: dict[str, bool | int | float | str] = {}


class Requirements(_Strict):
    """Vehicle-state requirements of a mode or interlock."""

    gear: Literal["P", "R", "N", "D"] | None = None
    speed_kph_max: float | None = None


class Mode(_Strict):
    requires: Requirements = Requirements()
    label: Text
    aliases: Aliases
    steps: tuple[Step, ...] = Field(min_length=1)


class Peripheral(_Strict):
    active: bool
    button: int = Field(ge=1, le=15)
    label: Text
    aliases: Aliases


class InterlockWhen(_Strict):
    parameter: str
    equals: bool | int | float | str | None = None
    increase: bool = False


class Interlock(_Strict):
    capability: str
    when: InterlockWhen
    requires: Requirements


class Gates(_Strict):
    vehicle_state_max_age_s: float = Field(gt=0)
    presence: dict[str, tuple[str, ...]] = {}
    interlocks: tuple[Interlock, ...] = ()


class Direction(_Strict):
    parameter: str
    equals: bool | int | float | str | None = None
    increase: bool = False
    decrease: bool = False
    sign: Literal["positive", "negative"] | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> Direction:
        given = [self.equals is not None, self.increase, self.decrease, self.sign is not None]
        if sum(given) != 1:
            raise ValueError("a direction needs exactly one of equals, increase, decrease, sign")
        return self


class NeedRule(_Strict):
    capability: str
    targets: tuple[str, ...] = Field(min_length=1)
    direction: Direction


class Need(_Strict):
    label: Text
    aliases: Aliases
    allowed: tuple[NeedRule, ...] = Field(min_length=1)
    offline_plan: tuple[Step, ...] = Field(min_length=1)


SeatName = Literal["driver", "passenger", "rear_left", "rear_right", "outside", "unknown"]


class SeatRights(_Strict):
    """What one seat may operate: everything, or capability -> members."""

    allow_all: bool = False
    allow: dict[str, tuple[str, ...]] = {}
    """Capability id -> the physical members (mode or peripheral ids) it may operate."""

    @model_validator(mode="after")
    def _one_form(self) -> SeatRights:
        if self.allow_all and self.allow:
            raise ValueError("give either allow_all or allow, not both")
        return self

    def permits(self, capability: str, member: str) -> bool:
        return self.allow_all or member in self.allow.get(capability, ())


class SeatTable(_Strict):
    """Every speaker seat of DESIGN section 3a, none missing, none extra."""

    driver: SeatRights
    passenger: SeatRights
    rear_left: SeatRights
    rear_right: SeatRights
    outside: SeatRights
    unknown: SeatRights
    """A message without a seat."""


class ChildLockRule(_Strict):
    """While the child lock is on, these seats may not use these capabilities."""

    seats: tuple[SeatName, ...] = Field(min_length=1)
    capabilities: tuple[str, ...] = Field(min_length=1)


class SeatPolicy(_Strict):
    """``catalog/seats.yaml``: per-seat permissions and the child lock (DESIGN section 3a)."""

    speaker_target_types: tuple[str, ...] = Field(min_length=1)
    """Target types whose target-less commands take the speaker's member."""
    seats: SeatTable
    child_lock: ChildLockRule

    def rights(self, seat: str) -> SeatRights | None:
        return getattr(self.seats, seat, None) if seat in SeatTable.model_fields else None
