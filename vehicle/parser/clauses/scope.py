"""Scope: which clause a hold or a negation reaches (DESIGN section 4).

A text is first cut into *chunks* at sentence ends (`;`, `?`, the normalised
form of . ! ; 。！？；) and at quotation marks, so a run of clauses is never
joined across a sentence or a quotation. After every clause is read,
:func:`said_of` decides what the person said about each clause's controls:

* a retraction ("never mind", 算了, a lone "no") holds every clause before it;
* a condition or a time ("if", "when", "in 5 minutes", 如果, …分钟后) holds
  every clause of its sentence, and only of its sentence;
* reported speech ("he said", 他说, "the manual says") holds the rest of its
  sentence, and anything in quotation marks is held;
* a negation covers its own clause, and the clauses right after it in the
  same sentence that name only controls ("don't touch the tailgate, the
  sunroof or the windows");
* then a question, a wish, a statement, or a command.

Held wins over negated, negated over everything else: a scope error may
only ever act on *less* than was asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vehicle.actions import Said

from .markers import Clause

_BOUNDARY = re.compile(r'(;|\?|")')


@dataclass(frozen=True, slots=True)
class Chunk:
    """A stretch of text inside one sentence and one quotation state."""

    text: str
    sentence: int
    quoted: bool
    asked: bool
    """A "?" ends this chunk (a hint for its last clause only)."""


def chunks(text: str) -> list[Chunk]:
    """Cut normalised text at sentence ends and quotation marks."""
    out: list[Chunk] = []
    sentence = 0
    quoted = False
    buf = ""
    for part in _BOUNDARY.split(text):
        if part in (";", "?"):
            if buf.strip(" ,"):
                out.append(Chunk(buf.strip(" ,"), sentence, quoted, part == "?"))
            buf = ""
            sentence += 1
            quoted = False  # a sentence end closes an unbalanced quotation
        elif part == '"':
            if buf.strip(" ,"):
                out.append(Chunk(buf.strip(" ,"), sentence, quoted, False))
            buf = ""
            quoted = not quoted
        else:
            buf += part
    if buf.strip(" ,"):
        out.append(Chunk(buf.strip(" ,"), sentence, quoted, False))
    return out


@dataclass(frozen=True, slots=True)
class Placed:
    """What :func:`said_of` needs to know about one clause."""

    clause: Clause
    sentence: int
    quoted: bool
    borrows: bool
    """The clause names controls but no operation of its own ("the sunroof")."""
    neg_first: bool = False
    """The clause begins with its negation ("not the tailgate"), so it reaches
    forward only; "座椅加热都不要开" puts it after its list, which it covers."""


def said_of(placed: list[Placed]) -> list[Said]:
    """The `said` value for each clause, in order (see the module docstring)."""
    n = len(placed)
    said: list[Said] = ["command"] * n
    held = [False] * n
    last_retraction = max((i for i, p in enumerate(placed) if p.clause.retraction), default=-1)
    for i in range(last_retraction):
        held[i] = True
    conditional = {p.sentence for p in placed if p.clause.conditional}
    reported_from: dict[int, int] = {}
    for i, p in enumerate(placed):
        if p.clause.reported and p.sentence not in reported_from:
            reported_from[p.sentence] = i
    for i, p in enumerate(placed):
        if p.sentence in conditional or p.quoted:
            held[i] = True
        start = reported_from.get(p.sentence)
        if start is not None and i >= start:
            held[i] = True
    negated = [p.clause.negated for p in placed]
    for i in range(1, n):
        p = placed[i]
        # the clause it borrows from: the one before it, or before the take-back that corrects it ("don't
        # open the window, no wait, the sunroof" forbids the sunroof; it opened)
        j = i - 1
        while j > 0 and placed[j].clause.retraction:
            j -= 1
        if (
            not negated[i]
            and p.borrows
            and negated[j]
            and (placed[j].sentence == p.sentence or j < i - 1)
            and not p.clause.retraction
        ):
            negated[i] = True  # a negation over a list covers the list, and its correction
    for i in range(n - 2, -1, -1):
        p = placed[i]
        if (
            not negated[i]
            and p.borrows
            and negated[i + 1]
            and placed[i + 1].sentence == p.sentence
            and not placed[i + 1].clause.retraction
            and not placed[i + 1].neg_first
        ):
            negated[i] = True  # "空调和座椅加热都不要开": a list before its negation
    for i, p in enumerate(placed):
        c = p.clause
        if c.retraction or (held[i] and not c.question):
            said[i] = "held"
        elif c.question:
            said[i] = "question"
        elif negated[i]:
            said[i] = "negated"
        elif c.wish:
            said[i] = "wish"
        elif c.statement:
            said[i] = "statement"
    # "turn on the seat heating and ventilation?": a "?" after the last member of a list asks the list (the
    # members before it, each with the shared verb, acted)
    asked = False
    for i in range(n - 1, -1, -1):
        p = placed[i]
        if (p.clause.hinted or p.clause.question) and p.borrows:
            asked = True
            continue
        if asked and placed[i + 1].sentence == p.sentence and said[i] == "command":
            said[i] = "question"
            asked = p.borrows
        else:
            asked = False
    return said


__all__ = ["Chunk", "Placed", "chunks", "said_of"]
