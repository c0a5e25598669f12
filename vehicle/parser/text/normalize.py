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

from .numbers import chinese_numbers, english_numbers
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
_ZH_HOW_LONG = re.compile(r"((?:开|关|打开|关闭|关上|开启)了)[^,，。;；\s]{1,8}?(?:分钟|小时|秒钟|秒|钟头)(了|啦)")


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
        lifted, timings = lift(raw, language)
        canon = _english(lifted, values, converted)
    else:
        lifted, timings = lift(_ZH_HOW_LONG.sub(rf"\1{NAME}\2", _T2S.convert(raw)), language)
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


_EN_APOSTROPHE = re.compile(r"[’‘`´]")
_EN_SUBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\ba\s*/\s*c\b|\ba\.c\.?(?=\s|$)|\ba\.c\b"), "ac"),
    (re.compile(r"°\s*c\b|°\s*f\b|°"), " degrees "),
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


#: A word no vocabulary holds: what a name or a clock time becomes, so it reads
#: as an unknown word (never a value) and holds its clause.
NAME = "\ue000"
#: What a clock time becomes: a time, never a value; the clause markers read it
#: as a time the person gave, which holds its sentence ("set the fan to 2 at 8:00").
CLOCK = "\ue001"
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


#: "open this car's trunk", 打开这辆车的后备箱: this car is the one the service drives (said of another
#: car, the clause markers hold it).
_EN_THIS_CAR = re.compile(r"\b(?:this|my|our|the) (?:car|vehicle)'s\b|\bof (?:this|my|our|the) (?:car|vehicle)\b")
_ZH_THIS_CAR = re.compile(r"(?:这辆|这台|这部|本|我的|我)车的")


#: "open window 2": a small bare number right after "window" names a window by its number, which the
#: catalog does not number (never 2 percent): an unknown word, so nothing acts on a guess.
_EN_WINDOW_NUMBER = re.compile(
    r"\b(windows?)\s+(?:number\s+|no\.?\s*|#\s*)?(?:[1-6]|one|two|three|four|five|six)\b"
    r"(?!\s*(?:%|percent|per\s?cent|degrees?|inch|inches|cm|centimet))"
)


#: "open the windows and the tailgate, never mind the tailgate", "… cancel the tailgate": a take-back
#: with an object after a command forbids that object only (the object used to be read alone and
#: share the command's verb: the tailgate opened). "cancel ac" said first still switches it off.
_EN_TAKE_BACK_OBJECT = re.compile(
    r"(?<=\S)[\s,.;!]+(?:(?:actually|oh|no|and|but)\s+)?(?:never ?mind|forget(?: about)?|scratch|skip|cancel|drop)\s+"
    r"(?=(?:the |my |about )?(?!(?:that|it|this|everything|all|please|what|i|to|open|close|shut|turn|switch|set|start"
    r"|stop|put|make|raise|lower|roll|pop|instead|and|then|just|actually)\b)[a-z])"
)

#: "open the sunroof and the windows no windows": "no" and a thing after a command forbids that thing
#: ("no, open the window" stays a correction; "no more", "no need" are no things).
_EN_NO_OBJECT = re.compile(
    r"(?<=[a-z0-9])\s+no\s+(?!(?:the|my|your|a|an|his|her|their|open|close|shut|turn|switch|set|start|stop|put|make|raise|lower|roll|pop|wait"
    r"|no|sorry|i|it|that|this|more|need|longer|way|problem|thanks|thank|worries|rush|hurry|change|changes)\b)(?=[a-z])"
)


#: Two places said of one member ("the rear passenger window", "the driver side rear window", 后排副驾侧车窗):
#: the member where both hold (the rear seat on that side), never both places' members (three windows
#: opened). The driver sits on the left (catalog/seats.yaml: behind the driver is rear_left).
_EN_OF_A_MEMBER = (
    r"(?=\s+(?:side\s+)?(?:windows?|seats?|doors?|reading|lights?|temp|temperature|zone|heat|heated|heating|vent"
    r"|ventilation|massage|climate|ac|fan|mirror|air|one)\b|\s*$)"
)
_EN_SIDE_OF_ROW = (
    (re.compile(r"\b(?:rear|back) passengers\b" + _EN_OF_A_MEMBER), "rear"),
    (
        re.compile(
            r"(?:\b(?:rear|back) passenger(?:'s)?(?: side)?|\bpassenger(?:'s)?(?: side)? (?:rear|back))\b"
            + _EN_OF_A_MEMBER
        ),
        "rear right",
    ),
    (
        re.compile(
            r"(?:\b(?:rear|back) driver(?:'s)?(?: side)?|\bdriver(?:'s)?(?: side)? (?:rear|back))\b" + _EN_OF_A_MEMBER
        ),
        "rear left",
    ),
    (re.compile(r"\bfront driver(?:'s)?\b"), "driver"),
    (
        re.compile(
            r"\b(?:rear|back) (window|seat|door|reading light|light)s? on (?:the )?(driver|passenger)(?:'s)? side\b"
        ),
        lambda m: ("rear left " if m.group(2) == "driver" else "rear right ") + m.group(1),
    ),
)
_ZH_SIDE_OF_ROW = (
    (
        re.compile(
            r"(?:主驾|司机|左)(?:驾驶)?(?:侧|那侧|这侧|一侧)?(?:的)?后排|后排(?:的)?(?:主驾|司机)(?:驾驶)?(?:侧|那侧|这侧|一侧)?"
        ),
        "左后",
    ),
    (re.compile(r"副驾(?:驶)?(?:侧|那侧|这侧|一侧)?(?:的)?后排|后排(?:的)?副驾(?:驶)?(?:侧|那侧|这侧|一侧)?"), "右后"),
)


#: "open all windows but keep mine closed": a member kept as it is after a group is left out of it.
_EN_KEEP_MINE = re.compile(
    r"(?<=[a-z0-9'])\s*,?\s*\b(?:but |and )?(?:keep|leave) (mine|my (?:window|seat|side|one)|the (?:driver|passenger)'s(?: one| window| seat)?"
    r"|the (?:rear left|rear right|driver|passenger|front) (?:one|window|seat))\s+(?:closed|shut|up|off|alone|as it is)\b"
)


#: 三成, 五成: tenths (三成 is 30 %, never 3 %).
_ZH_TENTH = (
    {c: str(10 * (k + 1)) for k, c in enumerate("一二三四五六七八九")}
    | {str(k): str(10 * k) for k in range(1, 10)}
    | {"两": "20", "十": "100"}
)
_ZH_TENTHS = re.compile(r"(?<![\d一二三四五六七八九十两])([一二三四五六七八九两十1-9])成(?![人年员功绩熟为本])")
#: 四个车窗 is every window; 三个车窗 says how many, not which: neither is an amount (it opened one 4 %).
_ZH_COUNTED = re.compile(r"([两二三四4])个(车?窗(?:户)?|座椅|座位)")


def _zh_counted(m: re.Match[str]) -> str:
    return ("所有" if m.group(1) in "四4" else NAME) + m.group(2)


_ZH_EXCEPT_INSIDE = re.compile(
    r"(?:(?<=^)|(?<=[,;\s]))([\u4e00-\u9fff]{1,6}?)((?:除了|除开|除去)[\u4e00-\u9fff]{1,6}?(?:以外|之外|外)?)(?=都|全)"
)


#: One window of a pair, or "both" of more than two ("open the rear window", "open both windows"): which
#: one is not said, so nothing acts on a guess (it opened both rear windows, or all four). The rear
#: window's glass stays the rear defroster's ("rear window defrost").
_EN_GLASS_WORK = re.compile(r"defrost|defog|demist|de-?ice|wiper|heated|fog")
_EN_WHICH_ONE = re.compile(
    r"\b(?:the |my )?(?:rear|back|front) window\b(?!s)(?! (?:defrost|defog|demist|heat|wiper|glass)\w*)"
    r"(?! on (?:the |my )?(?:left|right|driver|passenger))|\bboth (?:windows|seats)\b"
)


#: "less cold" is warmer, "less warm" cooler (read as the adjective, it went the other way).
_EN_LESS = (
    (re.compile(r"\b(?:a (?:little|bit) )?less (?:cold|cool|chilly|freezing|icy)\b"), "warmer"),
    (re.compile(r"\b(?:a (?:little|bit) )?less (?:warm|hot|toasty|stuffy)\b"), "cooler"),
)
#: A count of the members named ("the two back windows", "all four windows"): no amount (it opened them 2 %).
_EN_COUNT = re.compile(
    r"\b(?:two|2)\s+(?=(?:back|rear|front)\s+(?:windows|seats|doors)\b)"
    r"|(?<=\ball )(?:four|4)\s+(?=(?:windows|seats|doors)\b)"
)


_EN_GOING_TO_GARAGE = re.compile(r"\b(?:to|towards?|into) (?:the |my |our )?garage\b(?! door)")
_EN_MODE_THING = re.compile(
    r"\bcamping (?:gear|trip|site|ground|grounds|chair|chairs|stuff|equipment|store|spot|stove)\b"
)


def _side_of_row(text: str, rules) -> str:
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text


def _english(text: str, values: list[float], converted: list[tuple[float, float]]) -> str:
    text = _EN_APOSTROPHE.sub("'", text)  # before the negation is read: "don’t, open the trunk"
    text = _EN_KEEP_MINE.sub(r" except \1", _side_of_row(text, _EN_SIDE_OF_ROW))
    text = _EN_COUNT.sub("", _side_of_row(text, _EN_LESS))
    text = _EN_MODE_THING.sub(f" {NAME} ", text)  # "camping gear" is no camping mode
    text = _EN_GOING_TO_GARAGE.sub(f" to {NAME} ", text)  # "go to the garage": a place, not its door
    if not _EN_GLASS_WORK.search(text):
        text = _EN_WHICH_ONE.sub(f" {NAME} ", text)
    text = _EN_NO_OBJECT.sub(" , don't touch ", _EN_TAKE_BACK_OBJECT.sub(" , don't touch ", text))
    text = _EN_WINDOW_NUMBER.sub(rf"\1 {NAME}", _EN_THIS_CAR.sub(" ", text))
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
    text = _trim_commas(" ".join(t for t in tokens if t != "the"))
    return _EN_LIST_STATE_LAST.sub(_en_list_state_last, text)


#: A list with its state word after it ("rear left seat heating and ventilation on"): the state is each
#: member's, as when the verb leads ("turn on rear left seat heating and ventilation"); read alone, the
#: last member took the state and the first was lost.
_EN_LIST_STATE_LAST = re.compile(
    r"(?:(?<=^)|(?<=[,;?] ))([^,;?]+? and [^,;?]+?)(?: both)? (on|off)((?: please| now| thanks| thank you)?)(?= [,;?]|$)"
)
_EN_LIST_HAS_VERB = re.compile(
    r"\b(?:turn|turned|switch|switched|set|open|close|shut|start|stop|make|put|raise|lower|increase|decrease"
    r"|activate|enable|disable|keep|leave|is|are|was|were|be|been|don't|dont|do|does|did|not|no|never|if|when"
    r"|once|why|how|what|get|got|have|has|want|need|like|i|we|you|it|they|he|she|stays?|and then|on|off)\b"
)


def _en_list_state_last(m: re.Match[str]) -> str:
    if _EN_LIST_HAS_VERB.search(m.group(1)):
        return m.group(0)
    return f"turn {m.group(2)} {m.group(1)}{m.group(3)}"


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
    # A space between two Chinese characters starts a new clause (speech
    # recognisers put one there); kept as one space, read by the cutter.
    (re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])"), "\x00"),
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
_ZH_WAKE = re.compile(r"(?:你好|您好|嗨|hi|hello|hey)\s*零度(?:了零度)?")
#: An assistant's name, then the greeting, before what is asked ("叮当你好 我要睡觉"): the wake word.
_ZH_WAKE_NAME = re.compile(r"^[\u4e00-\u9fff]{2,3}?(?:你好|您好)\s*(?=\S)")
_ZH_NAMES = re.compile(
    rf"(?<![{_ZH_DIGIT}\d百千万])百(?!分之)"  # 百度: 百 with no numeral before it is no hundred
    r"|\d+度[a-z]+|\d+[a-z]+店"  # 85度c, 4s店
    r"|\d{4,}"  # 10086
)


#: Traditional characters read as Simplified (OpenCC's own tables, phrase by phrase).
_T2S = opencc.OpenCC("t2s")


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
    r"((?:千万|先|暂时|现在|可)?(?:别(?:呀|啊|吧)?|不要|不用|没必要|不需要|用不着|禁止|不许|不准|不可以|不能|勿)|不)"
    r"(?:\s+|(?<!不)[,，]\s*)(?=[\u4e00-\u9fff])"
)


#: 取消 cut off the command it cancels by a recogniser's space ("取消 开座椅加热"): joined again.
_ZH_CANCEL_APART = re.compile(r"取消\s+(?=[开关打调设启升降把将])")
#: 我自己 开后备箱: what the speaker will do, cut off by a space, stays with it (a statement).
_ZH_SELF_APART = re.compile(r"((?:^|(?<=[,;\s]))(?:我自己|我来|我去|我手动|让我来|我亲自))\s+(?=[\u4e00-\u9fff])")
#: Someone else, then how they feel, split by a recogniser's space ("我妈 好冷"): one clause, their state.
_ZH_SOMEONE_APART = re.compile(
    r"(?:^|(?<=[,;\s]))((?:我|我的)?(?:妈|爸|妈妈|爸爸|老婆|老公|媳妇|儿子|女儿|孩子|同事|朋友|家人|宝宝|小孩|奶奶|爷爷"
    r"|狗狗|猫咪|他|她|他们|她们))\s+(?=[好很太有点真挺特别非常])"
)


#: Where the air goes, cut off by a space or a comma ("关闭空调，吹脚"): joined to what comes before,
#: where the clause cutter reads it (a request of its own unless a switch-off verb may govern it).
_ZH_AIRFLOW_APART = re.compile(r"[\s,，]+(?=吹(?:脸|脚|头|身|上半身|下半身)|对着|朝着|冲着|往(?:我|脸|脚|头|身))")


#: A verb of passing words on, writing or looking up, with no object of its own, then a space or a
#: comma ("告诉他 打开后备箱", "搜索 打开后备箱"): what follows is its object, one clause with it.
_ZH_DICTATION_APART = re.compile(
    r"^((?:帮我|请|麻烦你?)?(?:告诉|转告|通知|叫|让)(?:他|她|他们|她们|老婆|老公|妈妈|爸爸|儿子|女儿)|(?:帮我|请)?(?:告诉|转告|通知)|(?:给\S{1,4})?发(?:个|条)?(?:消息|微信|短信|信息)(?:给\S{1,4})?"
    r"|回复(?:他|她)?|翻译|备忘|记一下|搜索|搜一下|播放(?:歌曲?)?|放一首|来一首|放首歌(?:叫)?|放首)[\s,，]+(?=[\u4e00-\u9fff])"
)


#: A list with its switch verb after it ("把座椅加热和通风关闭", "前挡除雾和后挡除雾 关闭"): the verb is
#: each member's, as with 都 ("座椅加热和通风都关闭"); without it the first member read alone came on.
_ZH_LIST_VERB_LAST = re.compile(
    r"(?<![^,;\s])((?:把|将)?[^,;\s]{1,10}?(?:和|跟|与|以及|还有)[^,;\s]{1,10}?)\s?(都\s?)?"
    r"((?:打开|开启|关闭|关掉|关上|启动|停止|停掉|开|关)(?:掉|了|吧|一下)?)(?![^,;\s])"
)
_ZH_LIST_HAS_VERB = re.compile(r"打开|开启|关闭|关掉|关上|启动|停止|(?<!空)调|设|升|降|别|不|没|吗|了")


def _list_verb_last(m: re.Match[str]) -> str:
    listed = m.group(1)
    if _ZH_LIST_HAS_VERB.search(listed):
        return m.group(0)
    return f"{listed}都{m.group(3)}"


_ZH_SPACED_RUN = re.compile(r"[\u3400-\u9fff]+(?:\s+[\u3400-\u9fff]+){2,}")
#: A question said after a command and spaced off it ("打开天窗 会怎样", "打开后备箱 安全吗", "打开天窗 吗"), or a
#: question word spaced off before it ("为什么 打开后备箱"): one clause, a question (read apart, the
#: command ran). A tail naming a control of its own is a question of its own ("打开空调 车窗关了吗").
_ZH_QUESTION_TAIL = re.compile(
    r"(?<=[\u4e00-\u9fff])\s+(?=(?:(?![^\s,;]*(?:窗|门|灯|空调|座椅|温度|风|后备箱|除雾|镜|模式|天气|今天|明天|导航|音乐|歌|电话|路))[^\s,;]{0,5}"
    r"(?:吗|呢|怎样|怎么样|会不会|为什么|干什么|干嘛|什么用|哪个|好不好|行不行|可不可以|能不能|可以不|怎么操作|怎么弄"
    r"|([\u4e00-\u9fff])不\1)[^\s,;]{0,4})(?:$|[\s,;]))"
    r"|^(?:为什么|为啥|谁|什么时候|啥时候)\s+"
)


def _words_spaced(m: re.Match[str]) -> str:
    """A recogniser that spaces words, not clauses ("我 不想 开 天窗", "十 分钟 后 开 后备箱"): when at least
    half the pieces are one or two characters, the spaces are joined away, so a negation, a question
    or a delay keeps its scope (read apart, each piece was a clause and the command ran)."""
    parts = m.group(0).split()
    if 2 * sum(len(p) <= 2 for p in parts) >= len(parts):
        return "".join(parts)
    return m.group(0)


def _chinese(text: str, values: list[float], converted: list[tuple[float, float]]) -> str:
    text = _ZH_SPACED_FILLER.sub("", text).replace("百分百", "100%")  # 百分百: a hundred percent
    text = _ZH_QUESTION_TAIL.sub(lambda m: m.group(0).strip(), _ZH_SPACED_RUN.sub(_words_spaced, text))
    text = text.replace("、", "和")  # 、 joins the members of a list: 空调、座椅加热都打开 is both
    text = _ZH_LIST_VERB_LAST.sub(_list_verb_last, text)  # 座椅加热和通风关闭: both switched off
    text = _side_of_row(text, _ZH_SIDE_OF_ROW)  # 后排副驾侧车窗: the rear right one
    text = _ZH_EXCEPT_INSIDE.sub(r"\2 \1", text)  # 车窗除了主驾都打开: 除了主驾 车窗都打开
    text = _ZH_TENTHS.sub(lambda m: f"{_ZH_TENTH[m.group(1)]}%", _ZH_COUNTED.sub(_zh_counted, text))
    text = _ZH_THIS_CAR.sub("", _ZH_CANCEL_APART.sub("取消", _ZH_SOMEONE_APART.sub(r"\1", text)))
    text = _ZH_SELF_APART.sub(r"\1", text)
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
