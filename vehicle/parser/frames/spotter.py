"""Controls and comfort needs named in text no frame reads.

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

from vehicle.actions import SEAT_VALUES, Mention

from ..clauses.cues import no_glass_place, places_in
from ..clauses.markers import ELSEWHERE, EN_COMPLAINT, EN_WHY, ZH_WHAT_NOW
from ..text.people import ZH_KIN, ZH_THEY
from .frame import Frame
from .framewords import Words
from .lexicon import Lexicon
from .resolve import ADJUST_TEMPERATURE, SET_TEMPERATURE, Resolver
from .states import read_need

_INTENSIFIERS = (
    r"so|very|really|quite|pretty|super|extremely|too|way too|kind of|kinda|sort of|a bit|a little|a little bit"
    r"|little|bit|getting|feeling|rather|awfully|freaking|bloody|totally|just|still|already"
)
_CONTRACTIONS = {
    "i'm": r"(?:i'm|im|i am)",
    "i am": r"(?:i'm|im|i am)",
    "it's": r"(?:it's|its|it is)",
    "it is": r"(?:it's|its|it is)",
}


_FILLER_EN = re.compile(
    r"\b(?:the|a|an|or|and|nor|either|neither|too|also|as well|please|,|'s|side|seat|seats|one|ones)\b"
)
_FILLER_ZH = re.compile(r"[,和或还有也跟与及、的]|或者|以及")
#: Weather talk, other places, questions and negations: no need stated about the cabin.
_NOT_NEED_EN = re.compile(
    r"\b(?:outside|out there|weather|forecast|tomorrow|tonight|yesterday|next week|this week|last night|will it|would it"
    r"|going to be|gonna be|supposed to be|was it|were you|are you|is it|not|never|isn't|aren't|wasn't|weren't|don't"
    r"|doesn't|if|when"
    # another place, a thing one eats or keeps cold, a past ("on the plane it's cold", "the soup is hot")
    r"|plane|airplane|flight|train|soup|coffee|tea|food|drink|earlier|before|ago"
    # satisfied, a trait or a habit, not a need ("i'm warm enough", "cold blooded", "i'm cold sometimes")
    r"|enough|blooded|hearted|headed|sometimes|usually|often)\b"
    # "i'm cool", "it's cool", "we're cool with that": all is well, no cold
    r"|^(?:i'm|im|i am|we're|we are|it's|its|it is|that's|thats|all)\s+(?:so |pretty |totally |all )?cool\b(?!\s+(?:in|over|here|back|up|on|at|for)\b)"
    # a place outside the car ("it's hot in dubai", "cold at night in my bed"), an idiom ("getting cold feet")
    r"|\b(?:in|at) (?![a-z' ]*\b(?:this|my|here|there|car|cabin|vehicle|rear|back|front|left|right|driver|drivers"
    r"|passenger|passengers|passenger's|driver's|side|seat|seats|row|middle|eyes?|face|co-driver|codriver)\b)"
    r"(?:[a-z]+)(?: [a-z]+)?$|\bcold feet\b|\bplay\b"
    r"|\b(?:in|at) (?:my |the |our )?(?:bed|bedroom|room|house|home|office|school|work|kitchen|apartment|flat)\b"
    # the way it should go, asked ("i want it warmer" is cold, not hot: the frame asks for it)
    r"|\b(?:want|wanna|'d like|would like|prefer|need)\b.*\b(?:warmer|cooler|hotter|colder)\b"
)
#: "it's colder in here than it is outside": a comparison with outside, said of the cabin.
_OUTSIDE_EN = re.compile(r"\s+than (?:it is |it's |its )?(?:outside|out there)$")
#: What may stand before a need phrase with no subject of its own ("it's getting so hot").
_SUBJECT_EN = re.compile(
    r"(?:^|\s)(?:|oh|wow|man|god|gosh|um|uh|so|it's|it is|its|i'm|i am|im|i feel|feeling|we're|we are|it feels|feels"
    r"|getting|really|very|way|kind of|pretty|bit|little|too|in here|here|car|cabin|and|but|,)\s*$"
)
_AFTER_EN = re.compile(r"^\s*(?:in here|here|in car|in cabin|inside|now|right now|today|,|and|please|so|too)\b")
_IDIOM_EN = re.compile(
    r"^\s*(?:of|about|with|feet|shoulder|turkey|blood|call|case|war|front|snap|spell|water|small|stuff|bullets|it\b|over"
    r"|take|topic|item|ticket|potato|seat|spot|track|song|stare|look)\b"
)
_NOT_NEED_ZH = re.compile(
    r"外面|外头|室外|天气|(?<![今明昨后每])天(?:太|好|很|真|有点|这么|那么)?(?:热|冷)|明天|后天|昨天|下周|今晚|会不会|会冷|会热|冷不冷|热不热|吗|呢|不冷|不热|不困|不闷|不太|不怎么|不是很|不算|没那么|如果|要是|那边|北京|上海|广州|深圳"
    r"|笑话|这道题|题目|这件事|那件事|歌|电影|手机|新闻|股票|话题"
    # a place outside the car (东北太冷了, 公司好冷, 宿舍太热了, 外边热死了)
    r"|东北|西北|南方|北方|老家|公司|宿舍|学校|教室|我家|家里|外边|屋里|屋子里|房间|卧室|客厅|办公室"
    # 凉快了: pleasantly cool, no need (想凉快一点 asks for cooler: a frame, not this need)
    r"|凉快(?!一?点|些)"
    # food and drink, a fridge, a time past (汤太热了, 刚才好冷): not how the cabin is now
    r"|汤|饭|菜|咖啡|茶|奶茶|饮料|冰箱|刚才|刚刚|之前|上次|飞机上|火车上"
    # "他很累", "我妈好冷", "孩子有点冷", "狗狗好热": how someone else is, no need of the speaker's
    rf"|^(?:{ZH_THEY}|我?(?:{ZH_KIN})|狗|猫|司机|乘客)"
)
_IDIOM_ZH = re.compile(
    r"^(?:门|点|闹|情|血|笑话|饭|水|身|搜|播|卖|线|榜|度|难|静|漠|淡|清|酷|战|场|知识|笑|恋|爱|心|狗|销|潮)"
)


#: The members a vocabulary word alone may name for a mention (:meth:`Spotter._members_said`): the seats.
MEMBERS = frozenset(SEAT_VALUES) - {"outside"}


def member_words(words: Words) -> dict[str, str]:
    """The vocabulary's words for one member ("left rear", "passenger seat") -> its id: read where the
    catalog's aliases are (mentions, exclusions); its group words, 都 or "both", say other things there."""
    return {
        word: meanings["targets"].value
        for word, meanings in words.table.items()
        if "targets" in meanings and meanings["targets"].value in MEMBERS
    }


def _all_the_way(text: str, hit) -> bool:
    """ "all the way down": how far, not every member."""
    return hit.ident == "all" and text.startswith(" way", hit.end)


class Spotter:
    """Finds mentioned controls and comfort needs in one language."""

    def __init__(self, lexicon: Lexicon, resolver: Resolver, words: Words | None = None) -> None:
        self._words = words
        self._members = member_words(words) if words is not None else {}
        self._lexicon = lexicon
        self._resolver = resolver
        self._zh = lexicon.language == "zh"
        self._possessive = lexicon.possessive
        self._needs = [  # longest first: "it's boiling hot" is one need said, never "it's boiling" and a "hot" left over
            (self._need_pattern(alias), need)
            for alias, need in sorted(lexicon.vocabulary.needs.items(), key=lambda kv: -len(kv[0]))
        ]
        #: any need phrase at all (one search instead of one per phrase, for the many clauses with none)
        self._any_need = re.compile("|".join(f"(?:{p.pattern})" for p, _ in self._needs) or "(?!)")

    def only_controls(self, text: str) -> bool:
        """`text` names controls and targets and nothing else ("the sunroof or the windows")."""
        rest = text
        for hit in reversed(self._lexicon.hits(text)):
            rest = rest[: hit.start] + " " + rest[hit.end :]
        rest = _FILLER_ZH.sub("", rest) if self._zh else _FILLER_EN.sub(" ", rest)
        return not rest.strip(" ,")

    def mentions(self, text: str, seat: str | None = None, speaker: bool = False) -> tuple[Mention, ...]:
        """Controls referred to in `text`, spoken order, targets where said."""
        hits = no_glass_place(text, [h for h in self._lexicon.hits(text) if not _all_the_way(text, h)])
        said = [h for h in hits if h.kind == "target"]
        targets = tuple(h.ident for h in said) or self._members_said(text)
        mine = (bool(said) and all(text[h.start : h.end] in self._possessive for h in said)) or (speaker and not said)
        out: list[Mention] = []
        for hit in hits:
            if hit.kind == "mode":
                found = [Mention("mode.activate", hit.ident)]
            elif hit.kind == "peripheral":
                found = [Mention("peripheral.trigger", hit.ident)]
            elif hit.kind == "device":
                cap = SET_TEMPERATURE if hit.ident == ADJUST_TEMPERATURE else hit.ident
                frame = Frame(device=cap, targets=targets, possessive=mine)
                resolved = self._resolver.targets(cap, frame, seat) if targets or mine else ()
                default = self._resolver.default(cap)
                if mine and not resolved and self._resolver.seated(cap) and default is not None:
                    resolved = (default,)  # "my" with the seat unknown: the catalog default
                found = [Mention(cap, t) for t in resolved] if resolved else [Mention(cap, None)]
            else:
                continue
            out.extend(m for m in found if m not in out)
        return tuple(out)

    def _members_said(self, text: str) -> tuple[str, ...]:
        """Members named by words of the vocabulary only, not the catalog's aliases ("the right side",
        右侧座椅通风开了没有: the passenger's), spoken order, the longest word first. Groups are left
        out: their words also say other things (都 after a list is "both")."""
        if self._words is None:
            return ()
        table, longest = self._words.table, self._words.longest
        units = text.split() if not self._zh else list(text)
        joint = "" if self._zh else " "
        found: list[str] = []
        i = 0
        while i < len(units):
            for n in range(min(longest, len(units) - i), 0, -1):
                word = joint.join(units[i : i + n])
                if word in table:  # the longest word here, whatever it is ("right now" is no side)
                    member = self._members.get(word)
                    if member is not None and member not in found:
                        found.append(member)
                    i += n - 1
                    break
            i += 1
        return tuple(found)

    def need_only(self, text: str) -> bool:
        """`text` states needs and nothing else ("好热", "i'm really cold")."""
        if not self.needs(text):
            return False
        rest = text
        for pattern, _ in self._needs:
            rest = pattern.sub(" ", rest)
        rest = re.sub(
            r"[,\s]|了|啊|呀|哦|吧|啦|\b(?:so|very|really|in here|now|right now|oh|man|god|um|uh)\b", "", rest
        )
        return not rest

    def places(self, text: str) -> tuple[str, ...]:
        """The members `text` names by their words ("the passenger", 副驾, 后排)."""
        return places_in(text, self._lexicon)

    def needs(self, text: str) -> tuple[str, ...]:
        """Comfort needs stated in `text`, in spoken order."""
        found: list[tuple[int, str]] = []
        if self._zh:  # "困了怎么办": the complaint, without its "what now"
            text = ZH_WHAT_NOW.sub("", text)
        else:  # complaints said about the cabin, read as the statement they make
            # "why is the co-driver side freezing": it is; "… should not have to be this hot": too hot
            text = EN_COMPLAINT.sub(" is too ", _OUTSIDE_EN.sub("", EN_WHY.sub("it is ", text)))
        if (_NOT_NEED_ZH if self._zh else _NOT_NEED_EN).search(text) or ELSEWHERE["zh" if self._zh else "en"].search(
            text
        ):
            return ()
        if self._any_need.search(text):
            for pattern, need in self._needs:
                m = pattern.search(text)
                if m is not None and self._stated(text[: m.start()], m.group(0), text[m.end() :]):
                    found.append((m.start(), need))
        if not found and self._words is not None:
            # no phrase of the catalog: a whole statement of need words ("the passenger side is getting toasty")
            stated = read_need(self._words, text.strip(" ,"))
            return (stated,) if stated is not None else ()
        out: list[str] = []
        for _, need in sorted(found):
            if need not in out:
                out.append(need)
        return tuple(out)

    def _stated(self, before: str, said: str, after: str) -> bool:
        """A need phrase said of the person or the cabin, not of a song, a
        professor or a phone, and not part of an idiom ("cold feet", 好困难)."""
        if self._zh:
            return not _IDIOM_ZH.match(after)
        if _IDIOM_EN.match(after):
            return False
        if said.startswith(("i'm", "im ", "i am", "i feel", "it's", "its ", "it is", "i need", "i can't", "the ")):
            return True
        # a phrase with no subject of its own ("so hot", "chilly", "glare")
        if not _SUBJECT_EN.search(" " + before.strip()):
            return False
        return not after.strip(" ,") or bool(_AFTER_EN.match(after))

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
