"""The loaded, cross-checked catalog and the questions the rest asks of it.

Built once at start-up (compile once, run a pure path per request); every
method here is a pure lookup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .models import (
    LANGUAGES,
    Capability,
    Gates,
    Mode,
    Need,
    Peripheral,
    SeatPolicy,
    Step,
    TargetInfo,
    TargetType,
    Text,
)

#: A comfort plan step's target meaning "the speaker's member" (DESIGN section 3).
SPEAKER = "speaker"
#: Target types whose members come from the modes and peripherals sections.
MODE_TYPE = "mode"
PERIPHERAL_TYPE = "peripheral"


class CatalogError(ValueError):
    """An invalid catalog: names the file, the path inside it and the problem."""

    def __init__(self, file: str, path: str, problem: str) -> None:
        self.file = file
        self.path = path
        self.problem = problem
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class Catalog:
    """Capabilities, targets, modes, peripherals, gates and needs, validated."""

    target_types: dict[str, TargetType]
    targets: dict[str, TargetInfo]
    capabilities: dict[str, Capability]
    modes: dict[str, Mode]
    peripherals: dict[str, Peripheral]
    gates: Gates
    needs: dict[str, Need]
    seats: SeatPolicy
    """Per-seat permissions and the child lock (DESIGN section 3a)."""
    generation: str
    """Hash of the catalog's content; request tokens are bound to it."""
    files: dict[str, str] = field(default_factory=dict)
    """Section name -> file it came from (for error messages)."""

    # -- targets -----------------------------------------------------------
    def target_type(self, capability: str) -> TargetType:
        cap = self.capabilities[capability]
        if cap.target_type == MODE_TYPE:
            return TargetType(members=tuple(self.modes))
        if cap.target_type == PERIPHERAL_TYPE:
            return TargetType(members=tuple(self.peripherals))
        return self.target_types[cap.target_type]

    def valid_targets(self, capability: str) -> tuple[str, ...]:
        tt = self.target_type(capability)
        return tt.members + tuple(tt.groups)

    def is_group(self, capability: str, target: str) -> bool:
        return target in self.target_type(capability).groups

    def members(self, capability: str, target: str | None) -> tuple[str, ...]:
        """Physical members a target stands for (a member stands for itself); KeyError for any other (None too)."""
        tt = self.target_type(capability)
        if target in tt.groups:
            return tt.groups[target]
        if target in tt.members:
            return (target,)
        raise KeyError(target)

    def control(self, capability: str) -> str:
        """The physical control a capability acts on (set/adjust share one)."""
        return self.capabilities[capability].control or capability

    def physical_controls(self, capability: str, target: str | None) -> tuple[tuple[str, str], ...]:
        """The (physical control, member) pairs an action on `target` acts on.

        The one answer to "members of a target" and "the same physical
        control" for the parser, the binder and the merge: set and adjust
        twins share a control; a group stands for its members; None stands
        for every member of the type (a mention with no target); a mode
        stands for every member of its steps. An unknown capability or
        target touches nothing.
        """
        cap = self.capabilities.get(capability)
        if cap is None:
            return ()
        if cap.target_type == MODE_TYPE:
            modes = (
                [self.modes[target]] if target in self.modes else list(self.modes.values()) if target is None else []
            )
            return tuple(
                dict.fromkeys(
                    key
                    for mode in modes
                    for step in mode.steps
                    for key in self.physical_controls(step.capability, step.target)
                )
            )
        control = self.control(capability)
        try:
            members = self.target_type(capability).members if target is None else self.members(capability, target)
        except KeyError:
            return ()
        return tuple((control, m) for m in members)

    def fitted(self, capability: str, member: str) -> bool:
        return member not in self.gates.presence.get(capability, ())

    def fitted_members(self, capability: str) -> tuple[str, ...]:
        return tuple(m for m in self.target_type(capability).members if self.fitted(capability, m))

    def state_capabilities(self) -> tuple[str, ...]:
        """Capabilities that hold state (keys of the state endpoint's controls)."""
        return tuple(c for c, cap in self.capabilities.items() if cap.holds_state)

    # -- labels ------------------------------------------------------------
    def target_label(self, capability: str, target: str, language: str) -> str:
        cap = self.capabilities.get(capability)
        if cap is not None and cap.target_type == MODE_TYPE and target in self.modes:
            return self.modes[target].label.get(language)
        if cap is not None and cap.target_type == PERIPHERAL_TYPE and target in self.peripherals:
            return self.peripherals[target].label.get(language)
        info = self.targets.get(target)
        return info.label.get(language) if info else target

    def capability_label(self, capability: str, language: str) -> str:
        cap = self.capabilities.get(capability)
        return cap.label.get(language) if cap else capability


def check_cross_references(cat: Catalog) -> None:
    """Refuse references that point nowhere, with file and path."""
    tfile = cat.files.get("targets", "targets.yaml")
    for tname, tt in cat.target_types.items():
        for t in tt.members + tuple(tt.groups):
            if t not in cat.targets:
                raise CatalogError(tfile, f"target_types.{tname}", f"target {t!r} has no entry under targets")
    cfile = cat.files.get("capabilities", "capabilities.yaml")
    for cid, cap in cat.capabilities.items():
        path = f"capabilities.{cid}"
        if cap.target_type not in cat.target_types and cap.target_type not in (MODE_TYPE, PERIPHERAL_TYPE):
            raise CatalogError(cfile, f"{path}.target_type", f"unknown target type {cap.target_type!r}")
        if cap.default_target is not None and cap.default_target not in cat.valid_targets(cid):
            raise CatalogError(
                cfile, f"{path}.default_target", f"{cap.default_target!r} is not a {cap.target_type} target"
            )
        if cap.default_target is None and cap.target_type not in (MODE_TYPE, PERIPHERAL_TYPE):
            raise CatalogError(cfile, f"{path}.default_target", "a default target is required")
        if cap.control is not None and cap.control not in cat.capabilities:
            raise CatalogError(cfile, f"{path}.control", f"unknown capability {cap.control!r}")
        if cap.at_least_one and not all(p.optional for p in cap.parameters.values()):
            raise CatalogError(cfile, f"{path}.parameters", "at_least_one needs every parameter optional")
        if cap.control is not None and cap.control != cid:
            _check_twin(cat, cid, cfile, path)
    mfile = cat.files.get("modes", "modes.yaml")
    for mid, mode in cat.modes.items():
        for i, step in enumerate(mode.steps):
            check_step(cat, step, mfile, f"modes.{mid}.steps[{i}]")
            if step.capability in ("mode.activate", "peripheral.trigger"):
                raise CatalogError(mfile, f"modes.{mid}.steps[{i}]", "a mode step must be a physical control")
    gfile = cat.files.get("gates", "gates.yaml")
    for cid, members in cat.gates.presence.items():
        if cid not in cat.capabilities:
            raise CatalogError(gfile, f"presence.{cid}", "unknown capability")
        for m in members:
            if m not in cat.target_type(cid).members:
                raise CatalogError(gfile, f"presence.{cid}", f"{m!r} is not a member of {cid}'s targets")
    for i, lock in enumerate(cat.gates.interlocks):
        if lock.capability not in cat.capabilities:
            raise CatalogError(gfile, f"interlocks[{i}].capability", f"unknown capability {lock.capability!r}")
        if lock.when.parameter not in cat.capabilities[lock.capability].parameters:
            raise CatalogError(gfile, f"interlocks[{i}].when.parameter", f"unknown parameter {lock.when.parameter!r}")
    check_seats(cat)
    nfile = cat.files.get("needs", "needs.yaml")
    for nid, need in cat.needs.items():
        for i, rule in enumerate(need.allowed):
            path = f"needs.{nid}.allowed[{i}]"
            if rule.capability not in cat.capabilities:
                raise CatalogError(nfile, f"{path}.capability", f"unknown capability {rule.capability!r}")
            for t in rule.targets:
                if t not in cat.valid_targets(rule.capability):
                    raise CatalogError(nfile, f"{path}.targets", f"{t!r} is not a target of {rule.capability}")
            if rule.direction.parameter not in cat.capabilities[rule.capability].parameters:
                raise CatalogError(nfile, f"{path}.direction", f"unknown parameter {rule.direction.parameter!r}")
        for i, step in enumerate(need.offline_plan):
            path = f"needs.{nid}.offline_plan[{i}]"
            check_step(cat, step, nfile, path, allow_speaker=True)
            if not any(_rule_allows_statically(cat, rule, step) for rule in need.allowed):
                raise CatalogError(nfile, path, f"{step.capability} on {step.target} is not allowed for need {nid!r}")
        for lang in LANGUAGES:
            if not need.aliases.get(lang):
                raise CatalogError(nfile, f"needs.{nid}.aliases.{lang}", "at least one phrase is required")


def _check_twin(cat: Catalog, cid: str, file: str, path: str) -> None:
    """An adjust and its set twin: one numeric parameter each, same type, same targets."""
    cap, twin = cat.capabilities[cid], cat.capabilities[cat.capabilities[cid].control or cid]
    if len(cap.parameters) != 1 or len(twin.parameters) != 1:
        raise CatalogError(file, f"{path}.parameters", "a relative change and its twin take exactly one parameter each")
    (delta,), (value,) = cap.parameters.values(), twin.parameters.values()
    if delta.type not in ("int", "float") or delta.type != value.type:
        raise CatalogError(file, f"{path}.parameters", f"must be a number of the twin's type ({value.type})")
    if cap.target_type != twin.target_type:
        raise CatalogError(file, f"{path}.target_type", f"must equal the twin's target type {twin.target_type!r}")


def check_seats(cat: Catalog) -> None:
    """Every capability and member named in seats.yaml exists."""
    file = cat.files.get("seats", "seats.yaml")
    policy = cat.seats
    for tname in policy.speaker_target_types:
        if tname not in cat.target_types:
            raise CatalogError(file, "speaker_target_types", f"unknown target type {tname!r}")
    for seat in type(policy.seats).model_fields:
        rights = getattr(policy.seats, seat)
        for cid, members in rights.allow.items():
            where = f"seats.{seat}.allow.{cid}"
            if cid not in cat.capabilities:
                raise CatalogError(file, where, f"unknown capability {cid!r}")
            known = cat.target_type(cid).members
            for m in members:
                if m not in known:
                    raise CatalogError(file, where, f"{m!r} is not a member of {cid}'s targets ({', '.join(known)})")
    for i, cid in enumerate(policy.child_lock.capabilities):
        if cid not in cat.capabilities:
            raise CatalogError(file, f"child_lock.capabilities[{i}]", f"unknown capability {cid!r}")


def _rule_allows_statically(cat: Catalog, rule, step: Step) -> bool:
    if rule.capability != step.capability:
        return False
    if step.target == SPEAKER:
        # Whoever speaks: every member a speaker may stand for, and the default.
        could_be = set(cat.target_type(step.capability).members) | {cat.capabilities[step.capability].default_target}
        if not could_be <= set(rule.targets):
            return False
    elif step.target not in rule.targets:
        return False
    d = rule.direction
    value = step.parameters.get(d.parameter)
    if d.equals is not None:
        return value == d.equals
    if d.sign == "positive":
        return isinstance(value, (int, float)) and value > 0
    if d.sign == "negative":
        return isinstance(value, (int, float)) and value < 0
    return True  # increase/decrease depend on live state


def check_step(cat: Catalog, step: Step, file: str, path: str, allow_speaker: bool = False) -> None:
    """A concrete catalog action: known ids, known parameters, values in range.

    With ``allow_speaker`` (offline comfort plans) the target may be
    ``speaker``, the speaker's member (DESIGN section 3), for the target types
    seats.yaml names as speaker types.
    """
    cap = cat.capabilities.get(step.capability)
    if cap is None:
        raise CatalogError(file, f"{path}.capability", f"unknown capability {step.capability!r}")
    if step.target == SPEAKER and allow_speaker:
        if cap.target_type not in cat.seats.speaker_target_types:
            raise CatalogError(
                file, f"{path}.target", f"'speaker' is not a target of {step.capability} (no speaker member)"
            )
    elif step.target not in cat.valid_targets(step.capability):
        raise CatalogError(file, f"{path}.target", f"{step.target!r} is not a target of {step.capability}")
    for name, value in step.parameters.items():
        param = cap.parameters.get(name)
        if param is None:
            raise CatalogError(file, f"{path}.parameters.{name}", f"unknown parameter of {step.capability}")
        problem = param.check(value)
        if problem:
            raise CatalogError(file, f"{path}.parameters.{name}", f"{value!r} {problem[1]}")
    missing = [n for n, p in cap.parameters.items() if not p.optional and n not in step.parameters]
    if missing:
        raise CatalogError(file, f"{path}.parameters", f"missing {', '.join(missing)}")
    if cap.at_least_one and not step.parameters:
        raise CatalogError(file, f"{path}.parameters", "at least one parameter is required")


__all__ = ["Catalog", "CatalogError", "check_cross_references", "check_step", "Text"]
