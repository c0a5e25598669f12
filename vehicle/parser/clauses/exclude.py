"""Exclusions: "all windows except the driver's", "除了主驾 其他车窗都打开".

Read per sentence before the sentence is cut into clauses (the English
"but" of "every window but the driver's" would otherwise start a new clause
and open all four). The phrase is taken out of the text and its members are
returned; the engine then acts on the group minus them, one action each, and
mentions them as negated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vehicle.catalog.catalog import SPEAKER

#: Words before the members left out of a group, read by :meth:`Exclusions.find`.
_ZH_EXCEPT = "除了|除开|除去|刨除|刨去|除(?=[^,\\s]{1,6}(?:以外|之外|外))"
_EN_EXCEPT = "except for|except|but not|other than|apart from|besides|excluding|save for|not including|minus"
#: The same words, and those that say one is left out without :meth:`Exclusions.find` reading
#: which ("besides" may also add one: either way, not guessed).
_CUE_ZH = re.compile(rf"{_ZH_EXCEPT}|不包括|不含|除外")
_CUE_EN = re.compile(
    rf"\b(?:{_EN_EXCEPT}|everybody but|everyone but|all but)(?![a-z])|^but\b"  # "except主驾": no word boundary
)
_EN_SPEAKER = ("me", "myself")
#: The joint between two members of a list ("rear , and", "主驾和"), cut off where the list ends.
_LIST_END = re.compile(r"(?:\s*(?:,|\band\b|\bor\b|和|跟|与|、))+\s*$")
_LIST_START = re.compile(r"^(?:\s*(?:,|\band\b|\bor\b|和|跟|与|、))+\s*")
_ZH_SPEAKER = ("我这边", "我这里", "我这儿", "我自己", "我")


@dataclass(frozen=True, slots=True)
class Excluded:
    text: str
    """The sentence without the exclusion phrase."""
    targets: tuple[str, ...]
    """Target ids excluded, spoken order."""
    after: str = ""
    """What follows a member named again ("…except the rear, and the rear to 30": "rear to 30"):
    clauses of their own, never joined to the text before."""


class Exclusions:
    """Finds exclusion phrases in one language, by the catalog's target words."""

    def __init__(self, language: str, targets: dict[str, str], controls: dict[str, str] | None = None) -> None:
        # "except me", 除了我这边: the speaker's words that are no target alias elsewhere
        # (only an exclusion reads them as the speaker's member)
        speaker = _ZH_SPEAKER if language == "zh" else _EN_SPEAKER
        self._targets = {**{w: SPEAKER for w in speaker}, **targets}
        targets = self._targets
        self._zh = language == "zh"
        self._patterns: tuple[re.Pattern[str], ...]
        words = sorted(targets, key=len, reverse=True)
        alias = "|".join(re.escape(w) for w in words)
        if language == "zh":
            item = rf"(?:我的)?(?:{alias})(?:的)?(?:车窗|窗户|座椅|座位|位置|那边|这边)?"  # 我的左后: that place
            items = rf"{item}(?:(?:和|跟|与|、){item})*"
            self._patterns = (
                re.compile(rf"(?:{_ZH_EXCEPT})({items})(?:以外|之外|外)?(?:,|\s)?"),
                re.compile(rf"(?:,|\s)?({items})除外"),
                re.compile(rf"(?:,|\s)?(?:但是|但)?(?:不包括|不含)({items})"),
            )
            self._group = re.compile(r"都|所有|全部|全车|其他|其余|别的|全")
        else:
            # "the driver's one": the recogniser's "one" is lifted out as a number (a
            # slot index here) and must go with the phrase, never open a window to 1 %
            members = "|".join(re.escape(w) for w in words if targets[w] not in ("all", "cabin"))
            # "my rear left one": "my" before a place is the car's (read below), never the whole item
            item = (
                rf"(?:(?:my|our) )?(?:{alias})(?:'s|s)?"
                rf"(?: (?:one|ones|window|windows|seat|seats|side|zone|\d+(?! ?(?:percent|%|degree))))?"
            )
            items = rf"{item}(?:(?: ,)? (?:and|or|,) {item})*"
            self._patterns = (
                re.compile(rf"(?:(?: ,)? |^)\b(?:{_EN_EXCEPT}|but|not)\b ({items})(?= |$)"),
                # "open all windows, driver excluded", "… the driver's not included" (members only:
                # "all windows , driver" must not read as one list)
                re.compile(
                    rf"(?: ,)? ((?<![a-z])(?:{members})(?:'s)?(?:(?: ,)? (?:and|or|,) (?:{members})(?:'s)?)*)"
                    rf" (?:excluded|not included|left out|aside)(?= |$)"
                ),
            )
            # a plural control noun is a group too ("open the windows except the driver's")
            self._group = re.compile(
                r"\b(?:all|every|each|both|everyone|everybody|whole)\b|(?:windows|seats|heaters|lights)\b"
            )
        self._alias = re.compile(alias)
        # 除了天窗 都打开: a control left out of "everything" is not read either (never the one opened)
        self._controls = re.compile(
            "|".join(re.escape(w) for w in sorted(controls or {}, key=len, reverse=True)) or "(?!)"
        )

    def unread(self, text: str) -> bool:
        """An exclusion is said ("除了主驾 车窗打开", "everybody but …") that :meth:`find` did
        not read: which members are meant is not known, so nothing of the sentence may act."""
        cues = [*_CUE_ZH.finditer(text), *_CUE_EN.finditer(text)] if self._zh else list(_CUE_EN.finditer(text))
        for cue in cues:  # "except 主驾 车窗打开": the other language's cue too
            near = text[cue.end() : cue.end() + 8] if self._zh else " ".join(text[cue.end() :].split()[:3])
            if self._alias.search(near):  # a member is left out ("but not the seat heating" is a control)
                return True
            if self._zh and _CUE_ZH.match(text, cue.start()) and self._controls.search(near):
                return True
        return False

    def find(self, text: str) -> Excluded | None:
        """The sentence without its exclusion phrase, or None when it has none."""
        for pattern in self._patterns:
            m = pattern.search(text)
            if m is None:
                continue
            before = text[: m.start()]
            if not self._group.search(text[: m.start()] + " " + text[m.end() :]):
                continue  # "open the window but the sunroof too": no group to take from
            found: list[str] = []
            said = list(self._alias.finditer(m.group(1)))
            gap = "" if self._zh else " "
            end, repeated = m.end(), False
            for k, a in enumerate(said):
                ident = self._targets[a.group(0)]
                if ident in found:
                    # "close the windows except the rear, and the rear to 30": a member named again
                    # starts the next clause, which says what it does; the list ends before it
                    end, repeated = m.start(1) + len(_LIST_END.sub("", m.group(1)[: a.start()])), True
                    break
                following = said[k + 1] if k + 1 < len(said) else None
                if ident == SPEAKER and following is not None and following.start() == a.end() + len(gap):
                    continue  # "except my rear left one": that place of the car, not the speaker's too
                if ident not in ("all", "cabin"):
                    found.append(ident)
            if found:
                after = _LIST_START.sub("", text[end:]) if repeated else ""
                rest = (before if repeated else before + " " + text[end:]).strip(" ,")
                noun = re.search(r"车窗|窗户|座椅|座位", m.group(1)) if self._zh else None
                if noun is not None and not re.search(r"窗|座", rest):
                    # "除了我的车窗 其他都打开": the control was said only inside the exclusion
                    rest = re.sub(r"(?:其他|其它|其余|别的)", noun.group(0), rest, count=1)
                rest = re.sub(r"(?:其他|其它|其余|别的)(?:的)?(?:位置|座位|人|乘客|座椅(?!加热|通风|按摩))?", "", rest)
                rest = re.sub(
                    r"\b(?:(?:for|in|to) )?(?:everyone|everybody|everyone else|everybody else|all others)\b", "", rest
                )
                rest = re.sub(r"\b(?:the )?(?:other|others|rest of)\b", "", rest)
                return Excluded(re.sub(r"\s+", " ", rest).strip(" ,"), tuple(found), after.strip(" ,"))
        return None


__all__ = ["Excluded", "Exclusions"]
