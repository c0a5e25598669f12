"""REFER: "turn it up" right after a change refers to that change's control
(DESIGN 4a: an action with no control in the text, but one in the session's
last turn within 60 s, refers to that turn's control, as "more" does).

Runs after PARSE, only when the parser asked which control. The last turn
is the one a follow-up would follow (:func:`.followup.last_followed`: the
same window, never past a turn that tried something and moved nothing);
when it applied exactly one control, the utterance is parsed again with
that control as the referent, and the new parse replaces the question only
if it asks nothing and acts. Otherwise the question stands.
"""

from __future__ import annotations

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
    referred = ctx.services.parser.parse(ctx.given.text, seat=ctx.given.seat, refer=controls.pop())
    if referred.clarify is None and referred.actions:
        ctx.parse = referred


def _control(ctx: TurnContext, capability: Any) -> str:
    catalog = ctx.services.catalog
    return catalog.control(capability) if capability in catalog.capabilities else str(capability)


__all__ = ["refer_stage"]
