"""Typed refusal reasons, each with a human message in English and Chinese.

In the spirit of Android Automotive's VHAL status codes: a machine code the
clients can branch on (``reason``) and a sentence a person can read
(``message``). Details (allowed range, current value, limit) travel with the
refusal so the message names them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from collections.abc import Sequence
from typing import Any

from .amounts import Words


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


# (reason, variant) -> (English, Chinese). {what} is the control ("driver
# temperature"); other fields come from the refusal's detail, where a
# :class:`Words` value gives each language its own phrase. ``detail["variant"]``
# picks a more exact sentence; (reason, None) is the general one. Chinese
# sentences carry no English words and no spaces; every sentence is speakable
# as written (numbers and units as words).
_MESSAGES: dict[tuple[Reason, str | None], tuple[str, str]] = {
    (Reason.UNKNOWN_CAPABILITY, None): ("This car has no such control.", "本车没有这个功能。"),
    (Reason.UNKNOWN_TARGET, None): ("{what} has no such position in this car.", "{what}没有这个位置。"),
    (Reason.INVALID_PARAMETER, None): ("{what} was given a setting it does not have.", "{what}收到了不支持的设定。"),
    (Reason.INVALID_PARAMETER, "missing"): ("{what} needs a value to be set to.", "{what}缺少要设定的值。"),
    (Reason.INVALID_PARAMETER, "number"): ("{what} needs a number {allowed}.", "{what}需要一个数值，可设{allowed}。"),
    (Reason.INVALID_PARAMETER, "change"): ("{what} needs a number: it can be changed {allowed}.",
                                           "{what}需要一个数值，{allowed}。"),
    (Reason.INVALID_PARAMETER, "bool"): ("{what} can {allowed}.", "{what}{allowed}。"),
    (Reason.INVALID_PARAMETER, "choice"): ("{what} can be {allowed}.", "{what}可以是{allowed}。"),
    (Reason.INVALID_PARAMETER, "at_least_one"): ("{what} needs {needs}.", "{what}需要设定{needs}。"),
    (Reason.OUT_OF_RANGE, None): ("{what} can be set {allowed}, so {value} is not possible.",
                                  "{what}{value}超出范围，可设{allowed}。"),
    (Reason.OUT_OF_RANGE, "step"): ("{what} can be set {allowed}, so {value} is not possible.",
                                    "{what}不能设为{value}，可设{allowed}。"),
    (Reason.OUT_OF_RANGE, "change"): ("{what} can be changed {allowed}, so {value} is not possible.",
                                      "{what}{allowed}，无法{value}。"),
    (Reason.OUT_OF_RANGE, "beyond"): ("{what} is at {current}, so {change} would go past the {end}, {limit}.",
                                      "{what}现在是{current}，{change}会超过{end}的{limit}。"),
    (Reason.OUT_OF_RANGE, "beyond_position"): ("{what} is at {current}, so {change} would go past {end}.",
                                               "{what}现在是{current}，{change}会超过{end}。"),
    (Reason.OUT_OF_RANGE, "at_end"): ("{what} is already at its {end}, {limit}.", "{what}已经是{end}的{limit}。"),
    (Reason.OUT_OF_RANGE, "at_end_position"): ("{what} is already {end}.", "{what}已经{end}了。"),
    (Reason.OUT_OF_RANGE, "group_end"): ("{what} can't go past the {end}, {limit}.", "{what}不能超过{end}的{limit}。"),
    (Reason.OUT_OF_RANGE, "group_end_position"): ("{what} can't go further than {end}.", "{what}不能超过{end}。"),
    (Reason.STATE_UNKNOWN, None): ("The current setting is not known yet for {what}, so it can't be raised or lowered.",
                                   "{what}当前设定未知，无法相对调节。"),
    (Reason.NOT_FITTED, None): ("{what} is not fitted on this car.", "本车未配备{what}。"),
    (Reason.INACTIVE_PERIPHERAL, None): ("{what} is learned but not active.", "{what}已学习但未启用。"),
    (Reason.INTERLOCK_SPEED, None): ("{what} is not allowed at {speed} km/h (limit {limit} km/h).",
                                     "车速{speed}公里/小时时不允许操作{what}，限速{limit}公里/小时。"),
    (Reason.INTERLOCK_GEAR, None): ("{what} needs the car in {gear}.", "{what}需要先挂入{gear}。"),
    (Reason.INTERLOCK_UNKNOWN, None): ("{what} is blocked because the vehicle speed and gear are unknown.",
                                       "车速和挡位未知，{what}已被阻止。"),
    (Reason.EXECUTION_MODE, None): ("{what} cannot be sent in {mode} mode.", "{mode}模式下无法发送{what}。"),
    (Reason.NOT_BOUND_TO_REQUEST, None): ("{what} was not part of what you asked for.", "{what}不在您的请求中。"),
    (Reason.NEGATED_BY_USER, None): ("{what} was left alone because you said not to change it.",
                                     "您说了不要操作{what}，已保持不变。"),
    (Reason.SEAT_NOT_PERMITTED, None): ("{what} can't be operated from the {seat} seat.", "{seat}座位不能操作{what}。"),
    (Reason.SEAT_NOT_PERMITTED, "outside"): ("{what} can't be operated from outside the car.", "车外不能操作{what}。"),
    (Reason.SEAT_NOT_PERMITTED, "unknown"): ("{what} can't be operated without knowing which seat you are in.",
                                             "无法确定您的座位，不能操作{what}。"),
    (Reason.CHILD_LOCK, None): ("The child lock is on, so the {what} can't be operated from the rear seats.",
                                "儿童锁已开启，后排不能操作{what}。"),
    (Reason.CHILD_LOCK, "unknown"): ("The child lock state is not known yet, so the {what} can't be operated from the rear seats.",
                                     "儿童锁状态未知，后排暂时不能操作{what}。"),
    (Reason.TOO_MANY_ACTIONS, None): ("Too many actions in one request; nothing was sent.", "一次请求的操作过多，未执行任何操作。"),
    (Reason.NOTHING_TO_DO, None): ("There was nothing to do.", "没有需要执行的操作。"),
    (Reason.CONFLICTING_ACTIONS, None): ("{what} was given two different values.", "{what}收到了两个不同的设定。"),
    (Reason.SEND_FAILED, None): ("{what} could not be sent to the car.", "{what}无法发送到车辆。"),
}

#: Detail values the gates pass as plain codes, in words.
_DETAIL_WORDS: dict[str, dict[str, Words]] = {
    "gear": {"P": Words("P", "驻车挡"), "R": Words("R", "倒挡"), "N": Words("N", "空挡"), "D": Words("D", "前进挡")},
    "mode": {"simulation": Words("simulation", "模拟"), "dry_run": Words("dry run", "演练"),
             "hardware": Words("hardware", "实车"), "unarmed hardware": Words("unarmed hardware", "未解锁的实车")},
}


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
        values: dict[str, Any] = {"what": name or ("该操作" if zh else "this action")}
        for key, value in self.detail.items():
            value = _DETAIL_WORDS.get(key, {}).get(value, value) if isinstance(value, str) else value
            values[key] = value.get(language) if isinstance(value, Words) else value
        text = (zh_t if zh else en_t).format_map(_Defaults(values))
        return text if zh else text[:1].upper() + text[1:]

    def naming(self, what: tuple[str, str]) -> "Refusal":
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
    if same_reason and "limit" in first.detail and all(
        r.detail.get("limit") == first.detail["limit"] and r.detail.get("end") == first.detail.get("end") for r in refusals
    ):
        # Members at different values ran into the same end of the range.
        position = str(first.detail.get("variant", "")).endswith("position")
        keep = {k: first.detail[k] for k in ("end", "limit", "limit_value") if k in first.detail}
        return Refusal(first.reason, what, {**keep, "variant": "group_end_position" if position else "group_end"})
    return first


def all_reasons() -> tuple[str, ...]:
    return tuple(r.value for r in Reason)
