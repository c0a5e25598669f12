"""Typed refusal reasons, each with a human message in English and Chinese.

The sentences live in the message table (``catalog/messages.yaml``,
section ``refusals``); this module names the reasons and fills the details.

In the spirit of Android Automotive's VHAL status codes: a machine code the
clients can branch on (``reason``) and a sentence a person can read
(``message``). Details (allowed range, current value, limit) travel with the
refusal so the message names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .amounts import Words
from .catalog.message_table import messages


class Reason(str, Enum):
    """Why an action was not sent. The value is the wire code."""

    UNKNOWN_CAPABILITY = "unknown_capability"
    UNKNOWN_TARGET = "unknown_target"
    INVALID_PARAMETER = "invalid_parameter"
    OUT_OF_RANGE = "out_of_range"
    STATE_UNKNOWN = "state_unknown"
    NOT_FITTED = "not_fitted"
    INACTIVE_PERIPHERAL = "inactive_peripheral"
    INTERLOCK_SPEED = "interlock_speed"
    INTERLOCK_GEAR = "interlock_gear"
    INTERLOCK_UNKNOWN = "interlock_unknown"
    EXECUTION_MODE = "execution_mode"
    NOT_BOUND_TO_REQUEST = "not_bound_to_request"
    NEGATED_BY_USER = "negated_by_user"
    SEAT_NOT_PERMITTED = "seat_not_permitted"
    CHILD_LOCK = "child_lock"
    TOO_MANY_ACTIONS = "too_many_actions"
    NOTHING_TO_DO = "nothing_to_do"
    CONFLICTING_ACTIONS = "conflicting_actions"
    SEND_FAILED = "send_failed"
    NEEDS_CONFIRMATION = "needs_confirmation"
    """A model action on a control the person never mentioned: asked, not sent (DESIGN section 4a)."""


def _templates() -> dict[tuple[Reason, str | None], tuple[str, str]]:
    """(reason, variant) -> (English, Chinese) templates, from ``catalog/messages.yaml``.

    {what} is the control ("driver temperature"); other fields come from the
    refusal's detail, where a :class:`Words` value gives each language its
    own phrase. ``detail["variant"]`` picks a more exact sentence; (reason,
    None) is the general one. The table check guarantees every reason has
    both languages and only the placeholders a detail can fill.
    """
    table = messages().section("refusals")
    out: dict[tuple[Reason, str | None], tuple[str, str]] = {}
    for reason in Reason:
        entry = table[reason.value]
        out[(reason, None)] = (entry.get("en"), entry.get("zh"))
        for variant in entry.variants:
            out[(reason, variant)] = (entry.get("en", variant), entry.get("zh", variant))
    return out


_MESSAGES = _templates()

#: Detail values the gates pass as plain codes, in words (table section per detail).
_DETAIL_SECTIONS = {"gear": "gears", "mode": "execution_modes"}


def _detail_words(key: str, value: str) -> Words | str:
    section = _DETAIL_SECTIONS.get(key)
    code = value.replace(" ", "_")
    if section is None or not messages().has(section, code):
        return value
    return Words(*messages().pair(section, code))


@dataclass(frozen=True, slots=True)
class Refusal:
    """A typed refusal with the details its message names."""

    reason: Reason
    what: tuple[str, str] = ("", "")
    """Human name of the control in English and Chinese."""
    detail: dict[str, Any] = field(default_factory=dict)
    """Values the message names: allowed range, current value, limit, gear;
    ``variant`` picks a more exact sentence of the reason."""

    def message(self, language: str = "en") -> str:
        zh = language == "zh"
        variant = self.detail.get("variant")
        en_t, zh_t = _MESSAGES.get((self.reason, variant)) or _MESSAGES[(self.reason, None)]
        name = self.what[1] if zh else self.what[0]
        values: dict[str, Any] = {"what": name or messages().text("names", "any", language)}
        for key, value in self.detail.items():
            value = _detail_words(key, value) if isinstance(value, str) else value
            values[key] = value.get(language) if isinstance(value, Words) else value
        text = (zh_t if zh else en_t).format_map(_Defaults(values))
        return text if zh else text[:1].upper() + text[1:]

    def naming(self, what: tuple[str, str]) -> Refusal:
        """The same refusal about another name (a group, a mode)."""
        return Refusal(self.reason, what, dict(self.detail))


class _Defaults(dict):
    """A detail a message names but the refusal lacks reads as '?', never raises."""

    def __missing__(self, key: str) -> str:
        return "?"


def group_refusal(what: tuple[str, str], refusals: Sequence[Refusal]) -> Refusal | None:
    """One refusal for a group whose members were refused, naming the group.

    "Temperature in all zones: the current setting is not known yet" rather
    than the driver's alone. When the members were refused for different
    reasons, or for one reason with different details, the first member's
    refusal is kept as it is (it names its member, so it stays true).
    """
    if not refusals:
        return None
    first = refusals[0]
    if all(r.reason == first.reason and r.detail == first.detail for r in refusals[1:]):
        return first.naming(what)
    same_reason = all(r.reason == first.reason for r in refusals[1:])
    if same_reason and first.reason != Reason.OUT_OF_RANGE:
        return Refusal(first.reason, what, {k: v for k, v in first.detail.items() if k == "variant"})
    if (
        same_reason
        and "limit" in first.detail
        and all(
            r.detail.get("limit") == first.detail["limit"] and r.detail.get("end") == first.detail.get("end")
            for r in refusals
        )
    ):
        # Members at different values ran into the same end of the range.
        position = str(first.detail.get("variant", "")).endswith("position")
        keep: dict[str, Any] = {k: first.detail[k] for k in ("end", "limit", "limit_value") if k in first.detail}
        return Refusal(first.reason, what, {**keep, "variant": "group_end_position" if position else "group_end"})
    return first


def all_reasons() -> tuple[str, ...]:
    return tuple(r.value for r in Reason)
