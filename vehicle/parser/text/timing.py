"""Times a person gives a command: a delay, a clock time, a duration (DESIGN
sections 4 and 5a).

"turn on my seat heating in 10 minutes", "close the sunroof at 7:30",
"ventilate the seats for 20 minutes", 十分钟后打开座椅加热, 七点半关窗,
座椅通风开二十分钟. Each time phrase is lifted out of the text before numbers
are read (so "10" never becomes a value) and replaced by one marker
character; the engine takes the markers off each sentence and the
assembler turns that sentence's commands into `schedule` entries instead of
actions.

Only times a clock can be set to are read here. Vague ones ("later", "in a
few minutes", "tonight", 一会儿, "around 7") and conditions ("when we
arrive") are left in the text, where the clause markers hold their
sentence. A time outside DESIGN's bounds (a delay under 5 s or over 24 h)
is read, marked invalid, and holds its sentence: nothing is scheduled and
nothing runs now.

A bare "at 7" is no clock time: "keep the fan at 7" is a level; first in its
sentence with a command verb after it ("at 7 turn on the seat heating") it is. A clock
time needs a colon, am/pm, "o'clock", "half past", "quarter past/to",
"noon" or "midnight"; in Chinese 点 with 半/钟/整/一刻/N分 or a part of the
day before it (一点 alone is "a bit"). A bare 八点 / 两点 is a clock time only
where a time starts a clause (the start, after , 。 ; or a space, or after
在/到了/等到); after a verb or a control (温度调到八点) it is read as an
invalid time, so it holds its sentence and never becomes a value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .numbers import en_number, zh_number

#: Delays DESIGN section 5a allows.
MIN_DELAY_S = 5
MAX_DELAY_S = 24 * 3600
#: The first marker character; marker k is chr(MARK + k).
MARK = 0xE010
MAX_TIMINGS = 16
_MARKS = re.compile(f"[{chr(MARK)}-{chr(MARK + MAX_TIMINGS - 1)}]")


@dataclass(frozen=True, slots=True)
class Timing:
    """One time phrase: `kind` "after" (seconds), "at" (a clock "HH:MM") or "for" (seconds)."""

    kind: str
    seconds: int = 0
    clock: str = ""
    said: str = ""

    @property
    def valid(self) -> bool:
        if self.kind == "at":
            return bool(self.clock)
        return MIN_DELAY_S <= self.seconds <= MAX_DELAY_S


def marks_in(text: str) -> list[int]:
    """The timing indexes whose markers `text` holds."""
    return [ord(c) - MARK for c in _MARKS.findall(text)]


def without_marks(text: str, language: str) -> str:
    """`text` with its markers taken out (a space in English; nothing in Chinese, where a space cuts a clause)."""
    return _MARKS.sub(" " if language == "en" else "", text)


def lift(text: str, language: str) -> tuple[str, tuple[Timing, ...]]:
    """`text` (NFKC, lower case; Chinese already Simplified) with each time
    phrase replaced by a marker, and the timings in marker order."""
    found: list[Timing] = []
    pattern, read = (_EN, _en_timing) if language == "en" else (_ZH, _zh_timing)

    def mark(m: re.Match[str]) -> str:
        timing = read(m)
        if timing is None or len(found) >= MAX_TIMINGS:
            return m.group(0)
        found.append(timing)
        char = chr(MARK + len(found) - 1)
        return f" {char} " if language == "en" else char

    return pattern.sub(mark, text), tuple(found)


# -- English -------------------------------------------------------------------

_EN_NUM = (
    r"\d+(?:\.\d+)?|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -](?:one|two|three|four|five"
    r"|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen)(?: and a half)?|an?|half an?"
)
_EN_UNIT = r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?"
_EN_SMALL = r"seconds?|secs?|minutes?|mins?"
_EN_HOUR = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_EN_AMPM = r"a\.?m\.?|p\.?m\.?|in the morning|in the afternoon|in the evening|at night|tonight"
#: Amounts said around "hour" (longest first where one starts another), in seconds.
_EN_HOURISH_S = {
    "half an hour": 1800,
    "an hour and a half": 5400,
    "a half hour": 1800,
    "an hour": 3600,
    "three quarters of an hour": 2700,
    "a quarter of an hour": 900,
    "a quarter hour": 900,
    "quarter of an hour": 900,
}
_EN_HOURISH = "|".join(_EN_HOURISH_S)
_EN_COMMAND = r"(?:turn|switch|open|close|shut|set|start|put|roll|fold|unfold|activate|lower|raise|crank|pop|heat|cool)"
_EN = re.compile(
    # "in 10 minutes"; a smaller unit or "and a half" after it is the same amount ("in 1 hour 30 minutes",
    # "for an hour and 30 minutes", "in a minute and a half"): read apart, one piece was left unplaced.
    # First, so "in an hour and 30 minutes" is not cut at "in an hour" by the alternative below.
    rf"\b(?P<pre>in|after|within|for)\s+(?P<n>{_EN_NUM})\s*(?P<unit>{_EN_UNIT})\b"
    rf"(?:\s+(?:and\s+)?(?P<tn>{_EN_NUM})\s*(?P<tunit>{_EN_SMALL})\b|(?P<half>\s+and a half)\b)?(?:\s+from now)?"
    rf"|\b(?P<pre3>in|after)\s+(?P<n3>{_EN_HOURISH})\b"
    rf"|\bfor\s+(?P<n4>{_EN_HOURISH})\b"
    # "10 minutes from now", "five minutes later", "wait 10 minutes then …"
    rf"|\b(?:wait\s+)?(?P<n2>{_EN_NUM})\s*(?P<unit2>{_EN_UNIT})\s+(?:from now|later|then)\b"
    # "at 7 turn on the seat heating": a bare hour first in its sentence, a command verb after it, is a
    # clock time (after a setting, "keep the fan at 7" is a level)
    rf"|(?:^|(?<=[.;!?,] )|(?<=[.;!?,]))at\s+(?P<h9>{_EN_HOUR})(?=\s+(?:please\s+)?{_EN_COMMAND}\b)"
    rf"|\bat\s+(?:(?P<h>\d{{1,2}}):(?P<m>\d{{2}})\s*(?P<ap>{_EN_AMPM})?(?![\d:])"
    rf"|(?P<h2>{_EN_HOUR})\s*(?:(?P<ap2>{_EN_AMPM})|o'clock)(?![a-z])"
    rf"|(?P<part>half past|quarter past|a quarter past|quarter to|a quarter to)\s+(?P<h3>{_EN_HOUR})"
    rf"(?:\s*(?P<ap3>{_EN_AMPM}))?(?![a-z\d])"
    r"|(?P<noon>noon|midnight))"
)
_EN_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def _en_amount(words: str) -> float | None:
    words = words.replace("-", " ").strip()
    if words in ("a", "an"):
        return 1.0
    if words in ("half an", "half a", "a half"):
        return 0.5
    if words == "an hour and a half":
        return 1.5
    return en_number(words)


def _en_timing(m: re.Match[str]) -> Timing | None:
    said = m.group(0)
    if m.group("n") is not None or m.group("n2") is not None:
        words = m.group("n") or m.group("n2")
        amount = _en_amount(words)
        unit = (m.group("unit") or m.group("unit2"))[0]
        more = m.group("tn") is not None or m.group("half") is not None
        if amount is None or (words in ("a", "an") and unit != "h" and not more):
            return None  # "in a minute", "for a second": soon, not a time to set
        per = _EN_SECONDS[unit]
        seconds = amount * per + (per / 2 if m.group("half") else 0)
        if m.group("tn") is not None:
            tail, tail_per = _en_amount(m.group("tn")), _EN_SECONDS[m.group("tunit")[0]]
            if tail is None:
                return None
            # "in 5 minutes and 10 minutes": no one amount; invalid, so it holds its sentence
            seconds = seconds + tail * tail_per if tail_per < per else 0
        return Timing("for" if m.group("pre") == "for" else "after", round(seconds), said=said)
    if m.group("n3") is not None or m.group("n4") is not None:
        phrase = m.group("n3") or m.group("n4")
        return Timing("after" if m.group("n3") else "for", _EN_HOURISH_S[phrase], said=said)
    if m.group("noon") is not None:
        return Timing("at", clock="12:00" if m.group("noon") == "noon" else "00:00", said=said)
    if m.group("h") is not None:
        return _clock(int(m.group("h")), int(m.group("m")), m.group("ap"), said)
    if m.group("h2") is not None or m.group("h9") is not None:
        return _clock(_en_hour(m.group("h2") or m.group("h9")), 0, m.group("ap2"), said)
    hour = _en_hour(m.group("h3"))
    part = m.group("part").removeprefix("a ")
    if part == "quarter to":
        return _clock(hour - 1 if hour > 1 else 12, 45, m.group("ap3"), said)
    return _clock(hour, 30 if part == "half past" else 15, m.group("ap3"), said)


def _en_hour(word: str) -> int:
    value = en_number(word)
    return int(value) if value is not None else -1


def _clock(hour: int, minute: int, ampm: str | None, said: str, part: str = "") -> Timing | None:
    """A clock time as "HH:MM" (12-hour forms read with am/pm or a part of the day)."""
    if ampm:
        if not 1 <= hour <= 12:
            return None
        pm = ampm.startswith("p") or ampm in ("in the afternoon", "in the evening", "at night", "tonight")
        hour = hour % 12 + (12 if pm else 0)
    elif part:
        if hour == 12 and part in ("凌晨", "早上", "上午", "明早", "晚上", "今晚", "半夜", "午夜"):
            hour = 0  # 晚上12点 / 半夜12点: midnight, the end of the evening (中午12点 stays noon)
        elif hour < 12 and (part in _ZH_PM or (part in ("半夜", "午夜") and hour >= 9)):
            hour += 12  # 半夜十一点: 23:00 (半夜两点 stays 02:00)
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None
    return Timing("at", clock=f"{hour:02d}:{minute:02d}", said=said)


# -- Chinese -------------------------------------------------------------------

_ZH_N = r"[零〇一二两三四五六七八九十百\d]+"
_ZH_HOURS = r"个小时|小时|个钟头|钟头"
# 一小时三十分钟 / 一分三十秒 / 一分半钟 / 一小时半: a smaller unit (or 半) after the first is one amount; read
# apart, 1小时30分钟后 was a 30-minute delay and a one-hour duration (it fired an hour early, then undid itself)
_ZH_UNIT = rf"秒钟|秒|(?:分钟|分)(?:{_ZH_N}秒钟?)?|分半钟?|(?:{_ZH_HOURS})(?:{_ZH_N}分钟?|半)?|天|个星期|星期|周|钟"
# a duration's minutes need 钟 (一小时十分 may run on into 十分 "very")
_ZH_UNIT_FOR = rf"分钟(?:{_ZH_N}秒钟?)?|分半钟|(?:{_ZH_HOURS})(?:{_ZH_N}分钟|半)?|秒钟|秒|钟"
_ZH_PART = r"早上|上午|中午|下午|傍晚|晚上|今晚|明早|凌晨|半夜|午夜"
_ZH_PM = ("下午", "傍晚", "晚上", "今晚", "中午")
_ZH = re.compile(
    # 十分钟后 / 再过十分钟 / 过半小时 / 一个半小时以后 / 两刻钟后 (two quarters) / 十分钟过后
    rf"(?P<pre>再过|过)?(?P<n>{_ZH_N}|半|一个半|{_ZH_N}个半|[一两三]刻)(?P<unit>{_ZH_UNIT})(?P<post>以后|之后|过后|后)"
    rf"|(?P<pre2>再过|过)(?P<n2>{_ZH_N}|半|一个半)(?P<unit2>{_ZH_UNIT})"
    # 等十分钟再打开: a length of time waited for, then the command (a delay, no condition)
    rf"|等(?P<n7>{_ZH_N}|半|一个半)(?P<unit7>{_ZH_UNIT})(?=再)"
    # 七点半 / 晚上八点 / 19:30 (a clock time; 的时候 goes with it); 等到八点 too (as 到了, not a condition)
    rf"|(?P<lead>在|到了|等到)?(?:(?P<part>{_ZH_PART})?(?P<h>{_ZH_N})点(?P<rest>半|钟|整|一刻|三刻|(?P<mm>{_ZH_N})分)"
    # 差五分八点 / 差一刻八点: five / a quarter to eight
    rf"|(?P<part3>{_ZH_PART})?差(?P<less>一刻|{_ZH_N}分钟?)(?P<h6>{_ZH_N})点钟?"
    # 八点 / 两点, nothing read after 点 and no numeral around it (一点 is "a bit", 二十点五 a decimal): see
    # _zh_bare_hour for where it is a clock time
    rf"|(?<![零〇一二两三四五六七八九十百\d])(?P<h7>十[一二]?|[二两三四五六七八九]|(?!1点)\d{{1,2}})点"
    r"(?![零〇一二两三四五六七八九十百\d半钟整刻分度档挡%儿点])"
    rf"|(?P<part2>{_ZH_PART})(?P<h2>{_ZH_N})点(?:(?P<mm2>{_ZH_N})(?:分)?)?(?!{_ZH_N}|度)"
    r"|(?P<h3>\d{1,2})[:：](?P<m3>\d{2})"
    # 七点三十, 八点零五, 7点30: the minutes said without 分 (read apart, the command ran now, or the
    # minutes became an amount: 打开车窗八点二十 opened it 10 %)
    rf"|(?P<h5>[零〇一二两三四五六七八九十\d]{{1,3}})点(?P<mm5>[一二三四五]十[一二三四五六七八九]?|[零〇][一二三四五六七八九]"
    r"|十[一二三四五六七八九]?|[0-5]\d)(?![零〇一二两三四五六七八九十百\d]|度|档|挡|%|分钟|个|秒|小时))(?:的时候|时|整)?"
    # 二十分钟 / 持续半小时 (a duration: no 后 after it)
    rf"|(?P<pre4>持续|保持)?(?P<n4>{_ZH_N}|半|一个半|[一两三]刻)(?P<unit4>{_ZH_UNIT_FOR})(?!以后|之后|过后|后|内|前|以内)"
)
_ZH_SECONDS = {"秒": 1, "分": 60, "小": 3600, "个": 3600, "钟": 3600, "天": 86400, "星": 604800, "周": 604800}
_ZH_TAIL = re.compile(rf"(?P<n>{_ZH_N})(?P<unit>[分秒])钟?$")
#: Clause starts: a bare hour after one of these (or at the start) is a clock time.
_ZH_CLAUSE_START = " ,，。;；!！?？"
#: 八点多 / 八点前 / 八点以后: around, before, after eight; no time to set.
_ZH_VAGUE_AFTER = ("多", "左右", "前", "以前", "之前", "后", "以后", "之后")


def _zh_amount(n: str) -> float | None:
    if n == "半":
        return 0.5
    if n.endswith("刻"):
        return {"一": 0.25, "两": 0.5, "三": 0.75}[n[0]]  # 一刻钟: a quarter of an hour
    if n.endswith("个半"):
        head = zh_number(n[:-2])
        return None if head is None else head + 0.5
    return zh_number(n)


def _zh_timing(m: re.Match[str]) -> Timing | None:
    said = m.group(0)
    for n, unit, kind in (
        ("n", "unit", "after"),
        ("n2", "unit2", "after"),
        ("n7", "unit7", "after"),
        ("n4", "unit4", "for"),
    ):
        if m.group(n) is not None:
            amount = _zh_amount(m.group(n))
            word = m.group(unit)
            tail = _ZH_TAIL.search(word)  # 一小时[三十分钟]: the smaller unit's amount
            more = zh_number(tail.group("n")) if tail else 0
            if amount is None or more is None:
                return None
            per = _ZH_SECONDS["星" if "星期" in word else word[0]]
            if "半" in word:  # 一小时半, 一分半钟
                amount += 0.5
            extra = more * _ZH_SECONDS[tail.group("unit")] if tail else 0
            return Timing(kind, round(amount * per + extra), said=said)
    if m.group("h3") is not None:
        return _clock(int(m.group("h3")), int(m.group("m3")), None, said)
    if m.group("h7") is not None:
        return _zh_bare_hour(m)
    part = m.group("part") or m.group("part2") or m.group("part3") or ""
    hour = zh_number(m.group("h") or m.group("h2") or m.group("h5") or m.group("h6"))
    if hour is None:
        return None
    if m.group("less") is not None:  # 差五分八点: 07:55
        less = 15 if m.group("less") == "一刻" else zh_number(m.group("less").rstrip("分钟"))
        if less is None or not 1 <= less <= 59:
            return Timing("at", said=said)
        return _clock(int(hour) - 1 if hour else 23, 60 - int(less), None, said, part) or Timing("at", said=said)
    rest = m.group("rest") or ""
    minute: float | None = 0
    if rest == "半":
        minute = 30
    elif rest == "一刻":
        minute = 15
    elif rest == "三刻":
        minute = 45
    elif m.group("mm") is not None or m.group("mm2") is not None or m.group("mm5") is not None:
        minute = zh_number(m.group("mm") or m.group("mm2") or m.group("mm5"))
    if minute is None:
        return None
    return _clock(int(hour), int(minute), None, said, part)


def _zh_bare_hour(m: re.Match[str]) -> Timing:
    """八点 / 两点 alone: 08:00 / 02:00 as said where a time starts a clause (the start, after a clause mark,
    or after 在/到了/等到); anywhere else (天窗开到八点, 温度调到八点, 打开车窗十二点) it is no setting and no sure
    time, so it is invalid and holds its sentence. 八点多 / 八点前 hold too."""
    said, start = m.group(0), m.start()
    hour = zh_number(m.group("h7"))
    at_clause_start = m.group("lead") is not None or start == 0 or m.string[start - 1] in _ZH_CLAUSE_START
    vague = m.string[m.end() :].startswith(_ZH_VAGUE_AFTER)
    if hour is None or not at_clause_start or vague:
        return Timing("at", said=said)
    return _clock(0 if hour == 24 else int(hour), 0, None, said) or Timing("at", said=said)


__all__ = ["MAX_DELAY_S", "MIN_DELAY_S", "Timing", "lift", "marks_in", "without_marks"]
