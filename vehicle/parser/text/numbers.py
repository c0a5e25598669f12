"""Number forms read once, turned into placeholders before a frame is read.

Every number the text speaks ("21", "21.5", "twenty-one and a half",
"二十一度半", "两", "百分之三十", full-width digits after NFKC) is read here
into a value and replaced in the text by a small index ("0", "1", ...). The
frame reader sees one number word whatever the value, so a value out of
range or off its step is still read and emitted as spoken (DESIGN section
4): the executor, not the parser, refuses it.

Reading numbers once, here, keeps one reader for both languages (text2num
reads English number words; 二十一度半, "and a half" and the 两 forms are
read here) and keeps every later step free of ranges.
"""

from __future__ import annotations

import math
import re

from text_to_num import alpha2digit  # type: ignore[import-untyped]

# -- English ---------------------------------------------------------------
# text2num's alpha2digit reads the value of a number's words ("twenty two",
# "a hundred and five" -> "105"; "one one" -> "1 1"). Which words make one
# number is the project's: ordinals ("second"), "thousand", a bare "hundred"
# and a pronoun "one" stay words, "zero" stands alone, "oh" is a digit only
# after "point" or a hundred; "point five" and "and a half" are read here.

_DIGITS = re.compile(r"^\d+(?:\.\d+)?$")
#: "one" after these words is a pronoun ("the passenger one"), not a number.
_ONE_PRONOUN_BEFORE = frozenset(
    "the this that which each every any no passenger driver left right rear front back other"
    # whose ("the driver's one" opened the driver's window 1 %)
    " driver's passenger's drivers passengers my your his her our their same last first middle side".split()
)
#: ... unless a unit follows ("the one degree" is odd, "level one" is fine).
_UNIT_AFTER = frozenset("degree degrees percent level notch notches step steps".split())
#: A digit after "point" ("oh" is zero there).
_EN_DIGIT = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine".split())} | {"oh": "0"}
#: What may stand before "hundred" ("a hundred", "twelve hundred").
_EN_UNIT = frozenset("a zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen".split())
_EN_UNIT |= frozenset("fifteen sixteen seventeen eighteen nineteen".split())
#: The words a number is made of (before "hundred", with the tens).
_EN_WORD = _EN_UNIT - {"a"} | frozenset("twenty thirty forty fifty sixty seventy eighty ninety".split())
_ZERO = ("zero", "oh")


def _en_words(tokens: list[str], i: int) -> tuple[int, str]:
    """End of the number words at tokens[i] ("a hundred and five", "twenty two three"; i when none) and
    those words as text2num is to read them."""
    j = i
    while j < len(tokens):
        tok, prev, nxt = tokens[j], tokens[j - 1] if j > i else "", tokens[j + 1] if j + 1 < len(tokens) else ""
        if prev == "zero" or (prev in _EN_UNIT and tok in _EN_UNIT and nxt == "hundred"):
            break  # "zero five", "five five hundred": a second number begins
        if tok in _ZERO and (prev == "hundred" or (prev == "and" and tokens[j - 2] == "hundred")):
            return j + 1, " ".join(tokens[i : j - 1 if prev == "and" else j])  # "a hundred oh": a hundred
        if not (
            tok in _EN_WORD
            or (tok == "hundred" and j == i + 1 and prev in _EN_UNIT)
            or (tok == "a" and j == i and nxt == "hundred")
            or (tok == "and" and prev == "hundred" and (nxt in _EN_WORD or nxt == "oh"))
        ):
            break
        j += 1
    return j, " ".join(tokens[i:j])


def _en_fraction(tokens: list[str], j: int) -> tuple[float, int]:
    """ "point five" / "and a half" / "and half" after a number: (fraction, tokens used)."""
    k = j + 1
    while tokens[j : j + 1] == ["point"] and k < len(tokens) and tokens[k] in _EN_DIGIT:
        k += 1
    if k > j + 1:
        return float("0." + "".join(_EN_DIGIT[t] for t in tokens[j + 1 : k])), k - j
    if tokens[j : j + 3] == ["and", "a", "half"]:
        return 0.5, 3
    return (0.5, 2) if tokens[j : j + 2] == ["and", "half"] else (0.0, 0)


def english_numbers(tokens: list[str], values: list[float]) -> list[str]:
    """Replace numbers in English tokens by placeholders, appending to `values`."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        j = i + 1
        read: list[float] = []
        if _DIGITS.match(tok):
            read = [float(tok) if len(tok) <= 12 else math.inf]
        elif (tok in _EN_WORD or tok == "a") and not (
            tok == "one"
            and out
            and out[-1] in _ONE_PRONOUN_BEFORE
            and (j == len(tokens) or tokens[j] not in _UNIT_AFTER)
        ):
            j, words = _en_words(tokens, i)
            read = [float(n) for n in alpha2digit(words.replace("a hundred", "one hundred"), "en", 0).split()]
        if not read:
            out.append(tok)
            i += 1
            continue
        frac, used = _en_fraction(tokens, j)
        if used and tokens[j] == "point" and "." in tok:
            frac, used = 0.0, 0
        read[-1] += frac
        out.extend(_placeholder(v, values) for v in read)
        i = j + used
    return out


# -- Chinese ---------------------------------------------------------------
# Read by hand: cn2an reads most of these but takes 110 ms to import (measured;
# the service is to be ready within 1 s of start) and still misses 二十一度半 and a lone 百.

#: A Chinese digit's value (also read by :mod:`.reword_zh` for two numbers said for about, and shares).
ZH_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_RUN = re.compile(r"[零〇一二两三四五六七八九十百]+(?:点[零〇一二三四五六七八九]+)?(?:\.5)?|\d+(?:\.\d+)?")
#: A lone 一 or 两 is a number only before a unit (一点 "a bit", 一半, 一下, 两边 are words).
_ZH_UNIT_AFTER = re.compile(r"^(?:度|档|级|%|个?小时|分钟|秒|格|号|成)")
#: ... or before another amount of a range (一到两度, 一或两档: two amounts, asked about).
_ZH_RANGE_AFTER = re.compile(r"^(?:到|至|或者?|还是)[零〇一二两三四五六七八九十百\d]+(?:度|档|级|%)")
_ZH_NUMBER_BEFORE = ("百分之", "调到", "调成", "设为", "设置为", "设成", "开到", "到", "第", "为", "成")


def _zh_int(run: str) -> int | None:
    """Value of a Chinese integer numeral (二十一, 十八, 一百五十, 两百, 二一)."""
    if not run:
        return None
    if "百" not in run and "十" not in run:
        if len(run) == 1:
            return ZH_DIGIT[run]
        if len(run) > 7:
            return None
        return int("".join(str(ZH_DIGIT[c]) for c in run))  # digit by digit
    total = 0
    rest = run
    if "百" in rest:
        head, _, rest = rest.partition("百")
        h = _zh_int(head) if head else 1
        if h is None or "十" in head or "百" in rest:
            return None
        total += 100 * h
        if rest and "十" not in rest and len(rest) == 1 and rest not in "零〇":
            return total + 10 * ZH_DIGIT[rest]  # 一百五 = 150
        rest = rest.lstrip("零〇")
    if "十" in rest:
        head, _, tail = rest.partition("十")
        t = ZH_DIGIT.get(head, None) if head else 1
        if t is None or len(head) > 1 or "十" in tail or len(tail) > 1:
            return None
        total += 10 * t + (ZH_DIGIT[tail] if tail else 0)
    elif rest:
        if len(rest) > 1:
            return None
        total += ZH_DIGIT[rest]
    return total


def chinese_numbers(text: str, values: list[float]) -> str:
    """Replace Chinese numerals and digits in `text` by placeholders."""
    text = re.sub(r"(?<=[\d零〇一二两三四五六七八九十百])挡", "档", text)
    # 二十一度半 -> 二十一.5度 (read below), 21度半 -> 21.5度
    text = re.sub(r"([零〇一二两三四五六七八九十百\d]+)度半", r"\1.5度", text)
    # 百分之N and N% are the same thing: write N%.
    text = re.sub(r"百分之([零〇一二两三四五六七八九十百\d.]+)", r"\1%", text)
    out: list[str] = []
    pos = 0
    for m in _ZH_RUN.finditer(text):
        run = m.group(0)
        start, end = m.span()
        value = _read_zh_run(run, text, start, end)
        if value is None:
            continue
        out.append(text[pos:start])
        out.append(_placeholder(value, values))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _read_zh_run(run: str, text: str, start: int, end: int) -> float | None:
    if run[0].isdigit():
        return float(run) if len(run) <= 12 else math.inf
    half = run.endswith(".5")
    core = run[:-2] if half else run
    integer, _, decimals = core.partition("点")
    after = text[end:]
    before = text[:start]
    if integer == "一" and after.startswith("半"):
        return None  # 一半 "half" is a word, not a number
    if integer in ("一", "两") and not decimals and not half:
        if not (
            _ZH_UNIT_AFTER.match(after)
            or _ZH_RANGE_AFTER.match(after)
            and not before.endswith("就")
            or before.endswith(_ZH_NUMBER_BEFORE)
            and integer != "两"
        ):
            return None
    if integer == "十" and after.startswith("分") and not after.startswith("分钟"):
        return None  # 十分 "very"
    if after.startswith(("门", "个门")) and not decimals and not half:
        return None  # 四门 "all four doors": a word, not a value
    if run == "零" and before.endswith(("清", "归")):
        return None  # 里程清零 "reset": a verb, not a value
    value = _zh_int(integer)
    if value is None:
        return None
    result = float(value)
    if decimals:
        result += float("0." + "".join(str(ZH_DIGIT[c]) for c in decimals[:12]))
    if half:
        result += 0.5
    return result


#: Larger (or non-finite) numbers are no setting anyone speaks: they match nothing.
MAX_VALUE = 1_000_000.0


def _placeholder(value: float, values: list[float]) -> str:
    if not math.isfinite(value) or abs(value) > MAX_VALUE:
        return "#"
    values.append(value)
    return str(len(values) - 1)


def en_number(words: str) -> float | None:
    """The value of `words` when they are one number and nothing else ("25", "twenty five", "one and a half")."""
    if _DIGITS.match(words):
        return float(words)
    values: list[float] = []
    out = english_numbers(words.split(), values)
    return values[0] if out == ["0"] and not _DIGITS.match(words.split()[0]) else None


def zh_number(run: str) -> float | None:
    """The value of a Chinese numeral or digit run ("十", "二十五", "30"), None when it is none."""
    if run.isdigit():
        return float(run) if len(run) <= 6 else None
    if not run or any(c not in "零〇一二两三四五六七八九十百" for c in run):
        return None
    value = _zh_int(run)
    return None if value is None else float(value)


__all__ = ["chinese_numbers", "en_number", "english_numbers", "zh_number"]
