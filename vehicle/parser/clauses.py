"""Clauses and what hassil cannot see in them: politeness, negation,
conditions, questions.

A normalised text is cut at every place a new command may begin (English
"and", "then", ",", ";"; Chinese 并, 然后, 同时, "，", "、", ...). The parser
then tries the longest run of pieces first, so "open the driver and
passenger windows" stays one clause while "turn on the AC and open the
sunroof" becomes two. Each clause is read for its markers here and handed
on without them: "please don't open the sunroof" is the clause "open the
sunroof", negated.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# -- cutting -----------------------------------------------------------------

_EN_CUT = re.compile(r"\s*(?:,|;|\band then\b|\bthen\b|\band also\b|\band\b|\bbut\b|\balso\b|\bplus\b|&)\s*")
_ZH_CUT = re.compile(r"(?:,|;|并且|然后|同时|而且|还有|以及|并|(?<![暖温柔])和|再把|另外|顺便|(?<=\d[度档%])(?=[^\d,;]))")


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of text between two cut points, with the cut before it."""

    text: str
    joint: str
    """The separator that preceded this piece ("" for the first)."""


def pieces(text: str, language: str) -> list[Piece]:
    """Cut `text` at every point a new command may begin (separators kept)."""
    cut = _ZH_CUT if language == "zh" else _EN_CUT
    out: list[Piece] = []
    pos = 0
    joint = ""
    for m in cut.finditer(text):
        chunk = text[pos : m.start()]
        if chunk.strip():
            out.append(Piece(chunk.strip(), joint))
            joint = m.group(0)
        else:
            joint = (joint + m.group(0)) if out else ""
        pos = m.end()
    tail = text[pos:]
    if tail.strip():
        out.append(Piece(tail.strip(), joint))
    return out


def join(run: list[Piece], language: str) -> str:
    """The text of consecutive pieces, with their own separators between."""
    if not run:
        return ""
    parts = [run[0].text]
    for piece in run[1:]:
        sep = piece.joint if language == "zh" else f" {piece.joint.strip()} "
        parts.append(sep + piece.text)
    text = "".join(parts)
    return re.sub(r"\s+", " ", text).strip()


# -- markers -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Clause:
    """One clause's body and the markers read off it.

    The markers decide where the clause's controls go (actions, `negated`,
    or only `mentions`); the body is what the templates are matched against.
    """

    text: str
    """The clause as cut from the normalised text (for needs and spotting)."""
    body: str
    """The clause with politeness, negation and condition words removed."""
    negated: bool = False
    """"don't", 别, 不要, 不用 ...: its controls are forbidden."""
    conditional: bool = False
    """"if", "when", "in 5 minutes", 如果, 等…再, …分钟后: cannot be scheduled."""
    question: bool = False
    """A question or a request for information ("is the AC on", 怎么打开天窗)."""
    hinted: bool = False
    """A question only because the text carried a "?" somewhere (its own words
    are no question): "will it rain? I'm freezing" still states a need."""

    @property
    def empty(self) -> bool:
        """Nothing but politeness ("thanks", "please", 谢谢)."""
        return not self.body and not self.negated and not self.conditional and not self.question


_EN_POLITE_START = re.compile(
    r"^(?:(?:hey car|ok car|hey assistant|hey|hi|hello|ok|okay|so|well|oh|um|uh|and|also|then|now|just|please|pls|plz|kindly"
    r"|can you|could you|would you|will you|can u|could u|would you mind|would you be so kind as to"
    r"|don't forget to|dont forget to|do not forget to|remember to|make sure to|make sure you|be sure to"
    r"|i want you to|i need you to|i'd like you to|i would like you to|i want to|i'd like to|i would like to"
    r"|i wanna|i need to|i want|i'd like|i would like|i need|let's|lets|go ahead and|help me|try to|you can|you could"
    r"|maybe)\b\s*)+"
)
_EN_POLITE_END = re.compile(
    r"(?:\s+\b(?:please|pls|plz|thanks|thank you|thank you very much|thx|for me|now|right now|asap|"
    r"if you can|if you could|if possible|would you|could you|will you|ok|okay|then|too|as well)\b)+$"
)
_EN_POLITE_ASK = re.compile(r"^(?:please |hey |ok |okay )?(?:can|could|would|will) (?:you|u)\b")
_EN_IMPERATIVE = re.compile(
    r"^(?:turn|switch|set|open|close|shut|start|stop|make|put|raise|lower|increase|decrease|activate|enable"
    r"|disable|fold|unfold|pop|crank|bump|roll|change|adjust|warm|cool|heat|defrost|press|trigger)\b"
)
_EN_TIMED = re.compile(
    r"\b(?:in|after|for|within)\s+(?:\d+|a|an|a few|few|a couple of|couple of)\s+(?:more\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b|\bat\s+\d+\s*(?:o'clock|am|pm)\b"
    r"|\b(?:later|tomorrow|tonight|this evening|in the morning|at noon)\b"
)
_EN_IF = re.compile(r"\b(?:if|when|whenever|once|unless|until|as soon as|after|before)\b")
_EN_THANKS = re.compile(
    r"^(?:thanks|thank you|thank you very much|thx|cheers|great|ok|okay|please|that's all|good morning|good afternoon"
    r"|good evening|good night|hello|hi|hey|hi there|hello there|morning)$"
)
_EN_NEGATION = re.compile(
    r"\b(?:don't|dont|do not|never|not|no need to|doesn't|does not|shouldn't|should not|won't|mustn't|must not)\b"
)
_EN_QUESTION = re.compile(
    r"^(?:is|are|was|were|what|what's|whats|how|how's|why|where|which|who|whose|(?:do|does|did)(?! not\b)|has|have|"
    r"had|am|should|shall|isn't|aren't|can i|could i|may i|tell me|do you know|explain|describe|remind me|any idea)\b"
    r"|\b(?:tell me|what is|how do|how to|how can|how much|how hot|how cold|what's|which)\b"
)
_EN_CONDITION = re.compile(
    r"\b(?:if|when|whenever|once|unless|until|as soon as|after|before|later|tomorrow|tonight|this evening"
    r"|in the morning|at noon)\b"
    r"|\b(?:in|after|for|within)\s+(?:\d+|a|an|a few|few|a couple of|couple of)\s+(?:more\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b"
    r"|\bat\s+\d+\s*(?:o'clock|am|pm)\b"
)

_ZH_POLITE_START = re.compile(
    r"^(?:(?:嗯|那个|好的|好|喂|哎|嘿|小[a-z\u4e00-\u9fff]同学|请你|请|麻烦你|麻烦|劳驾|帮忙|帮我|帮|给我|替我|你|能不能|能否|可不可以|可以|能|"
    r"我想要|我想|我要|我需要|我希望|希望|想|要|也|再|就|还|顺便|另外|那|然后|先|再给我)\s*)+"
)
_ZH_POLITE_END = re.compile(r"(?:谢谢你|谢谢|谢啦|多谢|好吗|好不好|行吗|行不行|可以吗|可以不|吧|呗|啊|呀|哦|嘛|哈|啦|了|一下|就好|就行)+$")
_ZH_POLITE_ASK = re.compile(r"^(?:请|麻烦你|麻烦|帮我|你)?(?:能不能|能否|可不可以|可以|能|你能|你可以)")
_ZH_REMIND = re.compile(r"^(?:请|你)?(?:别忘了|别忘记|不要忘了|不要忘记|千万别忘了|记得|记住)")
_ZH_THANKS = re.compile(r"^(?:谢谢你?|谢啦|多谢|好的|好|行|可以|嗯|就这样|你好|早上好|早|晚上好|下午好|哈喽|嗨)$")
_ZH_NEGATION = re.compile(r"(?:不要|不用|不必|无需|不需要|别|甭|千万别|没必要|禁止|不准|不许|不想)")
_ZH_QUESTION = re.compile(
    r"(?:吗$|呢|怎么|怎样|如何|什么|多少|几度|几档|是不是|有没有|为什么|哪|谁|是否|告诉我|开了没|关了没|没有$|吗|么$)"
)
_ZH_CONDITION = re.compile(
    r"(?:如果|要是|假如|假设|万一|等到|等我|等会|等下|等(?!级)|到时候|之后|以后|过会|过一会|待会|一会儿|一会|稍后|明天|今晚|晚上|早上|"
    r"的时候|\d+(?:分钟|秒钟?|个?小时|分)(?:后|以后|之后|内)|再过|当.+时|到家|回到家|回家|下车(?![库门窗])|上车(?![库门窗])|到公司|出发)"
)
_ZH_THEN = re.compile(
    r"^.*?(?:就|再|之后|以后|然后|的时候|分钟后|秒后|小时后|(?:到家|回家|下车(?![库门窗])|上车(?![库门窗])|到公司|出发)(?:后|前)?)"
)


def clause(text: str, language: str, asked: bool = False) -> Clause:
    """Read the markers of one clause and return its bare body."""
    if language == "zh":
        return _zh_clause(text)
    return _en_clause(text, asked)


def _en_clause(text: str, asked: bool) -> Clause:
    text = re.sub(r"\s+", " ", text).strip(" ,")
    polite = bool(_EN_POLITE_ASK.match(text))
    body = _en_strip(text)
    if not body or _EN_THANKS.match(body):
        return Clause(text=text, body="")
    worded = bool(_EN_QUESTION.search(body))
    hinted = not worded and asked and not polite and _looks_like_question(body)
    question = worded or hinted
    negated = bool(_EN_NEGATION.search(body))
    conditional = bool(_EN_CONDITION.search(body))
    if negated:
        body = _en_strip(_EN_NEGATION.sub(" ", body))
        body = _en_strip(re.sub(r"^(?:i |we )?(?:want|need|like|wanna)\b\s*(?:to\b)?", "", body))
    if conditional:
        body = _en_condition_body(body)
    return Clause(text=text, body=body, negated=negated, conditional=conditional, question=question, hinted=hinted)


def _en_strip(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,")
    prev = None
    while prev != text:
        prev = text
        text = _EN_POLITE_START.sub("", text).strip(" ,")
        text = _EN_POLITE_END.sub("", text).strip(" ,")
    return text


def _looks_like_question(body: str) -> bool:
    """A "?" ends a question unless the words are an imperative command."""
    return not _EN_IMPERATIVE.match(body)


def _en_condition_body(body: str) -> str:
    """The command left once the condition is cut off ("" when none is left)."""
    timed = _en_strip(_EN_TIMED.sub(" ", body))
    m = _EN_IF.search(timed)
    if m is None:
        return timed
    return _en_strip(timed[: m.start()])


def _zh_clause(text: str) -> Clause:
    text = text.strip(" ,")
    raw = text
    text = _ZH_REMIND.sub("", text)  # 别忘了… is a reminder, not a negation
    if _ZH_POLITE_ASK.match(text):
        text = re.sub(r"(?:吗|么|不|呢)$", "", _ZH_POLITE_END.sub("", text))
    question = bool(_ZH_QUESTION.search(text))
    negated = bool(_ZH_NEGATION.search(text))
    conditional = bool(_ZH_CONDITION.search(text))
    body = _ZH_NEGATION.sub("", text) if negated else text
    if conditional:
        m = _ZH_THEN.match(body)
        body = body[m.end():] if m else _ZH_CONDITION.sub("", body)
    body = _zh_strip(body)
    if not body and not (question or negated or conditional):
        return Clause(text=raw, body="")
    if _ZH_THANKS.match(body):
        body = ""
    return Clause(text=raw, body=body, negated=negated, conditional=conditional, question=question)


def _zh_strip(text: str) -> str:
    text = text.strip(" ,")
    prev = None
    while prev != text:
        prev = text
        text = _ZH_POLITE_START.sub("", text).strip(" ,")
        text = _ZH_POLITE_END.sub("", text).strip(" ,")
    return text


__all__ = ["Clause", "Piece", "clause", "join", "pieces"]
