"""The voice form of an utterance: the text as a speech recogniser sends it
(DESIGN section 4: "Every row of the project's utterance table parses the
same with its punctuation removed and in lower case"). Shared by the table
tests; nothing here imports the parser.
"""

from __future__ import annotations

import re
import unicodedata

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]")

#: Kept although Unicode calls them punctuation: they carry meaning in a
#: recogniser's text too ("30%", "A/C").
_KEPT = frozenset("%/&#@*")


def _is_cjk(ch: str) -> bool:
    return bool(_CJK.match(ch))


def asr_form(text: str) -> str:
    """The text as a speech recogniser sends it (DESIGN section 4): punctuation
    removed and lower case. A decimal point between digits, an apostrophe or a
    hyphen inside a word stay ("22.5", "driver's", "twenty-one"); removed
    punctuation between two Chinese characters leaves nothing ("打开天窗，别开车窗"
    -> "打开天窗别开车窗"), elsewhere a space."""
    text = unicodedata.normalize("NFKC", text)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if not unicodedata.category(ch).startswith("P") or ch in _KEPT:
            out.append(ch)
            i += 1
            continue
        prev = text[i - 1] if i else ""
        nxt = text[i + 1] if i + 1 < n else ""
        if ch in ".,'’-" and prev.isalnum() and nxt.isalnum() and not _is_cjk(prev) and not _is_cjk(nxt):
            if ch == "." and not (prev.isdigit() and nxt.isdigit()):
                pass  # a full stop between words: removed below
            elif ch == "," and not (prev.isdigit() and nxt.isdigit()):
                pass
            else:
                out.append("'" if ch == "’" else ch)
                i += 1
                continue
        j = i
        while j < n and unicodedata.category(text[j]).startswith("P") and text[j] not in _KEPT:
            j += 1
        before = "".join(out).rstrip()
        after = text[j:].lstrip()
        joined = bool(before) and bool(after) and _is_cjk(before[-1]) and _is_cjk(after[0])
        out.append("" if joined else " ")
        if joined:
            while out and out[-2:-1] and out[-2].isspace():
                out.pop(-2)
            j = n - len(after)
        i = j
    return " ".join("".join(out).split()).lower()
