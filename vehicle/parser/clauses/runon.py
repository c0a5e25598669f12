"""Run-on commands without punctuation, as a speech recogniser sends them.

"turn on the AC set the fan to five", "I'm cold turn my seat heater to 3",
"关窗开空调", "打开空调风量调到三档温度调到二十二度": a piece read as no one
clause is cut where a new command verb, a negation, a need statement or
(in Chinese) a control word begins, but only if *every* part is then
readable on its own (the frame reader reads it, or it states a need, or it
is politeness). Otherwise the piece stays whole and is left to the model:
a run-on is never half-executed on a guess.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from ..text.people import ZH_KIN, ZH_THEY

_EN_STARTS = (
    r"turn|switch|set|open|close|shut|start|stop|activate|enable|disable|raise|lower|increase|decrease|make|put|roll"
    r"|fold|unfold|pop|crank|bump|change|adjust|warm|cool|heat|defrost|defog|press|trigger|engage|power|boost|reduce"
    r"|drop|crack|dim|brighten|kick|whack|chuck|bung|flick|i'm|im|i am|it's|its|it is|i feel|i need|don't|dont|do not|never|not|no|please|can you"
    r"|could you|would you|and|also|then|play|tell|leave|keep|i|we|is|are|what|what's|how|does|did|will"
    # someone who did it, told after a need ("i'm freezing | you opened the window")
    r"|you|he|she|they|someone|somebody"
    # requests the car has no control for ("open the sunroof | navigate home | turn on the ac")
    r"|navigate|call|dial|text|send|book|order|skip|pause|resume|mute|unmute|search|reset"
    # "don't open the sunroof | just fold the mirrors" (not "just a bit": an amount is no command)
    r"|just (?:turn|switch|set|open|close|shut|fold|unfold|start|activate|put|roll|pop|lower|raise|lock)"
)
_EN_POINT = re.compile(rf"(?<=\S) (?=(?:{_EN_STARTS})\b)")
_ZH_POINT = re.compile(
    r"(?=不需要|不必|无需|没必要|用不着|打开|开启|关闭|关掉|关上|(?<![打开启离展张])开(?!关)|(?<![关开])关(?![闭掉上])|把|将"
    r"|调(?![高低大小到成至为整节])|设置|"
    rf"(?:我|我们|{ZH_THEY}|{ZH_KIN})(?=把|刚把|已经把)|帮我|请|别|(?<!要)不要|(?<!用)不用|(?<!开)不(?=开)|(?<!关)不(?=关)|不(?=[打调])|给我|我好|我有点|我很|好冷|好热|好闷|好困|太冷|太热|有点冷|有点热|升起|降下|启动|"
    r"(?<![打开启])进入|切换|切到|改成|改为|换成|播放|告诉|讲|唱|来一首|放一首|导航|折叠|展开|收起|前挡|后窗|后挡|挡风玻璃"
    r"|(?<=[档挡度%])\d)"  # "风速调到一挡 | 二十二度": a value after a value's unit starts a clause
)
#: A part may never end in a word that governs what follows it: cutting
#: "打开空调别打开车窗" after 别 would negate the air conditioning and open the
#: window.
DANGLING = {
    "en": re.compile(
        r"\b(?:don't|dont|do not|not|never|no|if|when|once|unless|until|after|before|please|and|to|the|a"
        r"|but|or|then|also|just|actually|i|we|he|she|they|said|says|tell me|show me|teach me|remind me)$"
    ),
    "zh": re.compile(
        r"(?:别|不要|不用|不|千万别|不需要|需要|不必|无需|没必要|用不着|如果|要是|假如|等|请|帮我|把|将|给|说|再|就|也|和|还有|然后"
        r"|不是|还是|或者"
        # nor in what leads the next part: "打开天窗后 | 老婆打开后备箱" (she will), "…后也许 | 打开…" (a hedge),
        # "…后已经 | 打开了…" (a report): cut there, the next command acted on its own
        rf"|后|之后|以后|前|之前|也许|可能|或许|大概|估计|不一定|不如|应该|最好|已经|已|又|居然|曾经|一般|通常|总是|会"
        rf"|我|你|咱|我们|咱们|大家|我自己|我来|司机|{ZH_THEY}|{ZH_KIN}"
        # English that governs what follows it, said in Chinese text ("no need to | 打开全部的车窗")
        r"|(?<![a-z'])(?:to|not|don't|dont|do not|never|no|if|when|once|unless|until|after|before|and|the|a|please))$"
    ),
}
#: Parts longer than this many cut points are not tried (cost bound).
MAX_POINTS = 64


#: "风大一点 | 对着我吹": where the air goes is a request of its own, but not after a verb that
#: switches off ("关闭空调对着我吹" may switch off only the air blowing at me).
_ZH_AIRFLOW = re.compile(r"(?=对着|朝着|冲着|往(?:我|脸|脚|头|身)|吹(?:脸|脚|头|身|上半身|下半身))")
_ZH_OFF = re.compile(r"关|停|取消|不要|别")


def cut_points(text: str, language: str, extra: tuple[int, ...] = ()) -> list[int]:
    """Offsets in `text` where a new clause may begin (never 0)."""
    pattern = _ZH_POINT if language == "zh" else _EN_POINT
    points = {m.end() for m in pattern.finditer(text)} | set(extra)
    if language == "zh":
        points |= {m.end() for m in _ZH_AIRFLOW.finditer(text) if not _ZH_OFF.search(text, 0, m.end())}
    return sorted(p for p in points if 0 < p < len(text))


def split(
    text: str,
    points: list[int],
    readable: Callable[[str, bool], bool],
    max_parts: int = 12,
    controls: tuple[int, ...] = (),
    most: int = 1,
    verbs: tuple[int, ...] = (),
) -> list[str] | None:
    """The fewest readable parts `text` cuts into at `points`, or None.

    Greedy longest-first from the left with backtracking, so "set the fan
    to 3 open the window" is two parts and "open the driver window" stays
    one. Memoised per start; a part holding more control words (offsets in
    `controls`) than one clause reads (`most`) is never tried, so each
    start tries only the few ends up to its next control or two.
    """
    if len(points) > MAX_POINTS:
        return None
    bounds = [0, *points, len(text)]
    memo: dict[int, list[str] | None] = {}
    controls, verbs = tuple(sorted(controls)), tuple(sorted(verbs))

    def crowded(start: int, end: int) -> bool:
        """More controls than one clause reads, or a control and then a command verb."""
        first = bisect_left(controls, start)
        if bisect_left(controls, end) - first > most:
            return True
        if first == len(controls):
            return False
        after = bisect_right(verbs, controls[first])  # the first verb after the first control
        return after < len(verbs) and verbs[after] < end

    def from_(k: int, depth: int) -> list[str] | None:
        if k == len(bounds) - 1:
            return []
        if depth >= max_parts:
            return None
        if k in memo:
            return memo[k]
        found = None
        for e in range(len(bounds) - 1, k, -1):
            if crowded(bounds[k], bounds[e]):
                continue  # a control, then another command verb: two clauses
            part = text[bounds[k] : bounds[e]].strip(" ,")
            if not part or not readable(part, k == 0):
                continue
            rest = from_(e, depth + 1)
            if rest is not None:
                found = [part, *rest]
                break
        memo[k] = found
        return found

    parts = from_(0, 0)
    if parts is None or len(parts) < 2:
        return None
    return parts


__all__ = ["MAX_POINTS", "cut_points", "split"]
