"""Mixed language: every alias and parameter word of either language in text
of either language ("打开 sunroof", "把 fan speed 调到 4", "set 温度 to 23").

A text with a Chinese character is read by the Chinese parse. When it also
holds Latin words and does not parse completely, it is read twice more: once
with each English catalog word replaced by a Chinese alias of the same id
(and read by the Chinese parse), once with each Chinese catalog word
replaced by an English alias (and read by the English parse, for an
English frame around a Chinese noun). The engine keeps the better reading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from ..frames.lexicon import Lexicon
from .normalize import Normalized, normalize

_LATIN = re.compile(r"[a-z]{2,}")
#: English words of a command's frame, as the Chinese parse says them ("open the sunroof 别开车窗",
#: "打开天窗 but don't 打开车窗"): the verbs, a negation, a conjunction, the article.
_BRIDGE = {
    "turn on": "打开",
    "switch on": "打开",
    "turn off": "关闭",
    "switch off": "关闭",
    "open": "打开",
    "close": "关闭",
    "shut": "关闭",
    "don't": "，别",
    "do not": "，别",
    "but": "，",
    "and": "，然后",
    "the": "",
}
_BRIDGE_PATTERN = re.compile(
    r"(?<![a-z'])(?:" + "|".join(re.escape(w) for w in sorted(_BRIDGE, key=len, reverse=True)) + r")(?![a-z'])"
)


class MixedLanguage:
    def __init__(self, lexicons: Mapping[str, Lexicon]) -> None:
        en, zh = lexicons["en"].vocabulary, lexicons["zh"].vocabulary
        self._to_zh = self._table(en, zh)
        self._to_en = {a: e for a, e in self._table(zh, en).items() if not _LATIN.fullmatch(a)}
        self._en_pattern = self._pattern(self._to_zh, bounded=True)
        self._zh_pattern = self._pattern(self._to_en, bounded=False)

    @staticmethod
    def _table(src, dst) -> dict[str, str]:
        out: dict[str, str] = {}
        for kind in ("devices", "targets", "modes", "peripherals"):
            a, b = getattr(src, kind), getattr(dst, kind)
            first: dict[str, str] = {}
            for alias, ident in b.items():
                first.setdefault(ident, alias)
            for alias, ident in a.items():
                if ident in first and alias not in out:
                    out[alias] = first[ident]
        return out

    @staticmethod
    def _pattern(table: dict[str, str], bounded: bool) -> re.Pattern[str] | None:
        if not table:
            return None
        words = "|".join(re.escape(w) for w in sorted(table, key=len, reverse=True))
        return re.compile(rf"(?<![a-z'])(?:{words})(?![a-z'])" if bounded else f"(?:{words})")

    def is_mixed(self, text: str) -> bool:
        stripped = text.replace("ac", "")
        return bool(_LATIN.search(stripped))

    def variants(self, norm: Normalized) -> Iterator[tuple[str, Normalized]]:
        """(language, normalised text) readings of a mixed text, Chinese grammar first."""
        raw = norm.raw or norm.text
        if self._en_pattern is not None:
            zh = _BRIDGE_PATTERN.sub(lambda m: _BRIDGE[m.group(0)], raw)
            zh = self._en_pattern.sub(lambda m: self._to_zh[m.group(0)], zh)
            if zh != raw:
                yield "zh", normalize(re.sub(r"(?<=[\u3400-\u9fff])\s+|\s+(?=[\u3400-\u9fff])", "", zh))
        if self._zh_pattern is not None:
            en = self._zh_pattern.sub(lambda m: f" {self._to_en[m.group(0)]} ", raw)
            alt = normalize(re.sub(r"\s+", " ", en).strip())
            if en != raw and alt.language == "en":
                yield "en", alt


__all__ = ["MixedLanguage"]
