"""Typed refusal reasons, each with a human message in English and Chinese.

In the spirit of Android Automotive's VHAL status codes: a machine code the
clients can branch on (``reason``) and a sentence a person can read
(``message``). Details (allowed range, current value, limit) travel with the
refusal so the message names them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


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
    TOO_MANY_ACTIONS = "too_many_actions"
    NOTHING_TO_DO = "nothing_to_do"
    CONFLICTING_ACTIONS = "conflicting_actions"
    SEND_FAILED = "send_failed"


# {what} is the control ("driver temperature"), other fields come from detail.
_MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.UNKNOWN_CAPABILITY: ("There is no control called {capability}.", "没有名为 {capability} 的功能。"),
    Reason.UNKNOWN_TARGET: ("{what} has no target {target}.", "{what}没有目标 {target}。"),
    Reason.INVALID_PARAMETER: ("{what}: {problem}.", "{what}：参数无效（{problem}）。"),
    Reason.OUT_OF_RANGE: ("{what}: {value} is out of range; allowed {allowed}.", "{what}：{value} 超出范围，允许 {allowed}。"),
    Reason.STATE_UNKNOWN: ("{what}: the current setting is not known yet, so it cannot be changed relatively.", "{what}：当前设定未知，无法相对调节。"),
    Reason.NOT_FITTED: ("{what} is not fitted on this car.", "本车未配备{what}。"),
    Reason.INACTIVE_PERIPHERAL: ("{what} is learned but not active.", "{what}已学习但未启用。"),
    Reason.INTERLOCK_SPEED: ("{what} is not allowed at {speed} km/h (limit {limit} km/h).",
                             "车速{speed}公里/小时时不允许操作{what}（限{limit}公里/小时）。"),
    Reason.INTERLOCK_GEAR: ("{what} needs the car in {gear}.", "{what}需要挂入 {gear} 挡。"),
    Reason.INTERLOCK_UNKNOWN: ("{what} is blocked because the vehicle speed and gear are unknown.", "车速和挡位未知，{what}已被阻止。"),
    Reason.EXECUTION_MODE: ("{what} cannot be sent in {mode} mode.", "{mode} 模式下无法发送{what}。"),
    Reason.NOT_BOUND_TO_REQUEST: ("{what} was not part of what you asked for.", "{what}不在您的请求中。"),
    Reason.NEGATED_BY_USER: ("{what} was left alone because you said not to change it.", "您说了不要操作{what}，已保持不变。"),
    Reason.TOO_MANY_ACTIONS: ("Too many actions in one request; nothing was sent.", "一次请求的操作过多，未执行任何操作。"),
    Reason.NOTHING_TO_DO: ("There was nothing to do.", "没有需要执行的操作。"),
    Reason.CONFLICTING_ACTIONS: ("{what} was given two different values.", "{what}收到了两个不同的设定。"),
    Reason.SEND_FAILED: ("{what} could not be sent to the car.", "{what}无法发送到车辆。"),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """A typed refusal with the details its message names."""

    reason: Reason
    what: tuple[str, str] = ("", "")
    """Human name of the control in English and Chinese."""
    detail: dict[str, Any] = field(default_factory=dict)
    """Values the message names: allowed range, current value, limit, gear."""

    def message(self, language: str = "en") -> str:
        en, zh = _MESSAGES[self.reason]
        template = zh if language == "zh" else en
        name = self.what[1] if language == "zh" else self.what[0]
        values = {"what": name or ("该操作" if language == "zh" else "this action"), **self.detail}
        text = template.format_map(_Defaults(values))
        return text[:1].upper() + text[1:] if language != "zh" else text


class _Defaults(dict):
    """A detail a message names but the refusal lacks reads as '?', never raises."""

    def __missing__(self, key: str) -> str:
        return "?"


def all_reasons() -> tuple[str, ...]:
    return tuple(r.value for r in Reason)
