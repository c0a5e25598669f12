"""Controls and comfort needs named in text no template reads.

Questions ("is the AC on?"), conditions ("when we get home, open the garage
door"), statements and unresolved phrases still refer to controls, and
DESIGN section 4 wants every control referred to in `mentions`. The spotter
finds them by the catalog's own words; it never produces an action.
Comfort needs ("I'm freezing", 好冷) are found the same way, by the
catalog's need phrases, with intensifiers allowed in between ("I'm really
cold", "it's a bit chilly").
"""
from __future__ import annotations

import re

from vehicle.actions import Mention

from .frame import Frame
from .resolve import ADJUST_TEMPERATURE, SET_TEMPERATURE, Resolver
from .templates import Grammar

_INTENSIFIERS = (
    r"so|very|really|quite|pretty|super|extremely|too|way too|kind of|kinda|sort of|a bit|a little|a little bit"
    r"|little|bit|getting|feeling|rather|awfully|freaking|bloody|totally|just|still|already"
)
_CONTRACTIONS = {"i'm": r"(?:i'm|im|i am)", "i am": r"(?:i'm|im|i am)", "it's": r"(?:it's|its|it is)", "it is": r"(?:it's|its|it is)"}


class Spotter:
    """Finds mentioned controls and comfort needs in one language."""

    def __init__(self, grammar: Grammar, resolver: Resolver) -> None:
        self._lexicon = grammar.lexicon
        self._resolver = resolver
        self._zh = grammar.language == "zh"
        self._needs = [(self._need_pattern(alias), need) for alias, need in grammar.vocabulary.needs.items()]

    def mentions(self, text: str) -> tuple[Mention, ...]:
        """Controls referred to in `text`, spoken order, targets where said."""
        hits = self._lexicon.hits(text)
        targets = tuple(h.ident for h in hits if h.kind == "target")
        out: list[Mention] = []
        for hit in hits:
            if hit.kind == "mode":
                found = [Mention("mode.activate", hit.ident)]
            elif hit.kind == "peripheral":
                found = [Mention("peripheral.trigger", hit.ident)]
            elif hit.kind == "device":
                cap = SET_TEMPERATURE if hit.ident == ADJUST_TEMPERATURE else hit.ident
                resolved = self._resolver.targets(cap, Frame(device=cap, targets=targets)) if targets else ()
                found = [Mention(cap, t) for t in resolved] if resolved else [Mention(cap, None)]
            else:
                continue
            out.extend(m for m in found if m not in out)
        return tuple(out)

    def needs(self, text: str) -> tuple[str, ...]:
        """Comfort needs stated in `text`, in spoken order."""
        found: list[tuple[int, str]] = []
        for pattern, need in self._needs:
            m = pattern.search(text)
            if m is not None:
                found.append((m.start(), need))
        out: list[str] = []
        for _, need in sorted(found):
            if need not in out:
                out.append(need)
        return tuple(out)

    def _need_pattern(self, alias: str) -> re.Pattern[str]:
        if self._zh:
            return re.compile(re.escape(alias))
        for short, spelled in _CONTRACTIONS.items():
            if alias.startswith(short + " "):
                head, rest = spelled, alias[len(short) + 1 :]
                break
        else:
            head, rest = None, alias
        words = [re.escape(w) for w in rest.split()]
        if head is not None:
            words.insert(0, head)
        gap = rf"(?:\s+(?:{_INTENSIFIERS}))*\s+"
        return re.compile(r"(?<![a-z'])" + gap.join(words) + r"(?![a-z'])")


__all__ = ["Spotter"]
