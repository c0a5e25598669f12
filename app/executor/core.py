"""The one executor behind every path (DESIGN section 5, steps 4-11).

Local-first turns (keyed by the turn), model callbacks (keyed by the request
token), offline plans and console taps all come here. Order, failing closed
at every step: validate each action against the catalog -> bind model
actions to the utterance -> merge by physical control (the parser wins) ->
gates -> once per key, at most 16 physical commands -> record the decision
durably -> encode, send, confirm -> record the outcome -> answer.

The whole run holds the ledger's lock, so two simultaneous calls with one
token are serialised and the second sees ``already_applied``.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from vehicle.actions import Action
from vehicle.catalog import Catalog
from vehicle.gates import GateContext, check_command, expand_mode
from vehicle.plan import ADJUST, control_name, to_commands, validate_action
from vehicle.refusals import Reason, Refusal

from . import wording
from .binding import bind
from .results import Item, Member, overall

log = logging.getLogger("n7web.executor")

MAX_COMMANDS_PER_KEY = 16


@dataclass
class Ledger:
    """What one token (or turn, or tap) has already sent, by (control, member)."""

    consumed: set[tuple[str, str]] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Request:
    ledger: Ledger
    language: str = "en"
    voice: bool = False
    parse: Any = None
    """The parser's result for the bound utterance (None for console taps)."""
    include_parser: bool = True
    model_actions: list[dict[str, Any]] | None = None
    direct: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    """Unbound actions with their source: offline plans (catalog), taps (console)."""
    skip_consumed_parser: bool = False
    """Turn end: parser actions an execute call already covered are not repeated."""
    session_id: str | None = None
    turn_id: str | None = None
    utterance: str | None = None
    handled_by: str = "local"
    on_result: Callable[[dict[str, Any]], None] | None = None
    guard: Callable[[], None] | None = None
    """Called under the ledger lock before planning; raises to abort (token revoked)."""


@dataclass
class Outcome:
    status: str
    message: str
    items: list[Item]

    def to_json(self) -> dict[str, Any]:
        frames = self.status == "dry_run"
        return {"status": self.status, "message": self.message,
                "actions": [i.to_json(with_frames=frames) for i in self.items]}


class Executor:
    def __init__(self, catalog: Catalog, state: Any, link: Any, store: Any,
                 execution_mode: str = "simulation", armed: bool = False) -> None:
        self.catalog = catalog
        self.state = state
        self.link = link
        self.store = store
        self.gates = GateContext(catalog, state, execution_mode, armed)
        self.dry_run = execution_mode == "dry_run"

    # -- public ----------------------------------------------------------------
    def run(self, req: Request) -> Outcome:
        with req.ledger.lock:
            if req.guard is not None:
                req.guard()
            items = self._plan(req)
            self._gate_and_budget(req, items)
            self._send(req, items)
        status = overall(items) if items else "rejected"
        if not items:
            nothing = Refusal(Reason.NOTHING_TO_DO)
            return Outcome("rejected", nothing.message(req.language), [])
        return Outcome(status, " ".join(i.message for i in items), items)

    # -- steps 4-7: validate, bind, expand, merge ---------------------------------
    def _plan(self, req: Request) -> list[Item]:
        parser_items: list[Item] = []
        if req.parse is not None and req.include_parser:
            for a in req.parse.actions:
                parser_items.append(self._item(a.capability, a.target, a.parameters, "parser", bind_to=None))
        model_items = [
            self._item(raw.get("capability"), raw.get("target"), raw.get("parameters") or {}, "model", bind_to=req.parse)
            for raw in (req.model_actions or [])
        ]
        direct_items = [
            self._item(raw.get("capability"), raw.get("target"), raw.get("parameters") or {}, source, bind_to=None)
            for raw, source in req.direct
        ]
        claimed: dict[tuple[str, str], Item] = {}
        out: list[Item] = []
        for item in parser_items + direct_items:
            self._claim(item, claimed, parser_wins=False)
            out.append(item)
        for item in model_items:
            if self._claim(item, claimed, parser_wins=True):
                out.append(item)
        if req.skip_consumed_parser:
            out = [i for i in out if not (i.source == "parser" and i.members and
                                          all(m.control_key in req.ledger.consumed for m in i.members))]
        return out

    def _item(self, capability: Any, target: Any, parameters: Any, source: str, bind_to: Any) -> Item:
        cap = capability if isinstance(capability, str) else str(capability)
        tgt = target if isinstance(target, str) or target is None else str(target)
        params = dict(parameters) if isinstance(parameters, dict) else {}
        item = Item(cap, tgt, params, source)
        checked = validate_action(self.catalog, cap, tgt, params)
        if isinstance(checked, Refusal):
            item.refuse(checked)
            return item
        item.target = checked.target
        if bind_to is not None:
            reason = bind(self.catalog, bind_to, checked, self.state)
            if reason is not None:
                item.refuse(Refusal(reason, control_name(self.catalog, cap, checked.target)))
                return item
        self._expand(item, checked)
        return item

    def _expand(self, item: Item, action: Action) -> None:
        if action.capability == "mode.activate":
            item.is_mode = True
            commands, refusal, verdicts = expand_mode(self.gates, action.target)
            item.members = [Member(c.member, c, (self.catalog.control(c.capability), c.member)) for c in commands]
            for member, (_, step_refusal) in zip(item.members, verdicts):
                if step_refusal is not None:
                    member.refuse(step_refusal)
            if refusal is not None:
                item.refuse(refusal)
            return
        control = self.catalog.control(action.capability)
        members = self.catalog.members(action.capability, action.target)
        for member, resolved in zip(members, to_commands(self.catalog, self.state, action)):
            if isinstance(resolved, Refusal):
                m = Member(member, None, (control, member))
                m.refuse(resolved)
            else:
                m = Member(member, resolved, (control, member))
            item.members.append(m)

    def _claim(self, item: Item, claimed: dict[tuple[str, str], Item], parser_wins: bool) -> bool:
        """Merge by physical control; returns False when the item folds away.

        A model member already held by a parser (or direct) item is dropped and
        that item becomes ``source: both``; a member already held by another
        model item is refused ``conflicting_actions``. No member gets two
        commands.
        """
        if item.status == "rejected" and not item.members:
            return True
        keep: list[Member] = []
        folded = False
        for m in item.members:
            owner = claimed.get(m.control_key) if m.control_key else None
            if owner is None:
                if m.control_key:
                    claimed[m.control_key] = item
                keep.append(m)
            elif parser_wins and owner.source in ("parser", "both"):
                owner.source = "both"
                folded = True
            else:
                m.refuse(Refusal(Reason.CONFLICTING_ACTIONS, control_name(self.catalog, item.capability, m.target)))
                keep.append(m)
        item.members = keep
        return bool(keep) or not folded

    # -- steps 8-9: gates, once per key, budget -----------------------------------
    def _gate_and_budget(self, req: Request, items: list[Item]) -> None:
        for item in items:
            if item.is_mode or item.status == "rejected":
                continue
            for m in item.pending_members():
                refusal = check_command(self.gates, m.command)
                if refusal is not None:
                    m.refuse(refusal)
        for item in items:
            for m in item.members:
                if m.pending and m.command is not None and m.control_key in req.ledger.consumed:
                    m.status = "already_applied"
            if item.is_mode and item.refusal is None and any(m.status == "rejected" for m in item.members):
                item.refuse(next(m.refusal for m in item.members if m.refusal is not None))
        to_send = sum(len(i.pending_members()) for i in items)
        if to_send and len(req.ledger.consumed) + to_send > MAX_COMMANDS_PER_KEY:
            refusal = Refusal(Reason.TOO_MANY_ACTIONS)
            for item in items:
                for m in item.pending_members():
                    m.refuse(refusal)

    # -- steps 10-11: record, send, confirm -------------------------------------
    def _send(self, req: Request, items: list[Item]) -> None:
        planned = [i.to_json() for i in items]
        decision = self.store.record_decision(req.session_id, req.turn_id, req.utterance, req.handled_by, planned)
        try:
            # One batch for the whole call: the link sends every command, then
            # waits for the echoes together (pipelined, not one round trip each).
            pending = [m for item in items for m in item.pending_members()]
            if pending:
                self._transmit(req, pending)
            for item in items:
                self._finish(req, item)
                if req.on_result is not None:
                    req.on_result(item.to_json())
        finally:
            self.store.record_outcome(decision, [i.to_json(with_frames=True) for i in items])

    def _transmit(self, req: Request, pending: list[Member]) -> None:
        if self.dry_run:
            for m in pending:
                m.frames = [f.to_json() for f in self.link.encode(m.command)]
                m.status = "dry_run"
            return
        try:
            outcomes = self.link.execute([m.command for m in pending])
        except Exception:  # the link's own errors are typed; anything else fails closed
            log.exception("send failed")
            outcomes = None
        for i, m in enumerate(pending):
            out = outcomes[i] if outcomes is not None and i < len(outcomes) else None
            if out is None:
                m.status = "failed"
                m.refusal = Refusal(Reason.SEND_FAILED, control_name(self.catalog, m.command.capability, m.target))
            else:
                m.status = out.status
                m.frames = [f.to_json() for f in out.frames]
                if out.status == "failed":
                    m.refusal = Refusal(Reason.SEND_FAILED, control_name(self.catalog, m.command.capability, m.target))
            req.ledger.consumed.add(m.control_key)

    def _finish(self, req: Request, item: Item) -> None:
        item.status = item.aggregate()
        lang, cat = req.language, self.catalog
        if item.status == "applied":
            text = wording.success(cat, item.capability, item.target, item.parameters, lang, req.voice)
        elif item.status in ("rejected", "failed"):
            refusal = item.first_refusal()
            text = refusal.message(lang) if refusal else wording.status_sentence("failed", cat, item.capability, item.target, lang)
        else:
            text = wording.status_sentence(item.status, cat, item.capability, item.target, lang)
        item.message = wording.speakable(text, lang) if req.voice else text


__all__ = ["ADJUST", "Executor", "Ledger", "Outcome", "Request"]
