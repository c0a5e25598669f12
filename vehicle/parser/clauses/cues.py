"""Word cues the engine reads around the frames (both languages).

Small, named patterns with the reason each exists: where a piece begins a
new command, where a question starts, which control word hides inside a
glass word, where a condition leads what it governs, a time said and not read, and
"leave … alone".
"""

from __future__ import annotations

import re

from ..frames.lexicon import Lexicon
from .markers import Clause

ZH_ALL = re.compile(r"都|所有|全部|全都|其他|其余")
#: A piece that starts with a command verb is a new clause: never joined to the one before.
COMMAND_START = {
    "en": re.compile(
        r"\b(?:turn|switch|set|open|close|shut|start|stop|activate|enable|disable|raise|lower|increase"
        r"|decrease|make|put|roll|fold|unfold|pop|crank|bump|change|adjust|press|trigger|kick|whack|chuck|bung|flick)\b"
    ),
    "zh": re.compile(r"打开|开启|关闭|关掉|关上|把|将|调到|设置|启动|降下|升起|折叠|展开"),
}
QUESTION_START = {
    "en": re.compile(r"^(?:is|are|what|what's|how|does|did|will|can)\b"),
    "zh": re.compile(r"(?:吗|呢|没有|了没|多少|几度|几档)$|(.)[不没]\1"),
}
#: A control word inside a glass word (后窗 is the rear window's defrost, not a window).
GLASS_INSIDE = frozenset({"后窗", "后挡", "前挡", "风挡"})
#: A glass said as a place (the catalog's words for the defroster's front): never a window's place.
GLASS_PLACES = frozenset({"前挡", "后挡", "windshield"})
NEG_FIRST = re.compile(
    r"\s*(?:please\s+|but\s+|但是|可是)?(?:don't|dont|do not|never|not|no|别|不要|不用|不|千万别|甭)"
)
#: A part that starts like the rest of the clause before it ("is open", 开着吗).
PREDICATE = re.compile(r"^(?:is|are|was|were|isn't|aren't|'s|has|have|had|got|开|关|着|了|吗|是|没|都|也|还)")
#: Condition words that lead what they govern (not "in 5 minutes", 十分钟后: those trail).
OPENER = {
    "en": re.compile(r"(?<=\s)(?:if|when|whenever|once|as soon as|unless)\b"),
    "zh": re.compile(r"如果|要是|假如|万一|等到|等我|回到家|到家后|到家|到了"),
}


LEAVE_ALONE = (
    re.compile(r"\b(?:leave|let)\s+(.+?)\s+(?:alone|be|as (?:it|they) (?:is|are))\b"),
    re.compile(r"\bkeep\s+(.+?)\s+as (?:it|they) (?:is|are)\b"),
)


def leave_alone(text: str, language: str) -> str:
    """ "leave the tailgate and the sunroof alone" reads as "don't touch the tailgate and the sunroof"
    (the negation must reach every control of the list, and "and" cuts)."""
    if language != "en" or not re.search(r"\b(?:alone|be|as (?:it|they) (?:is|are))\b", text):
        return text
    for pattern in LEAVE_ALONE:
        text = pattern.sub(lambda m: f"don't touch {m.group(1)}", text)
    return text


CONTROL_KINDS = ("device", "mode", "peripheral")


def hits_in(text: str, lexicon: Lexicon) -> list:
    """Catalog words in `text`, without the control word inside a glass word (后窗), nor the glass said as
    the place of a window (前挡 is the front defroster's place: 打开前挡窗户 is no front window opened)."""
    return no_glass_place(
        text, [h for h in lexicon.hits(text) if text[max(0, h.start - 1) : h.start + 1] not in GLASS_INSIDE]
    )


def no_glass_place(text: str, hits: list) -> list:
    """`hits` without a glass said as the place of a window named beside it (打开前挡窗户)."""
    if any(h.kind == "device" and h.ident.startswith("window.") for h in hits):
        return [h for h in hits if not (h.kind == "target" and text[h.start : h.end] in GLASS_PLACES)]
    return hits


def places_in(text: str, lexicon: Lexicon) -> tuple[str, ...]:
    """The target ids `text` names by their words ("the passenger", 副驾, 后排), spoken order."""
    return tuple(dict.fromkeys(h.ident for h in hits_in(text, lexicon) if h.kind == "target"))


def control_starts(hits: list, language: str) -> tuple[int, ...]:
    """Where the control words of `hits` start. In Chinese a control word right before
    another names that one ("空调风量", "空调温度": the fan, the temperature): one control."""
    controls = [h for h in hits if h.kind in CONTROL_KINDS]
    ends_at = {h.start for h in controls} if language == "zh" else set()
    return tuple(h.start for h in controls if h.end not in ends_at)


def controls_in(text: str, lexicon: Lexicon) -> int:
    return len(control_starts(hits_in(text, lexicon), lexicon.language))


def names_op(cl: Clause) -> bool:
    """Whether a clause says an operation of its own (not just "the sunroof")."""
    return bool(
        re.search(
            r"打开|开|关|(?<!空)调|设|升|降|拉|放|启动|折|展|收|\b(?:turn|switch|set|open|close|shut|start|stop|activate|enable|disable"
            r"|raise|lower|increase|decrease|make|put|roll|fold|unfold|up|down|on|off|to|at)\b|\d",
            cl.body,
        )
    )


__all__ = [
    "COMMAND_START",
    "CONTROL_KINDS",
    "GLASS_INSIDE",
    "GLASS_PLACES",
    "NEG_FIRST",
    "OPENER",
    "PREDICATE",
    "QUESTION_START",
    "ZH_ALL",
    "control_starts",
    "controls_in",
    "hits_in",
    "leave_alone",
    "names_op",
    "places_in",
    "says_a_time",
    "no_glass_place",
]


#: A time said in a piece that reads as no command (DESIGN 4: a time the parser cannot set holds its
#: sentence). Searched: a number with a unit of time, words that order in time. Whole piece only: a part
#: of the day or a day, which also stands in needs ("今天好热", "it's cold tonight").
_TIME_SAID = {
    "en": re.compile(
        r"(?<!\ba )\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty"
        r"|an?|half an?)\s*(?:o'?clock|a\.?m\.?|p\.?m\.?|hours?|hrs?|minutes?|mins?|seconds?|secs?)\b"
        r"|\b(?:by (?:the )?time|once(?! (?:more|again)\b)|until|till|afterwards?|later|soon|next (?:week|month|weekend|time|stop|exit|light|station|gas station|rest stop|intersection|break|day|morning)"
        r"|eventually|at some point|some ?time|in a (?:little )?(?:while|bit)|on (?:the )?way (?:back|home)|sunset"
        r"|sunrise|dawn|dusk|in a few|at (?:the )?(?:lunch|dinner|breakfast|gas station|petrol station|station|airport"
        r"|school|office|hotel|parking)"
        r"|after (?!that\b|this\b|which\b)\w+|before \w+|(?:around|about) \d+)\b"
    ),
    "zh": re.compile(
        r"(?:十[一二]|[\d零〇两二三四五六七八九十百]+)\s*(?:点(?!儿)|时(?!候)|分钟|小时|个小时|钟头|个钟头|秒)"
        r"|\d+\s*(?:min|h)\b|以后|之后|(?<![往向靠朝前最然背])后$|的时候|回头|待会|一会|等会|稍后|改天"
    ),
}
_TIME_WHOLE = {
    "en": re.compile(
        r"(?:tonight|tomorrow|today|this (?:morning|afternoon|evening)|in (?:the )?(?:morning|afternoon|evening)"
        r"|at night|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:next |this )?weekend)"
    ),
    "zh": re.compile(r"(?:明天|明早|今晚|今天晚上|晚上|早上|上午|下午|中午|傍晚|凌晨|半夜|下周|周末|星期.|礼拜.)"),
}


def says_a_time(cl: Clause, language: str) -> bool:
    """`cl` says a time the parser did not read (its frame is None): it holds its sentence."""
    if cl.question or cl.retraction or cl.empty or cl.reported or cl.wish or not cl.body:
        return False
    text = cl.text.strip(" ,")
    if _TIME_WHOLE[language].fullmatch(text):
        return True
    # a statement's time is when it happened ("we left the trunk open at the airport last week")
    return not cl.statement and bool(_TIME_SAID[language].search(text))
