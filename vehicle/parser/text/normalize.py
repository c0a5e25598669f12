"""Text -> one canonical form per language, before anything is matched.

NFKC first (full-width ２１度 and 30％ become ASCII), then lower case, then
the spellings the grammar does not want to care about (A/C, °C, %), then
clause punctuation turned into a single "," marker, then numbers into
placeholders, and in English the article "the" dropped (:mod:`vehicle.parser.text.numbers`). The result is what every
later stage reads; the caller's text is never matched directly.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import opencc

from .names import CLOCK, NAME
from .numbers import chinese_numbers, english_numbers
from .people import ZH_KIN, ZH_THEY
from .reword_en import reword_en, reword_en_delay, reword_en_read
from .reword_zh import reword_zh, reword_zh_spaced
from .timing import Timing, lift

#: CJK unified ideographs (with extension A and compatibility ideographs).
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_QUESTION = re.compile(r"[?？]")


@dataclass(frozen=True, slots=True)
class Normalized:
    """An utterance in canonical form, numbers lifted out.

    Kept separate from the caller's text so the grammar only ever sees one
    spelling per word, and so every number is read exactly once.
    """

    language: str
    """"zh" when the text holds a CJK ideograph, else "en" (DESIGN section 4)."""
    text: str
    """Lower-case canonical text; clause punctuation is ","; numbers are indexes."""
    numbers: tuple[float, ...]
    """Value of each number placeholder, by index."""
    asked: bool
    """The text carried a question mark (a hint, never decisive on its own)."""
    raw: str = ""
    fahrenheit: tuple[tuple[float, float], ...] = ()
    """(Celsius value, the Fahrenheit said) of each number said in Fahrenheit: a
    change by N °F is N * 5/9 degrees, not the temperature N °F."""
    """The caller's text after NFKC and lower case only (for mixed-language readings)."""
    timings: tuple[Timing, ...] = ()
    """The delays, clock times and durations lifted out of the text; the text
    holds marker k (:mod:`.timing`) where timing k was said."""
    said: str = ""
    """The caller's text as given (an unplaced piece is reported in its words)."""


#: "天窗开了十分钟了": how long it has been on, told (never a duration to schedule).
_ZH_HOW_LONG = re.compile(
    r"((?:开|关|打开|关闭|关上|开启|已经|都|冷|热|等|坐|开车)了?)[^,，。;；\s]{1,8}?(?:分钟|小时|秒钟|秒|钟头)(了|啦)"
)
#: A time that is now or was ("都七点半了", "十分钟前开的窗"): told, never a time to act at, and 前 there is
#: no "front".
_ZH_TIME_TOLD = re.compile(
    r"(?:都|已经|现在)?(?:早上|上午|中午|下午|傍晚|晚上)?[零〇一二两三四五六七八九十\d]{1,3}点(?:半|钟|整|[零〇一二三四五六七八九十\d]{1,3}分?)?了"
    r"|[零〇一二两三四五六七八九十半\d]{1,3}(?:个)?(?:分钟|小时|秒钟|秒|钟头|天)(?:以前|之前|前)"
)


def to_simplified(text: str) -> str:
    """Traditional Chinese read as Simplified (OpenCC's t2s)."""
    return _T2S.convert(text)


def detect_language(text: str) -> str:
    return "zh" if _CJK.search(text) else "en"


def normalize(text: str) -> Normalized:
    """Canonical form of `text` (pure; never raises on any string)."""
    raw = unicodedata.normalize("NFKC", text).lower()
    language = detect_language(raw)
    asked = bool(_QUESTION.search(raw))
    values: list[float] = []
    converted: list[tuple[float, float]] = []
    if language == "en":
        lifted, timings = lift(reword_en_delay(raw), language)
        canon = _english(lifted, values, converted)
    else:
        told = _ZH_TIME_TOLD.sub(NAME, _ZH_HOW_LONG.sub(rf"\1{NAME}\2", _T2S.convert(raw)))
        told = _ZH_EN_POLITE_START.sub("", _ZH_EN_POLITE_END.sub("", told))
        lifted, timings = lift(reword_zh_spaced(_ZH_SPACED_FILLER.sub("", told)), language)
        canon = _chinese(lifted, values, converted)
    return Normalized(
        language=language,
        text=canon,
        numbers=tuple(values),
        asked=asked,
        raw=raw,
        fahrenheit=tuple(converted),
        timings=timings,
        said=text,
    )


_EN_SUBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\ba\s*/\s*c\b|\ba\.c\.?(?=\s|$)|\ba\.c\b"), "ac"),
    (re.compile(r"°\s*f\b"), " degrees fahrenheit "),  # "72°f": Fahrenheit, never 72 °C
    (re.compile(r"°\s*c\b|°"), " degrees "),
    (re.compile(r"%"), " percent "),
    (re.compile(r"(?<=\d),(?=\d(?!\d))"), "."),  # 21,5 -> 21.5
    (re.compile(r"(?<=[a-z])-(?=[a-z])"), " "),  # twenty-one, co-pilot
    (re.compile(r"\.(?!\d)|(?<!\d)\."), " ; "),  # sentence stops (not 21.5)
    (re.compile(r"[?？]"), " ? "),
    (re.compile(r"[!;。；！]"), " ; "),
    (re.compile(r"[\"“”「」『』]|(?<![a-z])'|'(?![a-z])"), ' " '),
    (re.compile(r"[,:，、…()\[\]]+"), " , "),
    (re.compile(r"\s*(?:,\s*)+"), " , "),
)


#: Clock times are times, never values ("cancel my 5:30 pm reservation").
_EN_CLOCK = re.compile(
    r"\b\d{1,2}:\d{2}(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)(?![a-z])"
)
#: Four digits or more are a number of something else (a phone, a flight), never a setting.
_LONG_DIGITS = re.compile(r"\d{4,}")


#: "set it two 22", "changed too sixty-two", "2 the max": a recogniser's "to" before a value.
_EN_TO_SAID_AS = re.compile(
    r"\b(?:two|too|2) (?=\d|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|ten|eleven|twelve|thirteen"
    r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b|the (?:max|min))"
    r"|\b(?:two|too|2) (?=(?:on|off)$)"  # "change the demister too on", "set ac systems 2 off"
    r"|\b(?:two|too|2) (?=(?:stage|level|speed) (?:\d|[a-z]+$))"  # "set rear fans 2 stage eleven"
)


#: A place relative to the speaker's seat ("behind me", 我后面的): which member that is depends on
#: the seat and is not read here, so it reads as an unknown word and holds its clause (it used to
#: be "my" dropped before a row: both rear windows).
_EN_RELATIVE = re.compile(r"\b(?:behind|in front of|next to|beside) (?:me|my seat|us)\b|\b(?:her|his|their) side\b")
#: (and someone's side, or done for someone, with no place named: "把她那边的窗户打开", 帮她开窗)
_ZH_RELATIVE = re.compile(
    r"我(?:的)?(?:后面|后边|后方|前面|前边|前方|旁边|左边|右边)|(?:他|她)(?:们)?(?:那边|这边|那侧|那一侧|那里|那儿)|帮(?:他|她)(?!们?说)"
)


#: "the passenger window, is it open": the question said after its control is one clause with it.
_EN_TAIL_QUESTION = re.compile(
    r"\s*,\s*(?=(?:is|are) (?:it|they) (?:on|off|open|closed|shut|running|active|working|enabled|folded)\s*[?.!]*\s*$)"
)


#: "okay computer, has the defroster been switched on", "car, open the window": the wake word.
_EN_WAKE = re.compile(
    r"^(?:(?:ok|okay|hey|hi|hello)\s+)?(?:computer|assistant)\b\s*,?\s*(?=\S)"
    r"|^(?:(?:ok|okay|hey|hi|hello)\s+)?car\s*,\s*(?=\S)"
)


#: "don't, open the trunk", "never. open the trunk": a negation cut off what it governs by a comma or
#: a stop is joined to it again ("no, open the window" stays a correction).
_EN_NEGATION_APART = re.compile(
    r"\b((?:please )?(?:don't|dont|do not|never|not now|not yet|no need to|no need))\s*[,.;:!]+\s*(?=[a-z])"
)


def _english(text: str, values: list[float], converted: list[tuple[float, float]]) -> str:
    text = reword_en(text)
    text = _EN_TAIL_QUESTION.sub(" ", _EN_WAKE.sub("", text))
    text = _EN_NEGATION_APART.sub(r"\1 ", text)
    text = _EN_RELATIVE.sub(f" {NAME} ", _EN_TO_SAID_AS.sub("to ", text))
    text = _LONG_DIGITS.sub(f" {NAME} ", _EN_CLOCK.sub(f" {CLOCK} ", text))
    for pattern, repl in _EN_SUBS:
        text = pattern.sub(repl, text)
    text = _EN_HALF.sub(" 0.5 degrees", text)
    tokens = english_numbers(text.split(), values)
    tokens = _fahrenheit_en(tokens, values, converted)
    # "the" carries nothing a command needs; dropping it here keeps it out
    # of every vocabulary entry and alias ("open the window" reads as "open window").
    return reword_en_read(_trim_commas(" ".join(t for t in tokens if t != "the")))


_EN_HALF = re.compile(r"(?<![a-z])(?<!\band )(?<!\band a )(?:a\s+)?half\s+(?:a\s+)?degrees?\b")
_F_WORDS = ("fahrenheit", "f", "farenheit", "fahrenheits")


def _fahrenheit_en(tokens: list[str], values: list[float], converted: list[tuple[float, float]]) -> list[str]:
    """ "70 degrees fahrenheit", "70 f", "70 fahrenheit" -> Celsius placeholders."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        out.append(tok)
        if tok.isdigit() and int(tok) < len(values):
            j = i + 1
            if j < len(tokens) and tokens[j] in ("degrees", "degree"):
                j += 1
            if j < len(tokens) and tokens[j] in _F_WORDS:
                said = values[int(tok)]
                values[int(tok)] = to_celsius(said)
                converted.append((values[int(tok)], said))
                out.append("degrees")
                i = j + 1
                if i < len(tokens) and tokens[i] in ("degrees", "degree"):
                    i += 1  # "sixty one fahrenheit degrees"
                continue
        i += 1
    return out


_ZH_SUBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"°\s*c\b|℃|°"), "度"),
    (re.compile(r"\ba\s*/\s*c\b"), "ac"),
    (re.compile(r"[?？]"), "?"),
    (re.compile(r"(?<!\d)\.|\.(?!\d)|[!;。；！]"), ";"),
    (re.compile(r"[\"“”「」『』]"), '"'),
    (re.compile(r"[’‘]"), "'"),
    (re.compile(r"[,:：，、…~～()\[\]]+|(?<![a-z])'|'(?![a-z])"), ","),
    # An English condition before Chinese is one there ("if 下雨 关闭天窗": held, never done now).
    (re.compile(r"^(?:if|when|whenever|once|unless|after|as soon as)\s+(?=[\u3400-\u9fff])"), "如果"),
    # An English negation before a Chinese command is 别 there, and starts its clause ("打开天窗 don't
    # 打开后备箱": the tailgate is the one not to open).
    (
        re.compile(
            r"\s*(?:\b(?:but|and|just)\s+)?(?<![a-z'])(?:don't|dont|do not|never)(?![a-z'])[\s,]*(?=[\u3400-\u9fff])"
        ),
        ",别",
    ),
    # A space between two Chinese characters starts a new clause (speech
    # recognisers put one there), after a Latin word said inside Chinese too
    # ("打开AC 当前温度多少度", not "do not 关闭空调");
    # kept as one space, read by the cutter.
    (
        re.compile(
            r"(?:(?<=[\u3400-\u9fff])|(?<=[\u3400-\u9fff][a-z]{2})|(?<=[\u3400-\u9fff][a-z]{3}))\s+(?=[\u3400-\u9fff])"
        ),
        "\x00",
    ),
    # Other spaces only matter between two Latin words or digits ("turn on ac 1").
    (re.compile(r"(?<![a-z0-9])\s+|\s+(?![a-z0-9])"), ""),
    (re.compile(r"\s+"), " "),
    (re.compile("\x00"), " "),
    (re.compile(r",+"), ","),
)


_ZH_DIGIT = "零〇一二两三四五六七八九十"
_ZH_CLOCK = re.compile(
    r"\d{1,2}[:：]\d{2}"  # 7:30
    rf"|(?:早上|上午|中午|下午|傍晚|晚上|今晚|明早|凌晨)?[{_ZH_DIGIT}\d]{{1,3}}点(?:半|钟|整|一刻|三刻|[{_ZH_DIGIT}\d]{{1,3}}分)"
    rf"|(?:早上|上午|中午|下午|傍晚|晚上|今晚|明早|凌晨)[{_ZH_DIGIT}\d]{{1,3}}点"  # 晚上八点
)
#: 你好零度 (a wake word): a greeting, nothing to set.
#: 零度 said first and cut off by a space or a comma, or twice, is the wake word too (it set 0 °C).
_ZH_WAKE = re.compile(
    r"(?:你好|您好|嗨|嘿|hi|hello|hey)\s*零度(?:了零度)?|^零度零度|^零度(?=\s|[,，。!！])"
    r"|^零度同学|^零度(?=打开|开启|关闭|关掉|关上|把|将|调|设置|启动|帮|给|请)"
)
#: An assistant's name, then the greeting, before what is asked ("叮当你好 我要睡觉"): the wake word.
_ZH_WAKE_NAME = re.compile(r"^[\u4e00-\u9fff]{2,3}?(?:你好|您好)\s*(?=\S)")
_ZH_NAMES = re.compile(
    rf"(?<![{_ZH_DIGIT}\d百千万之])百(?!分之)"  # 百度: 百 with no numeral before it is no hundred (百分之百 is)
    r"|\d+度[a-z]+|\d+[a-z]+店"  # 85度c, 4s店
    r"|\d{4,}"  # 10086
)


#: Traditional characters read as Simplified (OpenCC's own tables, phrase by phrase).
_T2S = opencc.OpenCC("t2s")


#: English politeness said after a Chinese command ("把座椅加热关掉 please", "开窗 lah"): nothing of the command (the
#: verb before it was left unread, and 把座椅加热 switched the heating on).
_ZH_EN_POLITE_END = re.compile(
    r"(?<=[\u3400-\u9fff])[\s,，]*(?:(?:please|pls|plz|thanks|thank you|ok|okay|all right|alright|lah|la|leh|lor|now|right now"
    r"|if possible|if you can|if you could)\b[\s,，]*)+"
    r"(?=[.!?。！？]*$)"
)
#: ... and before it ("ok 打开车窗", "hey, 关闭天窗"): the command read on its own.
_ZH_EN_POLITE_START = re.compile(
    r"^[\s,，]*(?:(?:ok|okay|hey|hi|hello|so|um|uh|well|sorry|please|pls)\b[\s,，]*)+(?=[\u3400-\u9fff])"
)
#: A filler a recogniser spaces off ("呃 关闭 呃 制冷"): dropped with its spaces, so it cuts no clause.
_ZH_SPACED_FILLER = re.compile(r"\s*(?<!\S)(?:呃+|嗯+|额+|唔+|那个)(?!\S)\s*")


_ZH_EN_JOINT = re.compile(r"(?<=[\u4e00-\u9fff])\s*(?=(?:but|and then|then|and)\b)")


#: "关闭座椅通风加热", "主驾座椅的通风和加热": one seat word over two of its functions is both
#: of them, each of the same seat ("座椅通风和座椅加热").
_ZH_SEAT_PAIR = re.compile(
    r"((?:主驾驶|主驾|副驾驶|副驾|后排|左后|右后|前排|第二排)?)座椅的?(通风|加热|按摩)(?:和|跟|与|及|还有)?(?!\2)(通风|加热|按摩)"
)


#: A negation cut off what it governs by a recogniser's space or a comma ("别 打开后备箱", "不要，打开
#:车窗"): joined again, so it is never a clause of its own that the command after it escapes. A bare
#: 不 before a comma stays apart ("不，打开车窗" answers a question: no, the window).
_ZH_NEGATION_APART = re.compile(
    r"((?:我|我们|我并|我可|我也|我真|我还)?(?:千万|先|暂时|现在|可)?(?:别(?:呀|啊|吧)?|不要|不用|没必要|不需要|用不着|禁止|不许|不准"
    r"|不可以|不能|勿|不想|不太想|并不想|可不想|不必|无需|不愿意?|不打算|没打算|不希望|没想|不喜欢|讨厌|不敢|怕|担心|不是想"
    r"|并没有要?|没有要)|(?<![哦噢啊呃嗯唉不])不)"  # (哦不 / 不不 spaced off: a take-back, never a negation)
    r"(?:\s+|(?<!不)[,，]\s*)(?=[\u4e00-\u9fff])"
)


#: Where the air goes, cut off by a space or a comma ("关闭空调，吹脚"): joined to what comes before,
#: where the clause cutter reads it (a request of its own unless a switch-off verb may govern it).
_ZH_AIRFLOW_APART = re.compile(r"[\s,，]+(?=吹(?:脸|脚|头|身|上半身|下半身)|对着|朝着|冲着|往(?:我|脸|脚|头|身))")


#: A verb of passing words on, writing or looking up, with no object of its own, then a space or a
#: comma ("告诉他 打开后备箱", "搜索 打开后备箱"): what follows is its object, one clause with it.
_ZH_DICTATION_APART = re.compile(
    rf"^((?:帮我|请|麻烦你?)?(?:告诉|转告|通知|叫|让)(?:{ZH_THEY}|{ZH_KIN})|"
    r"(?:帮我|请)?(?:告诉|转告|通知)|(?:给\S{1,4})?发(?:个|条)?(?:消息|微信|短信|信息)(?:给\S{1,4})?"
    r"|回复(?:他|她)?|翻译|备忘|记一下|搜索|搜一下|播放|放一首|来一首|放首歌叫|放首|(?:我)?(?:想|要)听|听|给我放)[\s,，]+(?=[\u4e00-\u9fff])"
)


def _chinese(text: str, values: list[float], converted: list[tuple[float, float]]) -> str:
    # (spaced fillers went before the times were lifted, in normalize)
    text = reword_zh(text.replace("百分百", "100%"))  # 百分百: a hundred percent
    text = _ZH_NEGATION_APART.sub(r"\1", text)  # "别 打开后备箱": the negation governs what follows it
    text = _ZH_AIRFLOW_APART.sub("", text)  # "关闭空调 吹脚": where the air goes may be what is switched off
    text = _ZH_DICTATION_APART.sub(r"\1", text)  # "告诉他 打开后备箱": what is passed on stays with its verb
    text = _ZH_EN_JOINT.sub(",", text)  # "打开天窗 but don't 打开车窗": an English joint cuts the clause
    text = _ZH_NAMES.sub(
        NAME, _ZH_CLOCK.sub(CLOCK, _ZH_WAKE.sub("你好", _ZH_WAKE_NAME.sub("", text)))
    )  # already Simplified
    text = _ZH_RELATIVE.sub(NAME, text)
    text = _ZH_SEAT_PAIR.sub(r"\1座椅\2和\1座椅\3", text)
    for pattern, repl in _ZH_SUBS:
        text = pattern.sub(repl, text)
    return _fahrenheit_zh(chinese_numbers(_half_zh(text), values), values, converted).strip(",; ")


def _trim_commas(text: str) -> str:
    text = re.sub(r"(?:\s*[,;]\s*)*([;?])(?:\s*[,;]\s*)*", r" \1 ", text)
    return re.sub(r"\s+", " ", text).strip(" ,;")


_ZH_HALF = re.compile(r"(?<![\d零〇一二两三四五六七八九十百])半度")
_ZH_FAHRENHEIT = re.compile(r"华氏(?:温度)?\s*(\d+)\s*度|(\d+)\s*(?:华氏度|度华氏)")


def _half_zh(text: str) -> str:
    """半度 on its own is half a degree ("调高半度")."""
    return _ZH_HALF.sub("0.5度", text)


def _fahrenheit_zh(text: str, values: list[float], converted: list[tuple[float, float]]) -> str:
    """华氏70度 -> the Celsius value, rounded to the nearest 0.5 (DESIGN section 4)."""

    def conv(m: re.Match[str]) -> str:
        index = int(m.group(1) or m.group(2))
        said = values[index]
        values[index] = to_celsius(said)
        converted.append((values[index], said))
        return f"{index}度"

    return _ZH_FAHRENHEIT.sub(conv, text)


def to_celsius(fahrenheit: float) -> float:
    """°F -> °C rounded to the nearest 0.5 (70 -> 21.0)."""
    return round((fahrenheit - 32.0) * 5.0 / 9.0 * 2.0) / 2.0


__all__ = ["Normalized", "detect_language", "normalize"]
