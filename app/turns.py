"""One utterance, start to end (DESIGN section 2).

Local first: a ``complete`` parse runs at once through the executor. Anything
else goes to the assistant when it is up; without it (or when a model turn
fails before any execute call) the offline path answers: resolved parser
actions run, comfort needs run the catalog's offline plan, and the rest gets
an honest "assistant offline" sentence. The reply is built from the real
results, in the utterance's language, speakable for voice.
"""
from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any, Callable

import anyio

from .executor import Ledger, Request
from .executor.results import Item
from .executor.wording import speakable
from .runtime import ActiveTurn, Runtime

log = logging.getLogger("n7web.turns")

Emit = Callable[[str, dict[str, Any]], None]

OFFLINE = {
    "en": "The assistant is offline right now; I can still control the cabin.",
    "zh": "助手暂时离线；我仍然可以控制车内设备。",
}
NEED_INTRO = {
    "en": "Running the {need} comfort plan.",
    "zh": "正在执行“{need}”舒适方案。",
}


class TurnInProgress(Exception):
    pass


def new_turn_id() -> str:
    return "t_" + uuid.uuid4().hex


def reply_status(actions: list[dict[str, Any]]) -> str:
    if not actions:
        return "no_action"
    counted = [a for a in actions if a["status"] != "already_applied"]
    if not counted or all(a["status"] in ("applied", "dry_run") for a in counted):
        return "applied"
    sent = any(m["status"] in ("applied", "unconfirmed") for a in counted for m in a["members"])
    if any(a["status"] == "applied" for a in counted) or sent:
        return "partially_applied"
    return "rejected"


async def run_executor(rt: Runtime, req: Request) -> list[dict[str, Any]]:
    """The executor blocks on confirmations: run it in a worker thread."""
    outcome = await anyio.to_thread.run_sync(rt.executor.run, req)
    return [i.to_json() for i in outcome.items]


class TurnRunner:
    """Runs turns for the message route; one turn per session at a time."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt

    def begin(self, session_id: str) -> ActiveTurn:
        if session_id in self.rt.active:
            raise TurnInProgress(session_id)
        turn = ActiveTurn(new_turn_id(), session_id)
        self.rt.active[session_id] = turn
        return turn

    async def run(self, turn: ActiveTurn, text: str, source: str, client_message_id: str | None, emit: Emit) -> dict[str, Any]:
        rt = self.rt
        try:
            rt.store.start_turn(turn.session_id, turn.turn_id, client_message_id, source, text)
            emit("turn.started", {"session_id": turn.session_id, "turn_id": turn.turn_id})
            parse = rt.parser.parse(text)
            voice = source == "voice"
            language = parse.language
            on_result = _threadsafe(emit, "action.result")
            assistant_error = None
            handled_by = "local"
            if parse.complete:
                actions = await run_executor(rt, self._request(turn, parse, text, voice, on_result))
                reply_text = _join(actions)
            else:
                reply = None
                if rt.assistant is not None and rt.assistant.status().get("mode") == "codex":
                    from .model_turn import run_model_turn

                    reply = await run_model_turn(rt, turn, parse, text, voice, emit, on_result)
                assistant_error = reply.get("assistant_error") if reply else None
                if reply is not None and reply.get("handled_by") == "codex":
                    handled_by = "codex"
                    actions, reply_text = reply["actions"], reply["reply_text"]
                else:
                    actions, reply_text = await self._offline(turn, parse, text, voice, on_result)
            if voice:
                reply_text = speakable(reply_text, language)
            if handled_by == "local":
                emit("assistant.delta", {"text": reply_text})
            result = {
                "session_id": turn.session_id, "turn_id": turn.turn_id, "client_message_id": client_message_id,
                "language": language, "handled_by": handled_by, "status": reply_status(actions),
                "reply_text": reply_text, "actions": actions, "assistant_error": assistant_error,
            }
            rt.store.finish_turn(turn.turn_id, result)
            emit("turn.completed", result)
            return result
        finally:
            rt.tokens.end_turn(turn.turn_id)
            rt.drop_ledger(turn.turn_id)
            if rt.active.get(turn.session_id) is turn:
                del rt.active[turn.session_id]

    def _request(self, turn: ActiveTurn, parse: Any, text: str, voice: bool, on_result: Any, **kw: Any) -> Request:
        return Request(ledger=Ledger(), language=parse.language, voice=voice, parse=parse,
                       session_id=turn.session_id, turn_id=turn.turn_id, utterance=text,
                       handled_by="local", on_result=on_result, **kw)

    async def _offline(self, turn: ActiveTurn, parse: Any, text: str, voice: bool, on_result: Any) -> tuple[list[dict[str, Any]], str]:
        """No model: resolved actions run, needs run their offline plan, the rest is said honestly."""
        rt, lang = self.rt, parse.language
        direct = [(step.model_dump(), "catalog") for need in parse.needs
                  for step in rt.catalog.needs[need].offline_plan] if parse.needs else []
        actions: list[dict[str, Any]] = []
        if parse.actions or direct:
            actions = await run_executor(rt, self._request(turn, parse, text, voice, on_result, direct=direct))
        parts = [NEED_INTRO[lang].format(need=rt.catalog.needs[n].label.get(lang)) for n in parse.needs]
        if actions:
            parts.append(_join(actions))
        if not parse.needs:  # an incomplete parse: say what the model would have answered
            parts.append(OFFLINE[lang])
        text_out = " ".join(parts)
        return actions, text_out


def _join(actions: list[dict[str, Any]]) -> str:
    return " ".join(a["message"] for a in actions if a.get("message"))


def _threadsafe(emit: Emit, event: str) -> Callable[[dict[str, Any]], None]:
    loop = asyncio.get_running_loop()

    def send(data: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(emit, event, data)

    return send
