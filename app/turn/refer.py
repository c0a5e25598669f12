"""REFER: "turn it up" right after a change refers to that change's control
(DESIGN 4a: an action with no control in the text, but one in the session's
last turn within 60 s, refers to that turn's control, as "more" does).

Runs after PARSE, only when the parser asked which control. The last turn
is the one a follow-up would follow (:func:`.followup.last_followed`: the
same window, never past a turn that tried something and moved nothing);
when it applied exactly one control, the utterance is parsed again with
that control as the referent, and the new parse replaces the question only
if it asks nothing and acts, on the members that turn moved unless the words
name one. Otherwise the question stands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .followup import applied_members, last_followed
from .stages import TurnContext


async def refer_stage(ctx: TurnContext) -> None:
    """Replace a "which control?" parse with the action on the last turn's control, where there is one."""
    clarify = getattr(ctx.parse, "clarify", None)
    if not clarify or clarify.get("missing") != "control":
        return
    last, _ = await last_followed(ctx)
    if last is None:
        return
    controls = {_control(ctx, action["capability"]) for action, _ in applied_members(last["reply"])}
    if len(controls) != 1:
        return
    control = controls.pop()
    referred = ctx.services.parser.parse(ctx.given.text, seat=ctx.given.seat, refer=control)
    if referred.clarify is None and referred.actions:
        ctx.parse = _on_its_members(ctx, referred, last["reply"], control)


def _on_its_members(ctx: TurnContext, referred: Any, last: dict[str, Any], control: str) -> Any:
    """With no member said, the change goes to the members the last turn moved, as "more" does: after
    "副驾温度调高一点", "a bit lower" lowered the speaker's zone (all four with no seat), never the
    passenger's. A member said ("lower mine") stays as said."""
    if any(m.target for m in referred.mentions):
        return referred
    targets = list(
        dict.fromkeys(
            action["target"]
            for action, _ in applied_members(last)
            if _control(ctx, action["capability"]) == control and action.get("target")
        )
    )
    if not targets:
        return referred
    actions = tuple(replace(a, target=t) for a in referred.actions for t in targets)
    return replace(referred, actions=actions)


def _control(ctx: TurnContext, capability: Any) -> str:
    catalog = ctx.services.catalog
    return catalog.control(capability) if capability in catalog.capabilities else str(capability)


__all__ = ["refer_stage"]
