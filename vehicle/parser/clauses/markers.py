"""What one clause says around its frame: politeness, negation, conditions,
questions, retractions, reported speech, wishes, statements, "my".

Each clause is read for its markers here and handed on without them:
"please don't open the sunroof" is the clause "open the sunroof", negated.
The markers decide what the person *said about* the controls of the clause
(DESIGN section 4, `said`); :mod:`vehicle.parser.clauses.scope` then widens the
ones that reach further than their clause (a condition holds its sentence,
a retraction everything before it, reported speech the rest of its sentence).

The words of each language live in their own module (:mod:`.english`,
:mod:`.chinese`); the clause they return is :class:`.clause.Clause`.
"""

from __future__ import annotations

from .chinese import ELSEWHERE_ZH, ZH_RETRACTION, ZH_WHAT_NOW, keeps_digits, told, zh_clause, zh_strip
from .clause import Clause
from .english import ELSEWHERE_EN, EN_COMPLAINT, EN_RETRACTION, EN_WHY, en_clause, en_strip

#: A place or a thing outside the car, by language: what is said is about it, never the car's.
ELSEWHERE = {"en": ELSEWHERE_EN, "zh": ELSEWHERE_ZH}


def clause(text: str, language: str, asked: bool = False) -> Clause:
    """Read the markers of one clause and return its bare body.

    `asked`: a "?" ends this clause (a hint only: "could you open it?" is a
    request, "后备箱打开？" a question).
    """
    if language == "zh":
        return zh_clause(text, asked)
    return en_clause(text, asked)


__all__ = [
    "Clause",
    "ELSEWHERE",
    "EN_COMPLAINT",
    "EN_RETRACTION",
    "EN_WHY",
    "ZH_RETRACTION",
    "ZH_WHAT_NOW",
    "clause",
    "en_strip",
    "keeps_digits",
    "told",
    "zh_strip",
]
