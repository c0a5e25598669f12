"""The deterministic parser of DESIGN section 4.

One utterance, step by step (all pure; nothing here does I/O):

1. normalise (NFKC, lower case, numbers lifted out);
2. cut into pieces where a new command may begin, and read the longest
   run of pieces a template matches (the whole sentence first): "open the
   driver and passenger windows" is one clause, "turn on the AC and open
   the sunroof" two, "twenty-one and a half" a number;
3. per clause: politeness, negation, conditions and questions; the frame
   its template says, completed from the previous clause where it says less
   ("driver to 21 and passenger to 23");
4. resolve each frame against the catalog; spot the controls and needs of
   clauses no template reads;
5. collapse repeats; two different values for one physical control give
   neither; a negated control is never an action;
6. `complete` only when all of the text became actions or negated entries.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from vehicle.actions import Action, Mention
from vehicle.catalog import Catalog, default_catalog_dir

from .clauses import Clause, Piece, clause, join, pieces
from .frame import Frame
from .matcher import match
from .normalize import Normalized, normalize
from .resolve import ADJUST_TEMPERATURE, SET_TEMPERATURE, Resolver

_TEMPERATURE_DEVICES = (SET_TEMPERATURE, ADJUST_TEMPERATURE)
from .result import ParseResult
from .spotter import Spotter
from .templates import Grammar, Templates, load_templates

#: Longest run of pieces tried as one clause ("rear left, rear right and
#: passenger windows" is four pieces).
MAX_RUN = 5
#: Longer texts are not commands (and would only cost time): mentions, no actions.
MAX_CHARS = 1000
_WARM_UP = {
    "en": ("turn on the ac", "set the driver side to 21 degrees", "open the rear windows halfway", "i'm cold"),
    "zh": ("打开空调", "主驾温度调到二十一度", "把车窗打开一半", "好冷"),
}


@dataclass
class _Reading:
    """What the clauses of one utterance have said so far (one parse only)."""

    actions: list[Action] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    negated: list[Mention] = field(default_factory=list)
    needs: list[str] = field(default_factory=list)
    unresolved: bool = False
    question: bool = False
    conflict: bool = False
    previous: Frame | None = None
    pending_condition: bool = False
    previous_held: bool = False
    last_actions: list[Action] = field(default_factory=list)
    """Actions of the clause just read (a condition after it holds them)."""


class Parser:
    """Reads an utterance into actions, needs, mentions and negations.

    Built once (templates loaded, every reference validated, both languages
    warmed); :meth:`parse` is then pure and safe to call from any thread.
    """

    def __init__(self, catalog: Catalog, templates_dir: str | Path | None = None) -> None:
        self._catalog = catalog
        directory = templates_dir if templates_dir is not None else default_catalog_dir()
        self._templates: Templates = load_templates(directory, catalog)
        self._resolver = Resolver(catalog, self._templates)
        self._spotters = {
            lang: Spotter(grammar, self._resolver) for lang, grammar in self._templates.grammars.items()
        }
        for texts in _WARM_UP.values():
            for text in texts:
                self.parse(text)

    @property
    def templates(self) -> Templates:
        return self._templates

    def parse(self, text: str) -> ParseResult:
        """Parse one utterance."""
        norm = normalize(text[: MAX_CHARS + 1])
        grammar = self._templates.grammars[norm.language]
        spotter = self._spotters[norm.language]
        if len(text) > MAX_CHARS:
            # No one speaks this much to a car: mention what it names, act on nothing.
            return ParseResult(language=norm.language, mentions=spotter.mentions(norm.text))
        reading = _Reading()
        parts = pieces(norm.text, norm.language)
        alone = [clause(p.text, norm.language, norm.asked) for p in parts]
        i = 0
        while i < len(parts):
            j, cl, frame = self._longest(parts, alone, i, norm, grammar)
            self._read(reading, cl, frame, spotter)
            i = j + 1
        return self._finish(reading, norm.language)

    # -- clauses ---------------------------------------------------------------

    def _longest(
        self, parts: list[Piece], alone: list[Clause], i: int, norm: Normalized, grammar: Grammar
    ) -> tuple[int, Clause, Frame | None]:
        """The longest run of pieces from `i` one template reads (else piece i alone)."""
        last = min(len(parts), i + MAX_RUN) - 1
        for k in range(i + 1, last + 1):
            marked = alone[k]
            if marked.negated or marked.conditional or marked.question or marked.empty:
                last = k - 1
                break
        for j in range(last, i, -1):
            cl = clause(join(parts[i : j + 1], norm.language), norm.language, norm.asked)
            if cl.question or not cl.body or not grammar.router.may_be_one_clause(cl.body):
                continue  # more numbers or controls than any template reads
            frame = match(grammar, cl.body, norm.numbers)
            if frame is not None:
                return j, cl, frame
        cl = alone[i]
        frame = match(grammar, cl.body, norm.numbers) if cl.body and not cl.question else None
        return i, cl, frame

    def _read(self, reading: _Reading, cl: Clause, frame: Frame | None, spotter: Spotter) -> None:
        if cl.empty:
            return
        if cl.question:
            reading.question = True
            _add(reading.mentions, spotter.mentions(cl.text))
            if cl.hinted and not (cl.negated or cl.conditional):
                _add(reading.needs, spotter.needs(cl.text))
            return
        held = cl.negated or cl.conditional or reading.pending_condition
        needs = () if (cl.negated or cl.conditional) else spotter.needs(cl.text)
        _add(reading.needs, needs)
        if frame is not None:
            borrows = frame.device is None or frame.op == "keep"
            if borrows and reading.previous is not None and reading.previous_held:
                held = True  # "don't open the windows, the sunroof": what it borrows is forbidden too
            frame = self._complete_frame(frame, reading.previous)
            reading.previous = frame
            reading.previous_held = held
            reading.pending_condition = False
            result = self._resolver.resolve(frame)
            _add(reading.mentions, result.mentions)
            reading.last_actions = []
            if held:
                _add(reading.negated, result.mentions)
            else:
                reading.actions.extend(result.actions)
                reading.last_actions = list(result.actions)
                reading.unresolved |= not result.resolved
            return
        spotted = spotter.mentions(cl.text)
        _add(reading.mentions, spotted)
        if cl.conditional:
            # A condition no template read ("if it gets cold", "when we get
            # home"): it may govern the clause before it or the one after it,
            # so both are held (the service can neither wait nor evaluate).
            _add(reading.negated, spotted)
            self._hold_last(reading)
            reading.pending_condition = True
            return
        reading.last_actions = []
        if held and spotted:
            _add(reading.negated, spotted)
            reading.pending_condition = False
            return
        reading.pending_condition = False
        if not needs:
            reading.unresolved = True

    def _hold_last(self, reading: _Reading) -> None:
        """Move the previous clause's actions to `negated` (they fell under a condition)."""
        for action in reading.last_actions:
            if action in reading.actions:
                reading.actions.remove(action)
            _add(reading.negated, [m for m in reading.mentions if m.capability == action.capability
                                   and (m.target is None or m.target == action.target)][:1]
                 or [Mention(action.capability, action.target)])
        reading.last_actions = []

    def _complete_frame(self, frame: Frame, previous: Frame | None) -> Frame:
        """Borrow from the previous clause; a lone "<targets> to N" is a temperature.

        "degrees" names the temperature even after another control: in "open
        the driver window and set the passenger side to 23 degrees" the second
        clause must not borrow the window.
        """
        if (
            frame.device is None
            and frame.unit == "degrees"
            and frame.op == "set"
            and frame.number is not None
            and previous is not None
            and previous.device not in _TEMPERATURE_DEVICES
        ):
            frame = replace(frame, device=SET_TEMPERATURE)
        if frame.device is None or frame.op == "keep":
            frame = frame.borrow(previous)
        if (
            frame.device is None
            and previous is None
            and frame.op == "set"
            and frame.number is not None
            and frame.unit in (None, "degrees")
        ):
            frame = replace(frame, device=SET_TEMPERATURE)
        return frame

    # -- the whole utterance ---------------------------------------------------

    def _finish(self, reading: _Reading, language: str) -> ParseResult:
        actions = self._without_negated(reading)
        actions = self._collapse(actions, reading)
        complete = (
            bool(actions)
            and not reading.needs
            and not reading.unresolved
            and not reading.question
            and not reading.conflict
        )
        return ParseResult(
            language=language,
            actions=tuple(actions),
            needs=tuple(reading.needs),
            mentions=tuple(reading.mentions),
            negated=tuple(reading.negated),
            complete=complete,
        )

    def _members(self, action_or_mention) -> frozenset[str]:
        cap, target = action_or_mention.capability, action_or_mention.target
        if target is None:
            return frozenset(self._catalog.target_type(cap).members)
        try:
            return frozenset(self._catalog.members(cap, target))
        except KeyError:
            return frozenset({target})

    def _overlap(self, a, b) -> bool:
        return self._catalog.control(a.capability) == self._catalog.control(b.capability) and bool(
            self._members(a) & self._members(b)
        )

    def _without_negated(self, reading: _Reading) -> list[Action]:
        kept = []
        for action in reading.actions:
            if any(self._overlap(action, m) for m in reading.negated):
                reading.conflict = True  # said and forbidden: leave it to the model
                continue
            kept.append(action)
        return kept

    def _collapse(self, actions: list[Action], reading: _Reading) -> list[Action]:
        """Identical repeats collapse; different values for one control cancel."""
        out: list[Action] = []
        dropped: set[int] = set()
        for action in actions:
            if any(action.key() == kept.key() for kept in out):
                continue
            merged = False
            for n, kept in enumerate(out):
                if not self._overlap(action, kept):
                    continue
                if kept.capability == action.capability and kept.target == action.target and not (
                    set(kept.parameters) & set(action.parameters)
                ):
                    out[n] = Action(kept.capability, kept.target, {**kept.parameters, **action.parameters})
                    merged = True
                    break
                if kept.parameters != action.parameters or kept.capability != action.capability:
                    dropped.add(n)
                    dropped.add(len(out))
                    reading.conflict = True
            if not merged:
                out.append(action)
        return [a for n, a in enumerate(out) if n not in dropped]


def _add(into: list, items) -> None:
    for item in items:
        if item not in into:
            into.append(item)


__all__ = ["MAX_CHARS", "MAX_RUN", "Parser"]
