"""Step 5: each action against the catalog, alone.

Exact capability, target and parameter names, types, ranges and steps (the
strict check lives in :func:`vehicle.plan.validate_action`); a refusal is
per action, never for the batch. Untrusted raw values are never coerced: a
non-string capability or target is refused, not stringified into a match.

Targets: an offline comfort plan may name ``speaker`` (the speaker's member);
a model or parser action with no target takes the speaker's member for seat,
window and zone controls (DESIGN section 3a), else the catalog default.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.catalog.catalog import SPEAKER
from vehicle.plan import validate_action
from vehicle.refusals import Reason, Refusal

from .seat_gate import speaker_member


def resolve_target(catalog: Catalog, capability: str, target: Any, seat: str | None, source: str) -> Any:
    """The target an action means: ``speaker`` and a missing target resolved per section 3a."""
    if capability not in catalog.capabilities or source == "console":
        return target
    if (target == SPEAKER and source == "catalog") or target is None:
        return speaker_member(catalog, seat, capability)
    return target


def validate(
    catalog: Catalog, capability: Any, target: Any, parameters: Any, vague: Any, seat: str | None, source: str
) -> Action | Refusal:
    if not isinstance(capability, str):
        return Refusal(Reason.UNKNOWN_CAPABILITY, (str(capability), str(capability)), {"capability": str(capability)})
    if target is not None and not isinstance(target, str):
        return Refusal(Reason.UNKNOWN_TARGET, (capability, capability), {"target": str(target)})
    if not isinstance(parameters, dict):
        return Refusal(Reason.INVALID_PARAMETER, (capability, capability), {"problem": "parameters must be an object"})
    if not isinstance(vague, bool):
        return Refusal(Reason.INVALID_PARAMETER, (capability, capability), {"problem": "vague must be true or false"})
    checked = validate_action(
        catalog, capability, resolve_target(catalog, capability, target, seat, source), parameters
    )
    if isinstance(checked, Refusal) or not vague:
        return checked
    return replace(checked, vague=True)


def raw_fields(raw: Any) -> tuple[Any, Any, Any, Any]:
    """(capability, target, parameters, vague) of a raw plan entry or an Action."""
    if isinstance(raw, Action):
        return raw.capability, raw.target, dict(raw.parameters), raw.vague
    if not isinstance(raw, dict):
        return None, None, {}, False
    return raw.get("capability"), raw.get("target"), raw.get("parameters") or {}, raw.get("vague") or False


__all__ = ["SPEAKER", "raw_fields", "resolve_target", "validate"]
