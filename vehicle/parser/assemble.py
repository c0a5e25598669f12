"""From clauses, and what was said of each, to the DESIGN section 4 object.

* only clauses said as a *command* give actions; every other clause gives
  mentions with its `said` (held and negated ones also go to `negated`);
* a state question gives `queries` (never "how do I open the sunroof");
* needs only from clauses stated now, never from a question, a held or a
  negated clause, and never from weather talk or idioms (:mod:`vehicle.parser.frames.spotter`);
* identical actions collapse; two values for one physical control give
  neither; an action on a control a negation names is dropped;
* `complete` only when all of the text became actions, negated or held
  mentions or queries, with no need and nothing else said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from vehicle.actions import Action, Direction, Mention, Query, Said
from vehicle.catalog import Catalog

from .clauses.markers import EN_WHY, ZH_WHAT_NOW, Clause
from .frames.frame import Frame
from .frames.resolve import Resolution, Resolver
from .frames.spotter import Spotter
from .result import ParseResult
from .text.said import said_as
from .text.timing import Timing

_MISSING = object()

#: A piece no one could read that is a request of its own: a verb with an object
#: the catalog lacks ("play some music", "打开雾灯", "导航去公司"). It goes to
#: `unplaced`; any other unread piece after a command ("…, nope", "…，哦不")
#: holds every command of its sentence.
#: Verbs of a request the catalog may lack, where an unpunctuated Chinese run-on may cut ("打开天窗 | 放首歌").
ZH_REQUEST_VERBS = re.compile(
    r"播放|放首|放一首|来一首|导航|打电话|打给|拨打|讲个|搜索|切换到|返回|退出|息屏|下一首|上一首|去(?![除雾掉])"
)
REQUEST = {
    "en": re.compile(
        r"^(?:(?:please|can you|could you|would you|will you|i want to|i'd like to|let's|and|then|also|and then)\s+)*"
        r"(?:turn|switch|set|open|close|shut|start|stop|activate|enable|disable|raise|lower|increase|decrease|make"
        r"|put|roll|fold|unfold|pop|crank|bump|kick|whack|chuck|bung|flick|change|adjust|press|play|navigate|call|dial"
        r"|text|send|tell|show|find"
        r"|search|look up|read|take|drive|go|book|order|remind|add|give|get|skip|pause|resume|mute|unmute|record"
        r"|check|cancel|lock|unlock|honk|flash|connect|pair|route|bring|reset|clear)\b"
    ),
    "zh": re.compile(
        r"^(?:请|帮我|麻烦|给我|我要|我想|帮忙|再|然后|顺便|还有|也|另外|接着)*(?:打开|开启|开|关闭|关掉|关上|关|启动|停止|播放|放|导航|打电话|打给|拨打|讲|说|告诉|"
        r"搜索|查|找|去|回|发(?!动机)|来|听|看|切换|返回|退出|取消|调|设置(?=\S)|设(?!置)|升|降|息屏|亮屏|清零|拍|录|连接|导|播|换|静音|增大|减小|提高|降低)\S"
        r"|^(?:息屏|亮屏|黑屏|静音|下一首|上一首|暂停|继续播放)$"
        # where the air goes ("对着我吹", "吹脚"): the catalog has no vents
        r"|^(?:对着|朝着|冲着|往(?:我|脸|脚|头|身)\S{0,3}吹|吹(?:脸|脚|头|身|上半身|下半身))"
        # "音量调大一点", "亮度调到最低": a setting the catalog lacks, its noun first
        r"|^(?:把|将)?[\u4e00-\u9fff]{1,5}?(?:调大|调小|调高|调低|调到|调成|调为|调节为|调整为|设置为|设为|打开|关闭|开启|关掉|清零|重置|复位)"
    ),
}
#: Too much or too little of something, said beside a command that goes the way it asks ("风速调小 风太大了",
#: "turn down the fan it's too strong"): the reason for the command, never a take-back of it.
TOO = {
    "less": re.compile(
        r"太(?:大|强|高|猛|吵|响|快|热|烫|亮|闷)|\btoo (?:strong|high|loud|hot|warm|bright|fast|much)\b"
    ),
    "more": re.compile(r"太(?:小|弱|低|慢|冷|凉|暗)|\btoo (?:weak|low|quiet|cold|cool|dim|slow|little)\b"),
}
_WAYS = {"less": ("decrease", "off", "close"), "more": ("increase", "on", "open")}


#: A need said of the person ("I'm cold", 我好冷), not of how it is.
_SOMEONE_FEELS = re.compile(r"\b(?:i'm|im|i am|i feel|i'm feeling|we're|we are)\b|我")


def _change(action: Action) -> float:
    """Which way an action moves its control: > 0 more (open, on, up), < 0 less, 0 unknown."""
    p = action.parameters
    for key in ("delta_level", "delta_percent", "delta_celsius", "open_percent", "level"):
        value = p.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value) if key.startswith("delta") else (1.0 if value > 0 else -1.0)
    if "on" in p:
        return 1.0 if p["on"] else -1.0
    return 0.0


def _cools(action: Action) -> bool:
    """The action makes the cabin or the seat cooler (a window opened, the AC on, heating down)."""
    way, cap = _change(action), action.capability
    return (
        (
            cap in ("window.set_position", "window.adjust_position", "sunroof.set_position", "sunroof.adjust_position")
            and way > 0
        )
        or (cap in ("climate.set_ac", "seat.set_ventilation", "seat.adjust_ventilation") and way > 0)
        or (cap in ("climate.adjust_temperature", "seat.set_heating", "seat.adjust_heating") and way < 0)
    )


def _warms(action: Action) -> bool:
    """The action makes the cabin or the seat warmer (heating up, the temperature raised, the AC off)."""
    way, cap = _change(action), action.capability
    return (cap in ("climate.adjust_temperature", "seat.set_heating", "seat.adjust_heating") and way > 0) or (
        cap in ("climate.set_ac", "seat.set_ventilation", "seat.adjust_ventilation") and way < 0
    )


#: Words of a member or a side: a negation of them with no control denies a member.
_A_MEMBER = re.compile(
    r"\b(?:left|right|front|rear|back|driver'?s?|passenger'?s?|mine|one|ones|side)\b|左|右|前|后|主驾|副驾"
)
_PLURAL = re.compile(r"都|所有|全部|\b(?:windows|seats|all|every)\b")
_VERBS = {
    "on": ("turn on", "switch on", "打开", "开启", "开"),
    "off": ("turn off", "switch off", "关闭", "关掉", "关"),
    "open": ("open", "打开"),
    "close": ("close", "shut", "关上"),
}


@dataclass(frozen=True, slots=True)
class Read:
    """One clause as read (before scope decides what was said of it)."""

    clause: Clause
    frame: Frame | None
    resolution: Resolution | None
    spotted: tuple[Mention, ...]
    sentence: int
    excluded: tuple[str, ...] = ()
    ask: dict | None = None
    """What to ask when the clause lacks what it needs (:mod:`vehicle.parser.frames.ask`)."""


#: A side said alone (its front member's word): from a rear seat on that side, it is the speaker's side.
_LEFT_SAID = re.compile(r"\bleft(?: side)?\b|左边|左侧|左手边|左面")
_RIGHT_SAID = re.compile(r"\bright(?: side)?\b|右边|右侧|右手边|右面")


class Assembler:
    """Builds one ParseResult; one instance per parse."""

    def __init__(
        self,
        catalog: Catalog,
        resolver: Resolver,
        spotter: Spotter,
        seat: str | None,
        numbers: tuple[float, ...] = (),
        timed: dict[int, list[Timing]] | None = None,
        said: str = "",
        inner: set[int] | None = None,
    ) -> None:
        self._numbers = numbers
        self._inner = inner or set()
        """Sentences whose duration stands before another of their clauses (whose it is, unread)."""
        self._said = said
        """The caller's text: an unplaced piece is reported in its words."""
        self._timed = timed or {}
        """The timings said in each sentence (by sentence index)."""
        self.schedule: list[dict] = []
        self._unsure: set[int] = set()
        """Sentences with a command not understood (a timed one then schedules nothing)."""
        self._commanded_at: list[tuple[int, Mention]] = []
        """(sentence, mention) of every command mention, for the timed sentences' holds."""
        self.unplaced: list[str] = []
        self._held_sentences: set[int] = set()
        self._needs_at: list[tuple[int, int, str]] = []  # (clause, sentence, need) stated beside a command
        self._hedged_sentences: set[int] = set()
        self._k = 0
        """Index of the clause being read."""
        self._held_at: list[tuple[int, Mention]] = []
        self.clarify: dict | None = None
        self._clarify_sentence: int | None = None
        self._acted: list[tuple[int, int, Action]] = []
        """(clause index, sentence, action) of every action read, in order."""
        self._catalog = catalog
        self._resolver = resolver
        self._spotter = spotter
        self._seat = seat
        self.actions: list[Action] = []
        self.mentions: list[Mention] = []
        self.negated: list[Mention] = []
        #: each negated mention, with how many actions were read before it (a negation after a command
        #: takes part of it back; one before it is at odds with it)
        self.forbidden: dict[Mention, int] = {}
        self.queries: list[Query] = []
        self.needs: list[str] = []
        self.unresolved = False
        self.other = False
        self.conflict = False
        self._seen: dict[tuple[str, str | None], frozenset[str]] = {}
        self._controls: dict[str, str] = {}

    def finish(self, reads: list[Read], said: list[Said], language: str) -> ParseResult:
        self._language = language
        for read, what in zip(reads, said):
            self._read(read, what)
        self._hold_against_their_need()
        self._hold_unread_sentences()
        self._ask_hedged_sentences()
        self._schedule_timed_sentences()
        if self._clarify_sentence is not None and (
            self._clarify_sentence in self._held_sentences or self._clarify_sentence in self._timed
        ):
            self.clarify = None  # a held or timed sentence asks nothing now
        self._corrected()
        actions = self._collapse(self._without_forbidden())
        self.mentions = _merged(self.mentions)
        self.negated = _merged(self.negated)
        # in the order they were said, as the mentions are (a timed sentence's held ones came last)
        said_at = {m: k for k, m in enumerate(self.mentions)}
        self.negated = sorted(self.negated, key=lambda m: said_at.get(m, len(said_at)))
        complete = (
            bool(actions or self.schedule)
            and not self.needs
            and not self.unresolved
            and not self.other
            and not self.conflict
            and not self.unplaced
            and self.clarify is None
        )
        return ParseResult(
            language=language,
            actions=tuple(actions),
            needs=tuple(self.needs),
            mentions=tuple(self.mentions),
            negated=tuple(self.negated),
            queries=tuple(self.queries),
            unplaced=tuple(self.unplaced),
            schedule=tuple(self.schedule),
            clarify=self.clarify,
            complete=complete,
            queries_only=bool(self.queries)
            and not actions
            and not self.schedule
            and not self.needs
            and not self.negated
            and not self.unresolved
            and not self.other
            and not self.conflict,
        )

    def _read(self, read: Read, said: Said) -> None:
        self._k += 1
        cl = read.clause
        if cl.hedged:
            self._hedged_sentences.add(read.sentence)
        if cl.empty:
            return
        if cl.retraction and not cl.body:
            return
        res = read.resolution
        found: Sequence[Mention]
        if res is not None and res.mentions:
            found = res.mentions
            if said == "held":  # every control of a held clause, also past its condition
                found = _merged(
                    [
                        *res.mentions,
                        *(s for s in read.spotted if all(s.capability != m.capability for m in res.mentions)),
                    ]
                )
        else:
            found = read.spotted
        # the needs the clause states, read once (a statement of need words is a whole reading)
        # "why is it so cold in here" asks nothing: it complains (a need, never an action)
        complaint = said == "question" and bool(EN_WHY.match(cl.text) or ZH_WHAT_NOW.search(cl.text))
        stated = self._spotter.needs(cl.text) if said in ("command", "statement") or complaint else ()
        if stated and self._of_someone_else(cl.text):
            # "the passenger is cold", 副驾冷死了 (from the driver's seat): the comfort plan warms the
            # speaker's own zone and seat, so a need of another member is no need of the speaker's
            stated = ()
        if said == "command":
            if not cl.negated and not cl.conditional:
                _add(self.needs, stated)
                if not _SOMEONE_FEELS.search(cl.text):  # how it is, not how I am ("开窗太冷了", "it's too hot")
                    self._needs_at.extend((self._k, read.sentence, n) for n in stated)
            if res is not None and res.resolved:
                self.actions.extend(res.actions)
                self._acted.extend((self._k, read.sentence, act) for act in res.actions)
                _add(self.mentions, res.mentions)
                self._commanded_at.extend((read.sentence, m) for m in res.mentions)
                self._excluded(read, res)
                return
            if read.ask is not None and not stated:
                self._asked(read)
                return
            guessed = [
                m if m.direction else Mention(m.capability, m.target, "command", self._guess(cl, m)) for m in found
            ]
            if read.excluded and res is not None:
                # "all the ventilated seats except the front ones" where only the front ones have it:
                # those left out are no members commanded (a plan for them must not bind), but negated
                left_out = self._left_out(read, res)
                guessed = [m for m in guessed if (m.capability, m.target) not in left_out]
                negated = [Mention(c, t, "negated", d) for (c, t), d in left_out.items()]
                _add(self.mentions, negated)
                _add(self.negated, negated)
            _add(self.mentions, guessed)
            self._commanded_at.extend((read.sentence, m) for m in guessed)
            if found or not self.needs or not (stated and not self._spotter.mentions(cl.text)):
                self.unresolved = True
                self._unsure.add(read.sentence)
                if found or stated:
                    self.unplaced.append(self._spoken(cl.text))
                elif cl.body and REQUEST[self._language].match(cl.body):
                    self.unplaced.append(self._spoken(cl.text))
                elif self._reason_for(cl, read.sentence):
                    self.other = True
                elif cl.body and any(s == read.sentence for _, s, _ in self._acted):
                    self._held_sentences.add(read.sentence)  # unknown words after a command: never act
            return
        if complaint and stated and not found:
            _add(self.needs, stated)  # a complaint is its need, and no question to answer
            return
        if said == "statement" and (not found or stated):
            # "it seems kind of chilly than my ideal temperature": a comfort statement naming a control
            _add(self.needs, stated)
            if not stated:
                self.other = True
            return
        if said == "question" and _PLURAL.search(cl.text):
            found = [
                Mention(m.capability, "all", m.said, m.direction)
                if m.target is None and "all" in self._catalog.target_type(m.capability).groups
                else m
                for m in found
            ]
        marked = [
            Mention(
                m.capability,
                m.target,
                said,
                m.direction or (self._guess(cl, m) if said in ("held", "negated") else None),
            )
            for m in found
        ]
        _add(self.mentions, marked)
        if said in ("held", "negated"):
            if not marked and cl.body and cl.negated and not cl.conditional:
                self.other = True  # a negation of words no catalog names: leave it to the model
                if _A_MEMBER.search(cl.text) and any(at == read.sentence for _, at, _ in self._acted):
                    # "open the rear windows but not the left one", 打开后排车窗 左边的不要: which member is
                    # left out is not read, so nothing of the sentence acts (it opened the left one too)
                    self._held_sentences.add(read.sentence)
            _add(self.negated, marked)
            if said == "held":
                self._held_at.extend((self._k, m) for m in marked)
            if said == "negated":
                for m in marked:  # ("open the sunroof and the trunk, not the sunroof": a take-back)
                    self.forbidden.setdefault(m, len(self.actions))
        elif said == "question":
            # A state question is answered locally ("open the sunroof. is the AC on?"
            # stays complete); any other question is left to the model.
            # (never one about how to, nor one about something else: "is the ac on at the office")
            asks = not (cl.howto or cl.reported)
            queries = [self._query(m, read) for m in found if self._queryable(m)] if asks else []
            _add(self.queries, queries)
            if not queries:
                self.other = True
        else:
            self.other = True

    def _reason_for(self, cl: Clause, sentence: int) -> bool:
        """The clause says too much or too little, the way a command of its sentence goes."""
        if cl.negated or cl.question:
            return False
        ways = [way for way, too in TOO.items() if too.search(cl.text)]
        if len(ways) != 1:
            return False
        commanded = [m.direction for at, m in self._commanded_at if at == sentence]
        return bool(commanded) and all(d in _WAYS[ways[0]] for d in commanded)

    def _asked(self, read: Read) -> None:
        """A command that lacks its control, target or amount: one question (the
        first such clause asks; any other is left unresolved); nothing acts."""
        self.unresolved = True
        self._unsure.add(read.sentence)
        res = read.resolution
        if res is not None:
            _add(self.mentions, [m for m in res.mentions])
        elif read.ask is not None and read.ask["missing"] == "amount" and read.ask["capability"]:
            _add(self.mentions, [self._amounts_mention(read)])  # "set it to 21 or 22": asked, still a command
        if self.clarify is None:
            self.clarify = read.ask
            self._clarify_sentence = read.sentence
        else:
            self.unplaced.append(self._spoken(read.clause.text))

    def _amounts_mention(self, read: Read) -> Mention:
        """The command mention of a clause asked about for two amounts: its control, the member as said
        (the spotter's), and its direction (a change's sign, else a setting)."""
        ask = read.ask or {}
        capability = ask["capability"]
        params = ask["options"][0]["parameters"]
        delta = next((v for k, v in params.items() if k.startswith("delta_")), None)
        direction: Direction = "set" if delta is None else "increase" if delta > 0 else "decrease"
        control = self._catalog.control(capability)
        said = [m.target for m in read.spotted if self._catalog.control(m.capability) == control]
        if not said:  # the options' member, unless it is the one a command with no member gets
            target = ask["options"][0]["target"]
            said = [None if target in (self._catalog.capabilities[capability].default_target, self._seat) else target]
        return Mention(capability, said[0], "command", direction)

    def _corrected(self) -> None:
        """A held command that a later command on the same control replaces ("open
        the sunroof no wait close the sunroof", "set the fan to 3 no 4") is the
        correction's past: it is dropped, so it never blocks the correction."""
        later = [(k, set(self._catalog.physical_controls(a.capability, a.target))) for k, _, a in self._acted]
        gone: list[Mention] = []
        for k, m in self._held_at:
            if m.capability not in self._catalog.capabilities:
                continue
            keys = set(self._catalog.physical_controls(m.capability, m.target))
            if any(at > k and keys & acted for at, acted in later):
                gone.append(m)
        if gone:
            self.negated = [m for m in self.negated if m not in gone]
            self.mentions = [m for m in self.mentions if m not in gone]

    def _hold_against_their_need(self) -> None:
        """A command said with how it is, against it (开窗太冷了, "turn up the heat it's too hot"): that is a
        complaint about the command, so the command is none (it opened the window of someone cold). Said
        of the person ("open the window, I'm cold") both stand, as DESIGN reads a need beside a command."""
        for k, sentence, need in self._needs_at:
            against = _cools if need == "cold" else _warms if need == "hot" else None
            # (a clause of its own: "i only need cool on" names no need against its own command)
            if against is not None and any(at != k and s == sentence and against(a) for at, s, a in self._acted):
                self._held_sentences.add(sentence)

    def _hold_unread_sentences(self) -> None:
        """A piece no one could read that is no request of its own ("open the
        tailgate, nope") holds every command of its sentence: held mentions."""
        if not self._held_sentences:
            return
        held = self._take(self._held_sentences)
        _add(self.negated, self._resay(held, "held"))
        self.other = True

    def _ask_hedged_sentences(self) -> None:
        """A hedged command ("maybe open the tailgate", "open the sunroof, maybe",
        要不开下天窗) is asked, not done: a clarify for consent, the action its option."""
        # a hedged timed command ("maybe open the window in 10 minutes") is neither asked nor
        # scheduled: a yes would act now, and no one agreed to the timer (held, below)
        asked = self._take(self._hedged_sentences - set(self._timed))
        if not asked:
            return
        self._resay(asked, "question")  # asked back, not done: binds nothing until the person answers
        if self.clarify is not None:
            return  # one question per turn: the first one asked
        self.clarify = {
            "missing": "consent",
            "capability": asked[0].capability,
            "options": [a.to_json() for a in asked[:4]],
        }

    def _schedule_timed_sentences(self) -> None:
        """A delay, clock time or duration ("in 10 minutes", "at 7:30", "for 20
        minutes", 十分钟后, 七点半) makes its sentence's commands `schedule` entries,
        never actions; their mentions are held (the model binds none of them).
        A time out of bounds, two delays for one sentence, or a command of the
        sentence not understood schedules nothing: its commands stay held and
        the time is unplaced (the reply names it)."""
        for sentence, timings in sorted(self._timed.items()):
            taken = self._take({sentence})
            here = [m for s, m in self._commanded_at if s == sentence]
            held = self._resay_mentions(here, "held")
            _add(self.negated, held)
            sure = sentence not in self._unsure and sentence not in self._hedged_sentences
            entry = _entry(timings) if sure else None
            if entry is None:
                self.unplaced.extend(t.said for t in timings if t.said not in self.unplaced)
                continue
            actions = self._collapse(taken)
            controls = {self._catalog.control(a.capability) for a in actions}
            if "for_s" in entry and sentence in self._inner and len(controls) > 1:
                # "open the tailgate for 2 minutes and close the windows": which command the
                # duration is of is not read, and undoing both would reopen the windows
                self.unplaced.extend(t.said for t in timings if t.said not in self.unplaced)
                continue
            if actions:
                self.schedule.append({"actions": [a.to_json() for a in actions], **entry})

    def _resay_mentions(self, mentions: list[Mention], said: Said) -> list[Mention]:
        """These command mentions, said as `said` now; the new mentions."""
        out: list[Mention] = []
        for k, m in enumerate(self.mentions):
            if m.said == "command" and m in mentions:
                self.mentions[k] = Mention(m.capability, m.target, said, m.direction)
                out.append(self.mentions[k])
        return out

    def _take(self, sentences: set[int]) -> list[Action]:
        """The actions read in `sentences`, taken out of `actions`."""
        taken = [a for _, s, a in self._acted if s in sentences]
        if taken:
            self._acted = [(k, s, a) for k, s, a in self._acted if s not in sentences]
            self.actions = [a for _, _, a in self._acted]
        return taken

    def _resay(self, actions: list[Action], said: Said) -> list[Mention]:
        """The command mentions of `actions`' controls, said as `said` now; the new mentions."""
        capabilities = {a.capability for a in actions}
        return self._resay_mentions([m for m in self.mentions if m.capability in capabilities], said)

    def _of_someone_else(self, text: str) -> bool:
        """`text` names a seat member other than the known speaker's own (an unknown seat's
        need is the cabin's: "why is the passenger side freezing" stays a need)."""
        if self._seat is None or self._seat == "outside":
            return False
        own = {self._seat, "rear" if self._seat.startswith("rear") else "front"}  # a row holds its seats
        side = {"rear_left": ("driver", _LEFT_SAID), "rear_right": ("passenger", _RIGHT_SAID)}.get(self._seat)
        if side is not None and side[1].search(text):
            own.add(side[0])  # "chilly over on the left" from the rear left: a side holds its rear seat too
        return any(p not in own and p not in ("all", "cabin", "speaker") for p in self._spotter.places(text))

    def _spoken(self, text: str) -> str:
        """A clause's text with its numbers back in place of their placeholders."""

        def value(m: re.Match[str]) -> str:
            k = int(m.group(0))
            if k >= len(self._numbers):
                return m.group(0)
            v = self._numbers[k]
            return str(int(v)) if v == int(v) else str(v)

        piece = re.sub(r"\d+", value, text).strip(" ,")
        found = said_as(piece, self._said, self._language) if self._said else piece
        return found.replace("\ue000", "…")

    def _guess(self, cl: Clause, m: Mention) -> Direction | None:
        """Direction of an unresolved command from its verb ("turn on the fan" -> on); none when its
        verbs disagree ("close the other open window": which way was not read)."""
        body = cl.body
        said = {
            self._resolver.direction(m.capability, direction)
            for direction, verbs in _VERBS.items()
            if any(v in body for v in verbs)
        }
        return said.pop() if len(said) == 1 else None

    def _queryable(self, m: Mention) -> bool:
        cap = self._catalog.capabilities.get(self._catalog.control(m.capability))
        return cap is not None and cap.holds_state

    def _query(self, m: Mention, read: Read) -> Query:
        cap = self._catalog.control(m.capability)
        if m.target is not None or cap not in self._catalog.capabilities:
            return Query(cap, m.target)
        plural = bool(read.frame and read.frame.plural) or _PLURAL.search(read.clause.text) is not None
        frame = Frame(device=cap, plural=plural, speaker=read.clause.speaker)
        targets = self._resolver.targets(cap, frame, self._seat) or ()
        default = self._catalog.capabilities[cap].default_target
        return Query(cap, targets[0] if len(targets) == 1 else default)

    def _left_out(self, read: Read, res: Resolution) -> dict[tuple[str, str], Direction | None]:
        """The members an unresolved command's exclusion leaves out, with its direction."""
        out: dict[tuple[str, str], Direction | None] = {}
        for m in res.mentions:
            left_out = self._resolver.speakers(m.capability, read.excluded, self._seat)
            for t in self._resolver.members_of(m.capability, left_out):
                out.setdefault((m.capability, t), m.direction)
        return out

    def _excluded(self, read: Read, res: Resolution) -> None:
        if not read.excluded or not res.actions:
            return
        cap = res.actions[0].capability
        direction = res.mentions[0].direction if res.mentions else None
        ttype = self._catalog.target_type(cap)
        # "the windows on the right except the rear one": only a member of what the command names is left out
        said = {
            t
            for word in (read.frame.targets if read.frame else ())
            for t in (
                (word,) if word in ttype.members else ttype.groups.get(word) or self._resolver.group(word, cap) or ()
            )
        }
        for word in self._resolver.speakers(cap, read.excluded, self._seat):
            # a group the type lacks ("except the rear ones" on windows) is its members
            named = (word,) if word in ttype.members or word in ttype.groups else self._resolver.group(word, cap) or ()
            for t in named:
                if said and t in ttype.members and t not in said:
                    continue
                m = Mention(cap, t, "negated", direction)
                _add(self.mentions, [m])
                _add(self.negated, [m])

    # -- the whole utterance ---------------------------------------------------

    def _members(self, item) -> frozenset[str]:
        cap, target = item.capability, item.target
        known = self._seen.get((cap, target))
        if known is None:
            if target is None:
                known = frozenset(self._catalog.target_type(cap).members)
            else:
                try:
                    known = frozenset(self._catalog.members(cap, target))
                except KeyError:
                    known = frozenset({target})
            self._seen[cap, target] = known
        return known

    def _overlap(self, a, b) -> bool:
        return self._control(a.capability) == self._control(b.capability) and bool(self._members(a) & self._members(b))

    def _control(self, capability: str) -> str:
        """The physical control of a capability (kept per parse: a run-on compares every pair)."""
        known = self._controls.get(capability)
        if known is None:
            known = self._controls[capability] = self._catalog.control(capability)
        return known

    def _without_forbidden(self) -> list[Action]:
        kept = []
        for k, action in enumerate(self.actions):
            against = [m for m in self.forbidden if self._overlap(action, m)]
            if against:
                # said and then taken back: not done; forbidden and then said: leave it to the model
                self.conflict = self.conflict or any(k >= self.forbidden[m] for m in against)
                continue
            kept.append(action)
        return kept

    def _collapse(self, actions: list[Action]) -> list[Action]:
        """Identical repeats collapse; different values for one control cancel."""
        out: list[Action] = []
        keys: list[tuple] = []  # out's keys, kept in step with it
        same: dict[str, list[int]] = {}  # control -> indexes in out (only those can overlap)
        dropped: set[int] = set()
        for action in actions:
            key = action.key()
            if key in keys:
                continue
            merged = False
            control = self._control(action.capability)
            for n in same.get(control, ()):
                kept = out[n]
                if not self._members(action) & self._members(kept):
                    continue
                if (
                    kept.capability == action.capability
                    and kept.target == action.target
                    and not (set(kept.parameters) & set(action.parameters))
                    and not kept.vague
                    and not action.vague
                ):
                    out[n] = Action(kept.capability, kept.target, {**kept.parameters, **action.parameters})
                    keys[n] = out[n].key()
                    merged = True
                    break
                if kept.parameters != action.parameters or kept.capability != action.capability:
                    dropped.add(n)
                    dropped.add(len(out))
                    self.conflict = True
            if not merged:
                same.setdefault(control, []).append(len(out))
                out.append(action)
                keys.append(key)
        return [a for n, a in enumerate(out) if n not in dropped]


def _entry(timings: list[Timing]) -> dict[str, int | str] | None:
    """The schedule keys of one sentence's timings (None: out of bounds or more than one of a kind)."""
    starts = [t for t in timings if t.kind in ("after", "at")]
    lasts = [t for t in timings if t.kind == "for"]
    if len(starts) > 1 or len(lasts) > 1 or not all(t.valid for t in timings):
        return None
    entry: dict[str, int | str] = {}
    for t in starts:
        if t.kind == "after":
            entry["after_s"] = t.seconds
        else:
            entry["at"] = t.clock
    for t in lasts:
        entry["for_s"] = t.seconds
    return entry


def _merged(mentions: list[Mention]) -> list[Mention]:
    """One mention per control, target and `said`; directions that disagree
    ("open the sunroof and close the sunroof") leave none (binds nothing)."""
    out: list[Mention] = []
    where: dict[tuple[str, str | None, str], int] = {}
    for m in mentions:
        key = (m.capability, m.target, m.said)
        n = where.get(key)
        if n is None:
            where[key] = len(out)
            out.append(m)
        elif out[n].direction != m.direction:
            out[n] = Mention(m.capability, m.target, m.said, None)
    return out


def _add(into: list, items) -> None:
    for item in items:
        if item not in into:
            into.append(item)


__all__ = ["Assembler", "Read"]
