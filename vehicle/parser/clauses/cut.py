"""Cutting a sentence into pieces where a new command may begin.

A normalised text is cut at every place a new command may begin (English
"and", "then", ",", ";"; Chinese 并, 然后, 同时, "，", "、", ...). The parser
then tries the longest run of pieces first, so "open the driver and
passenger windows" stays one clause while "turn on the AC and open the
sunroof" becomes two. A retraction ("never mind", 算了) is always a piece
of its own. The markers of each clause are read in :mod:`vehicle.parser.clauses.markers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .markers import EN_RETRACTION, ZH_RETRACTION, Clause, clause

# -- cutting -----------------------------------------------------------------

_EN_CUT = re.compile(r"\s*(?:,|;|\band then\b|\bthen\b|\band also\b|\band\b|\bbut\b|\balso\b|\bplus\b|&)\s*")
_ZH_CUT = re.compile(
    r"(?:,|;|(?<=[\u3400-\u9fffa-z])(?<!\bto)(?<!\bnot)(?<!\bdon't)(?<!\bdont)(?<!\bnever)(?<!\bno)\s(?=[\u3400-\u9fff])|并且|然后|同时|而且|还有|以及|并|(?<![暖温柔])和|(?<!完.)(?<!完..)(?<!完...)(?<!完)(?<!别)(?<!不要)再(?=打开|开启|关闭|关上|关掉|把|将|启动|切换)|但是|可是|不过|另外|顺便|(?<=\d[度档%])(?=[^\d,;吗呢吧么了啊呀?刚正挺合太好有真这那对]))"
)
#: "turn on the seat heating not the ventilation": "not" after a complete clause starts its own.
_EN_NOT_CUT = re.compile(
    r"(?<!\bdo)(?<!\bdoes)(?<!\bdid)(?<!\bshould)(?<!\bcould)(?<!\bwould)(?<!\bwill)(?<!\bmust)(?<!\bis)(?<!\bare)"
    r"(?<!\bam)(?<!\bwas)(?<!\bwere)(?<!\bcan)(?<!\bwhy)(?<!\bhave)(?<!\bhas)(?<!')(?<!\bor)(?<!\band)(?<!\bif)"
    r"(?<!\bjust)(?<!\bbut)(?<!\bi)(?<!,)\s+(?=not\b)"
)
#: (never before a mode's name, "cancel car wash mode", unless "no wait" or "i mean" corrects it; nor "no" opening the text ("no defog
#: please") or after "and"/"but" ("open the window and no trunk"): those say what is not wanted,
#: a negation, not a take-back of what came before)
_EN_RETRACT_CUT = re.compile(
    rf"(?:^|(?<=\s))(?!(?<![\s\S])no (?!wait|no\b|sorry))(?<!\band )(?<!\bbut )"
    rf"({EN_RETRACTION}|no(?! (?:more|need|longer|way|problem|thanks|thank)\b))"
    r"(?:(?<=\bwait)|(?<=\bmean)|(?!(?: \S+){1,3} mode\b))(?=\s|$)"
)
_ZH_RETRACT_CUT = re.compile(rf"({ZH_RETRACTION})")
#: "不要开车窗 或者 后备箱": a recogniser's spaces around 或者 do not cut the list it joins (the tailgate opened).
_ZH_OR_SPACED = re.compile(r"\s+(?=或者|或是)|(?<=或者|或是)\s+")
#: "打开后备箱然后当我没说打开空调": 当我没说 is a piece of its own, which holds its sentence (what it takes back
#: may be before it or after it), never a negation of what follows.
_ZH_UNSAY_CUT = re.compile(r"(就?当我没有?说过?(?:吧|啊)?)")
#: "actually don't open the tailgate": with a verb phrase after it, "actually
#: don't" forbids that phrase (and still holds what came before); only alone
#: ("open it, actually don't") is it a bare retraction. Read as a retraction
#: piece followed by its own negated clause, never as a correction.
#: "don't open the tailgate what's the weather": a question word after a
#: negated command starts a clause of its own (the negation must not turn
#: into a question about the tailgate, nor the question be lost).
_EN_NEG_THEN_ASK = re.compile(
    r"(\b(?:don't|dont|do not|never)\s+\w[^,;]*?)\s+(?=(?:what's|whats|what is|what|how's|hows|how is|how|where's"
    r"|where|why|who|when's|when is)\b)"
)
_EN_ACTUALLY_NOT = re.compile(r"\bactually,? (don't|dont|do not)\b(?=\s+\w)")


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of text between two cut points, with the cut before it."""

    text: str
    joint: str
    """The separator that preceded this piece ("" for the first)."""


def pieces(text: str, language: str) -> list[Piece]:
    """Cut `text` at every point a new command may begin (separators kept)."""
    if language == "zh":
        cut = _ZH_CUT
        text = _ZH_UNSAY_CUT.sub(r",\1,", _ZH_RETRACT_CUT.sub(r",\1,", _ZH_OR_SPACED.sub("", text)))
    else:
        cut = _EN_CUT
        text = _EN_ACTUALLY_NOT.sub(r"actually no , \1", text)
        text = _EN_NEG_THEN_ASK.sub(r"\1 , ", text)
        text = _EN_RETRACT_CUT.sub(r" , \1 , ", text)
        text = _EN_NOT_CUT.sub(" , ", text)
    out: list[Piece] = []
    pos = 0
    joint = ""
    for m in cut.finditer(text):
        chunk = text[pos : m.start()]
        if chunk.strip():
            out.append(Piece(chunk.strip(), joint))
            joint = m.group(0)
        else:
            joint = (joint + m.group(0)) if out else ""
        pos = m.end()
    tail = text[pos:]
    if tail.strip():
        out.append(Piece(tail.strip(), joint))
    return out


def join(run: list[Piece], language: str) -> str:
    """The text of consecutive pieces, with their own separators between."""
    if not run:
        return ""
    parts = [run[0].text]
    for piece in run[1:]:
        sep = piece.joint.strip() if language == "zh" else f" {piece.joint.strip()} "
        parts.append(sep + piece.text)
    text = "".join(parts)
    return re.sub(r"\s+", " ", text).strip()


__all__ = ["Clause", "Piece", "clause", "join", "pieces"]
