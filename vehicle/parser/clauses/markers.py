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

import re
from dataclasses import replace
from typing import Any

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
        cl = zh_clause(text, asked)
        latin = " ".join(_LATIN.findall(text))
        if not _LETTER.search(latin):
            return cl
        # English said in Chinese text ("once we park, 打开后备箱", "打开空调 when we get home", "打开后备箱，
        # actually dont"): what it says of the clause counts as if said in Chinese
        en = en_clause(latin, asked)
        # (a take-back only where the whole clause is English, or English said after the Chinese command:
        # "打开车窗 not now"; "don't touch" said of 车窗 is no bare take-back)
        holding = _HOLDING if _CJK.search(text) is None or _EN_AFTER_ZH.fullmatch(text) else _HOLDING[:-1]
        said: dict[str, Any] = {f: True for f in holding if getattr(en, f) and not getattr(cl, f)}
        # "no need to 打开全部的车窗": English that takes back, said first, forbids what follows
        if en.retraction and _CJK.search(text) and text.lstrip().startswith(latin.split()[0]) and not cl.negated:
            said["negated"] = True
        return replace(cl, **said) if said else cl
    return en_clause(text, asked)


#: Runs of English words (with the apostrophe of "don't", and numbers: "in 5 minutes").
_LATIN = re.compile(r"[a-z0-9][a-z0-9']*(?:\s+[a-z0-9][a-z0-9']*)*")
_LETTER = re.compile(r"[a-z]")
#: What English words hold or ask about a Chinese clause.
_HOLDING = ("conditional", "reported", "hedged", "negated", "retraction")
_CJK = re.compile(r"[\u3400-\u9fff]")
#: A Chinese command with English said after it, and none before it.
_EN_AFTER_ZH = re.compile(r"[\s,，]*[\u3400-\u9fff][^a-z]*[a-z][a-z0-9' ,，]*")


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
