"""A piece of the normalised text found again in what the person said.

`unplaced` holds pieces as said (DESIGN 4): "switch on the headlights", not
the parser's "switch on headlights"; 调到记忆座椅二, not 调到记忆座椅2; 打開車燈
in the characters it was written in. Normalisation drops "the", lifts numbers
out as placeholders and reads Traditional as Simplified, so a piece is found
again by its words in order, with what normalisation changes allowed between
and in place of them. When it cannot be found, the normalised piece is kept.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .names import CLOCK, NAME
from .normalize import to_simplified

_EN_NUMBER_WORDS = (
    "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    "|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand"
    "|and|a|half|point|oh"
)
_EN_NUMBER = rf"(?:\d[\d.,]*|(?:{_EN_NUMBER_WORDS})(?:[\s-]+(?:{_EN_NUMBER_WORDS}))*)"
_ZH_NUMBER = r"[\d零〇一二两三四五六七八九十百千万点.]+"
#: What a normalised word may have been said as.
_EN_WORDS = {
    "percent": r"(?:percent|per cent|%)",
    "degrees": r"(?:degrees?|deg|°\s*c?|℃)",
    "ac": r"(?:ac|a\s*/\s*c|a\.c\.?)",
    NAME: r"\S+",
    CLOCK: r"[\d:]+\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)?",
}
_EN_BETWEEN = r"(?:\W|\bthe\b|\bmy\b)*?"  # (the "my" of someone else's, "my wife's", is read away)
_EN_TO_CLAUSE_END = r".+?(?=\s*(?:$|[,;.!?\"]|\s(?:and|then|but)\b))"


def said_as(piece: str, text: str, language: str) -> str:
    """`piece` (normalised, numbers as digits again) as it stands in `text`, the caller's words."""
    shown, searched = _forms(text, language)
    pattern = _pattern(piece, language)
    found = re.search(pattern, searched) if pattern else None
    return shown[found.start() : found.end()].strip(" ,，") if found else piece


@lru_cache(maxsize=8)
def _forms(text: str, language: str) -> tuple[str, str]:
    """`text` as shown (NFKC) and as searched (lower case, Simplified), read once per utterance
    however many of its pieces are unplaced."""
    shown = unicodedata.normalize("NFKC", text)
    searched = shown.lower()
    if language == "zh":
        searched = to_simplified(searched)
    if len(searched) != len(shown):
        shown = searched  # a case or script change moved the offsets: show the searched form
    return shown, searched


def _pattern(piece: str, language: str) -> str | None:
    if language == "en":
        words = piece.split()
        parts = [_EN_NUMBER if w.replace(".", "", 1).isdigit() else _EN_WORDS.get(w, re.escape(w)) for w in words]
        if words and words[-1] == NAME:  # "behind me", a name: what it stood for runs to the clause's end
            parts[-1] = _EN_TO_CLAUSE_END
        return r"(?<!\w)" + _EN_BETWEEN.join(parts) + r"(?!\w)" if parts else None
    parts = [m.group(0) for m in re.finditer(r"\d+(?:\.\d+)?|\s+|.", piece)]
    out = [
        _ZH_NUMBER if p[0].isdigit() else r"\s*" if p.isspace() else r"\S+?" if p in (NAME, CLOCK) else re.escape(p)
        for p in parts
    ]
    if out and parts[-1] == NAME:  # 打开后视镜加热: what the name stood for runs to the clause's end
        out[-1] = r"[^\s,，;；。!?！？]+"
    return r"\s*".join(out) if out else None


__all__ = ["said_as"]
