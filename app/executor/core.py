"""The one executor behind every path: I/O around :func:`vehicle.safety.decide`.

Local-first turns (keyed by the turn), model callbacks (keyed by the request
token), offline plans, follow-ups and console taps all come here. The
decision (DESIGN section 5 steps 5-9) is the pure ``decide()``; this module
does steps 10-11 around it, in order: record the decision durably -> check
the gates again on the live state (the record may have taken seconds; a
change refuses the action and the outcome record says so) -> encode each
action (a problem refuses that action alone, nothing of it consumed) ->
send and wait for the echoes -> record the outcome -> word the answer.

The whole run holds the ledger's lock, so two simultaneous calls with one
token are serialised and the second sees ``already_applied``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vehicle.can.errors import CodecError
from vehicle.can.link import CommandOutcome
from vehicle.catalog import Catalog
from vehicle.gates import GateContext
from vehicle.parser import ParseResult
from vehicle.plan import control_name
from vehicle.refusals import Reason, Refusal
from vehicle.safety import (
    MAX_COMMANDS,
    ActionDecision,
    ActionStatus,
    DecisionRequest,
    Key,
    MemberDecision,
    StateSnapshot,
    decide,
    overall_status,
    recheck,
    statuses_of,
)
from vehicle.state import VehicleState
from vehicle.wording import join_list, join_sentences

from . import wording
from .ports import AuditStore, BusLink

log = logging.getLogger("n7web.executor")

MAX_COMMANDS_PER_KEY = MAX_COMMANDS
_RAN = (ActionStatus.APPLIED, ActionStatus.UNCONFIRMED, ActionStatus.DRY_RUN)
_REFUSED = (ActionStatus.REJECTED, ActionStatus.FAILED)


@dataclass
class Ledger:
    """What one token (or turn, or tap) has done, by (physical control, member)."""

    consumed: set[Key] = field(default_factory=set)
    """Members that reached the bus (applied, unconfirmed, failed): once per key."""
    decided: set[Key] = field(default_factory=set)
    """Members any call of this key decided, sent or refused: never retried as a leftover."""
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class Request:
    ledger: Ledger
    language: str = "en"
    voice: bool = False
    parse: ParseResult | None = None
    """The parser's result for the bound utterance (None for console taps)."""
    seat: str | None = None
    """The speaker's seat (DESIGN section 3a); None: unknown. Taps carry none."""
    include_parser: bool = True
    model_actions: list[dict[str, Any]] | None = None
    direct: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    """Unbound actions with their source: offline plans (catalog), taps (console)."""
    skip_consumed_parser: bool = False
    """Turn end: parser actions that any call of this key already decided
    (sent *or* refused) are not decided again."""
    session_id: str | None = None
    turn_id: str | None = None
    utterance: str | None = None
    handled_by: str = "local"
    on_result: Callable[[dict[str, Any]], None] | None = None
    guard: Callable[[], None] | None = None
    """Called under the ledger lock before deciding; raises to abort (token revoked)."""
    confirmed: bool = False
    """The direct actions answer a question the service asked (DESIGN section 4a)."""
    confirmation: dict[str, Any] | None = None
    """That question and its answer, kept in the audit beside each action with ``confirmed: true``."""


@dataclass
class Outcome:
    status: ActionStatus
    message: str
    items: list[ActionDecision]

    def to_json(self) -> dict[str, Any]:
        frames = self.status == ActionStatus.DRY_RUN
        return {
            "status": self.status.value,
            "message": self.message,
            "actions": [i.to_json(with_frames=frames) for i in self.items],
        }


class Executor:
    def __init__(
        self,
        catalog: Catalog,
        state: VehicleState,
        link: BusLink,
        store: AuditStore,
        execution_mode: str = "simulation",
        armed: bool = False,
    ) -> None:
        self.catalog = catalog
        self.state = state
        self.link = link
        self.store = store
        self.execution_mode = execution_mode
        self.armed = armed
        self.gates = GateContext(catalog, state, execution_mode, armed)
        self.dry_run = execution_mode == "dry_run"

    # -- public ----------------------------------------------------------------
    def run(self, req: Request) -> Outcome:
        with req.ledger.lock:
            if req.guard is not None:
                req.guard()
            shown = StateSnapshot.of(self.state)
            decision = decide(
                self.catalog, req.parse, req.seat, shown, frozenset(req.ledger.consumed), self._decision_request(req)
            )
            req.ledger.decided |= decision.decided_keys()
            items = list(decision.actions)
            self._send(req, items, shown)
        if not items:
            nothing = Refusal(Reason.NOTHING_TO_DO)
            return Outcome(ActionStatus.REJECTED, nothing.message(req.language), [])
        return Outcome(overall_status([statuses_of(i) for i in items]), " ".join(i.message for i in items), items)

    def _decision_request(self, req: Request) -> DecisionRequest:
        return DecisionRequest(
            model_actions=tuple(req.model_actions or ()),
            direct=tuple(req.direct),
            include_parser=req.include_parser,
            skip_parser_keys=frozenset(req.ledger.decided) if req.skip_consumed_parser else frozenset(),
            execution_mode=self.execution_mode,
            armed=self.armed,
            confirmed=req.confirmed,
        )

    # -- step 10: record, re-gate, encode, send, confirm -------------------------
    def _send(self, req: Request, items: list[ActionDecision], shown: StateSnapshot | None = None) -> None:
        planned = _audited(req, [i.to_json() for i in items])
        record = self.store.record_decision(req.session_id, req.turn_id, req.utterance, req.handled_by, planned)
        try:
            self._regate(req, items)
            if self.dry_run:
                self._show_frames(items)
            else:
                self._transmit(req, items)
            for item in items:
                self._finish(req, item, shown)
                if req.on_result is not None:
                    req.on_result(item.to_json())
        finally:
            self.store.record_outcome(record, _audited(req, [i.to_json(with_frames=True) for i in items]))

    def _regate(self, req: Request, items: list[ActionDecision]) -> None:
        """The gates again, on the live state, just before anything is encoded."""
        for item in items:
            pending = item.pending_members()
            if not pending:
                continue
            refused = recheck(self.gates, req.seat, item, pending)
            for member, refusal in refused:
                member.refuse(refusal)
                member.at_send = True
            if refused:
                log.info("refused at send time: %s (%s)", item.capability, refused[0][1].reason.value)
            if item.is_mode and refused:
                item.refuse(refused[0][1])

    def _encode(self, items: list[ActionDecision]) -> dict[int, list[dict[str, str]]]:
        """Encode every pending command alone (the frames a dry run shows); an
        action that cannot be encoded is refused alone."""
        frames: dict[int, list[dict[str, str]]] = {}
        for item in items:
            encoded: dict[int, list[dict[str, str]]] = {}
            try:
                for m in item.pending_members():
                    if m.command is not None:
                        encoded[id(m)] = [f.to_json() for f in self.link.encode(m.command)]
            except Exception as exc:  # the codec's errors are typed; anything else fails closed too
                log.warning("action not encodable: %s: %s", item.capability, type(exc).__name__)
                refusal = Refusal(
                    Reason.INVALID_PARAMETER,
                    control_name(self.catalog, item.capability, item.target),
                    {"problem": "the value cannot be encoded for the car"},
                )
                for m in item.pending_members():
                    m.refuse(refusal)
                if item.is_mode:
                    item.refuse(refusal)
                continue
            frames.update(encoded)
        return frames

    def _show_frames(self, items: list[ActionDecision]) -> None:
        """Dry run: the frames each pending command would be, nothing sent."""
        frames = self._encode(items)
        for m in (m for item in items for m in item.pending_members()):
            m.frames = frames.get(id(m), [])
            m.status = ActionStatus.DRY_RUN

    def _transmit(self, req: Request, items: list[ActionDecision], retry: bool = True) -> None:
        """Send every pending command in one batch and take the outcomes.

        The link encodes the whole batch before its first frame leaves, so a
        command that cannot be encoded raises before anything is sent: then
        each action is encoded alone, the ones that cannot be are refused
        (that action alone, nothing of it consumed) and the rest go. The
        happy path encodes each command once.
        """
        pending = [(m, m.command) for item in items for m in item.pending_members() if m.command is not None]
        if not pending:
            return
        outcomes: list[CommandOutcome] | None
        try:
            outcomes = self.link.execute([command for _, command in pending])
        except CodecError as exc:
            if retry:
                self._encode(items)
                self._transmit(req, items, retry=False)
                return
            log.warning("batch not encodable though each action was: %s", type(exc).__name__)
            outcomes = None  # nothing was sent: failed, fail closed
        except Exception:  # the link's own errors are typed; anything else fails closed
            log.exception("send failed")
            outcomes = None
        for i, (m, command) in enumerate(pending):
            out = outcomes[i] if outcomes is not None and i < len(outcomes) else None
            what = control_name(self.catalog, command.capability, m.target)
            if out is None:
                m.status, m.refusal = ActionStatus.FAILED, Refusal(Reason.SEND_FAILED, what)
            else:
                m.status = ActionStatus(out.status)
                m.frames = [f.to_json() for f in out.frames]
                if m.status == ActionStatus.FAILED:
                    m.refusal = Refusal(Reason.SEND_FAILED, what)
            if m.key is not None:
                req.ledger.consumed.add(m.key)

    # -- step 11: the words --------------------------------------------------------
    def _before(self, item: ActionDecision, members: list[MemberDecision], shown: StateSnapshot | None) -> list[Any]:
        """Each member's value of the item's parameter as confirmed when it was decided (None: unknown)."""
        if shown is None or len(item.parameters) != 1 or item.capability not in self.catalog.capabilities:
            return []
        name = next(iter(item.parameters))
        control = self.catalog.control(item.capability)
        return [(shown.control(control, m.target) or {}).get(name) for m in members]

    def _finish(self, req: Request, item: ActionDecision, shown: StateSnapshot | None = None) -> None:
        item.status = item.aggregate()
        lang, cat = req.language, self.catalog
        mixed = self._mixed_sentence(req, item, shown)
        if mixed is not None:
            text = mixed
        elif item.status == ActionStatus.APPLIED:
            sent = [v for m in item.members if m.command is not None for v in m.command.parameters.values()]
            text = wording.success(
                cat,
                item.capability,
                item.target,
                item.parameters,
                lang,
                req.voice,
                sent,
                self._before(item, item.members, shown),
            )
        elif item.status in (ActionStatus.REJECTED, ActionStatus.FAILED):
            refusal = item.first_refusal()
            text = (
                refusal.message(lang)
                if refusal
                else wording.status_sentence(ActionStatus.FAILED, cat, item.capability, item.target, lang)
            )
        else:
            text = wording.status_sentence(item.status, cat, item.capability, item.target, lang)
        item.message = wording.speakable(text, lang) if req.voice else text

    def _mixed_sentence(self, req: Request, item: ActionDecision, shown: StateSnapshot | None = None) -> str | None:
        """A group some of whose members ran and some were refused says both,
        naming the members ("Rear right window closed. Driver window, passenger
        window and rear left window can't be operated from the rear-right
        seat."): the person hears exactly what moved and what did not."""
        if item.is_mode or item.refusal is not None or len(item.members) < 2:
            return None
        ran = [(m, m.status) for m in item.members if m.status is not None and m.status in _RAN]
        refused = [(m, m.refusal) for m in item.members if m.status in _REFUSED and m.refusal is not None]
        if not ran or not refused:
            return None
        lang, cat = req.language, self.catalog
        parts: list[str] = []
        for m, status in ran:
            if status == ActionStatus.APPLIED and m.command is not None:
                sent = list(m.command.parameters.values())
                parts.append(
                    wording.success(
                        cat,
                        item.capability,
                        m.target,
                        item.parameters,
                        lang,
                        req.voice,
                        sent,
                        self._before(item, [m], shown),
                    )
                )
            else:
                parts.append(wording.status_sentence(status, cat, item.capability, m.target, lang))
        by_reason: dict[tuple[str, str], list[tuple[MemberDecision, Refusal]]] = {}
        for m, refusal in refused:
            by_reason.setdefault((refusal.reason.value, repr(sorted(refusal.detail.items()))), []).append((m, refusal))
        for group in by_reason.values():
            names = [control_name(cat, item.capability, m.target) for m, _ in group]
            what = (join_list([n[0] for n in names], "en"), join_list([n[1] for n in names], "zh"))
            parts.append(group[0][1].naming(what).message(lang))
        return join_sentences(parts, lang)


def _audited(req: Request, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An answered question's actions as the audit keeps them: ``confirmed: true``, the question, the answer."""
    if req.confirmation is None:
        return actions
    return [{**a, "confirmed": True, **req.confirmation} for a in actions]


__all__ = ["Executor", "Ledger", "Outcome", "Request"]
