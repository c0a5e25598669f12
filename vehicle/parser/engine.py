"""The deterministic parser of DESIGN section 4.

One utterance, step by step (all pure; nothing here does I/O):

1. normalise (NFKC, lower case, numbers lifted out, sentence ends and
   quotation marks kept as markers);
2. a whole-text follow-up ("me too", "a bit more", "undo") is that and
   nothing else;
3. cut into chunks (sentence, quotation), take exclusion phrases out, cut
   each chunk into pieces where a new command may begin, and read the
   longest run of pieces the frame reader reads as one clause (the whole
   sentence first) with :mod:`vehicle.parser.reading`; a piece it cannot
   read is tried as a run-on (:mod:`vehicle.parser.clauses.runon`);
4. per clause: politeness, negation, conditions, questions, retraction,
   reported speech, wishes, statements (:mod:`vehicle.parser.clauses.markers`); the frame
   its words say (:mod:`vehicle.parser.frames.reader`), completed from the previous
   clause where it says less (:mod:`vehicle.parser.frames.complete`);
5. decide what was *said* of each clause, with the reach of each hold
   (:mod:`vehicle.parser.clauses.scope`), then assemble actions, mentions, negations, queries,
   needs and `complete` (:mod:`vehicle.parser.assemble`).
"""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from pathlib import Path

from vehicle.actions import Mention
from vehicle.catalog import LANGUAGES, Catalog, default_catalog_dir

from .assemble import REQUEST, Assembler, Read
from .clauses.cues import (
    COMMAND_START,
    NEG_FIRST,
    leave_alone,
    names_op,
    places_in,
    says_a_time,
)
from .clauses.cut import Piece, join, pieces
from .clauses.exclude import Exclusions
from .clauses.followup import follow_up
from .clauses.markers import Clause, told
from .clauses.scope import Chunk, Placed, chunks, said_of
from .errors import VocabularyError
from .frames.ask import Asker, two_amounts
from .frames.complete import complete_frame, fahrenheit, fahrenheit_change, levels_the_on, of_whom
from .frames.frame import Frame
from .frames.framewords import Words, WordsError, load_words
from .frames.lexicon import Lexicon
from .frames.resolve import SEATED_TYPES, Resolver
from .frames.spotter import Spotter, member_words
from .frames.states import names_only, read_query
from .frames.vocabulary import Common, build_vocabulary, load_common
from .reading import MAX_RUN, ClauseReader, Memo
from .result import ParseResult
from .text.mixed import MixedLanguage
from .text.normalize import Normalized, normalize
from .text.timing import MARK, Timing, marks_in, without_marks

#: The verb a state question starts with, before the members it lists ("are the driver | and …").
_ASKING_VERB = re.compile(r"^(?:are|is|were|was|have|has|did|do|does)\b")
#: A time or the outside said with a bare temperature ("现在温度", "temperature today"): in-car logs use
#: it for the weather, so no state of the car is asked.
_WHEN_OR_OUTSIDE = re.compile(r"现在|今天|明天|外面|室外|\b(?:now|today|tomorrow|outside)\b")
#: A control's name with "please" ("ac please", 请空调): asked for, not asked about.
_PLEASE = re.compile(r"\b(?:please|pls|plz)\b|^请")
#: A zone is where the temperature is set: a clause naming zones and no control is the temperature's.
_ZONE = {"en": re.compile(r"\bzones?\b"), "zh": re.compile(r"温区")}
_ZONED = "climate.set_temperature"
#: Longer texts are not commands (and would only cost time): mentions, no actions.
MAX_CHARS = 1000
#: Whole results kept across parses, by (text, seat): the same few commands
#: are said again and again, and a model's execute call reads the utterance
#: its turn already read (cleared when full).
RESULT_CACHE = 1024
_WARM_UP = {
    "en": (
        "turn on the ac",
        "set the driver side to 21 degrees",
        "open the rear windows halfway",
        "i'm cold",
        "turn on the ac set the fan to five",
    ),
    "zh": ("打开空调", "主驾温度调到二十一度", "把车窗打开一半", "好冷", "打开空调风量调到三档温度调到二十二度"),
}


class Parser:
    """Reads an utterance into actions, needs, mentions, negations and queries.

    Built once (the vocabulary of `directory`, default the shipped catalog,
    loaded and checked against the catalog; both languages warmed);
    :meth:`parse` is then pure and safe to call from any thread.
    """

    def __init__(self, catalog: Catalog, directory: str | Path | None = None) -> None:
        self._catalog = catalog
        directory = Path(directory if directory is not None else default_catalog_dir())
        self._common: Common = load_common(directory, catalog)
        self._resolver = Resolver(catalog, self._common)
        self._lexicons: dict[str, Lexicon] = {}
        for lang in LANGUAGES:
            possessive = self._common.possessive.get(lang, frozenset())
            self._lexicons[lang] = Lexicon(build_vocabulary(catalog, lang, possessive), possessive)
        self._words: dict[str, Words] = {
            lang: _load_words(directory, lang, lexicon, catalog) for lang, lexicon in self._lexicons.items()
        }
        self._spotters = {
            lang: Spotter(lexicon, self._resolver, self._words[lang]) for lang, lexicon in self._lexicons.items()
        }
        self._exclusions = {
            lang: Exclusions(
                lang, {**member_words(self._words[lang]), **lexicon.vocabulary.targets}, lexicon.vocabulary.devices
            )
            for lang, lexicon in self._lexicons.items()
        }
        self._mixed = MixedLanguage(self._lexicons)
        self._asker = Asker(catalog, self._resolver, self._words)
        self._reader = ClauseReader(catalog, self._words, self._spotters)
        self._results: dict[tuple[str, str | None, str | None], ParseResult] = {}
        self._lock = threading.Lock()
        for texts in _WARM_UP.values():
            for text in texts:
                self.parse(text)

    def control_words(self, capability: str) -> tuple[str, ...]:
        """Every vocabulary word, in both languages, that names `capability`'s control
        ("dome light" for the reading light): an answer may name an option by any of them."""
        return self._reader.control_words(capability)

    def clear_cache(self) -> None:
        """Forget the clause frames and texts kept across parses (benchmarks time first sight with it)."""
        self._reader.clear_cache()
        with self._lock:
            self._results.clear()
        for lexicon in self._lexicons.values():
            lexicon.clear_cache()

    def parse(self, text: str, seat: str | None = None, refer: str | None = None) -> ParseResult:
        """Parse one utterance said from `seat` (None: unknown).

        `refer`: the control a pronoun with nothing to refer to in the text
        means (the session's last turn, DESIGN 4a); "turn it up" then acts on
        it instead of asking.

        The result is immutable and a function of (text, seat, refer) alone, so a
        repeated utterance gets the same object back from a bounded cache.
        """
        key = (text, seat, refer)
        result = self._results.get(key)
        if result is None:
            result = self._parse_text(text, seat, refer)
            if len(text) > MAX_CHARS:
                return result
            with self._lock:
                if len(self._results) >= RESULT_CACHE:
                    self._results.clear()
                self._results[key] = result
        return result

    def _parse_text(self, text: str, seat: str | None, refer: str | None = None) -> ParseResult:
        norm = normalize(text[: MAX_CHARS + 1])
        if len(text) > MAX_CHARS:
            # No one speaks this much to a car: mention what it names, act on nothing.
            spotter = self._spotters[norm.language]
            return ParseResult(language=norm.language, mentions=spotter.mentions(norm.text))
        kind = follow_up(norm.text, norm.language)
        if kind is not None:
            return ParseResult(language=norm.language, follow_up=kind, complete=True)
        result = self._parse(norm, norm.language, seat, refer)
        if norm.language == "zh" and self._mixed.is_mixed(norm.text) and not result.complete:
            # Mixed language: read the English words as their Chinese aliases, or
            # the Chinese words as English ones, and keep the better reading.
            def score(r: ParseResult) -> tuple[bool, int, int, int]:
                return (r.complete, len(r.actions), len(r.negated) + len(r.queries), len(r.mentions))

            for lang, alt in self._mixed.variants(norm):
                other = self._parse(alt, lang, seat, refer)
                held = {(m.capability, m.target) for m in result.negated}
                more = {(m.capability, m.target) for m in other.negated}
                # a reading that lost a negation or a hold is never taken; one that finds more always is
                if held <= more and (held < more or score(other) > score(result)):
                    result = replace(other, language="zh")
        return result

    def _parse(self, norm: Normalized, language: str, seat: str | None, refer: str | None = None) -> ParseResult:
        lexicon = self._lexicons[language]
        spotter = self._spotters[language]
        reads: list[Read] = []
        placed: list[Placed] = []
        previous: Frame | None = None
        cache: Memo = {}
        timed: dict[int, list[Timing]] = {}
        inner: set[int] = set()  # sentences with a duration before another of their clauses
        named: list[str] = [refer] if refer else []  # the nearest clause's controls (what "it" refers to)
        places: tuple[str, ...] = ()  # and the places it named them at ("副驾车窗…再关上": the passenger's)
        said_chunks = _time_taken_back(chunks(leave_alone(norm.text, language)), language)
        for chunk in said_chunks:
            text = chunk.text
            marks = marks_in(text)
            if marks:  # "in 10 minutes", 七点半: this sentence's commands are scheduled, not done
                timed.setdefault(chunk.sentence, []).extend(norm.timings[k] for k in marks if k < len(norm.timings))
                end = text.rstrip(" ,;?")
                if any(
                    k < len(norm.timings) and norm.timings[k].kind == "for" and not end.endswith(chr(MARK + k))
                    for k in marks
                ):
                    inner.add(chunk.sentence)  # "open the tailgate for 2 minutes and close the windows"
                text = re.sub(r"\s+", " ", without_marks(text, language)).strip(" ,")
            excluded: tuple[str, ...] = ()
            after = ""  # clauses after a member left out is named again, read on their own
            found = self._exclusions[language].find(text)
            if found is not None:
                text, excluded, after = found.text, found.targets, found.after
            unread_exclusion = found is None and self._exclusions[language].unread(text)
            if language == "en":  # "open the trunk. nope.", "… nah, open the trunk": a "no" of its own sentence
                text = _LONE_NO.sub("no", text)
            else:  # "打开后备箱。哦不。", "打开后备箱。no。": the same (it opened)
                text = _ZH_LONE_NO.sub("算了", text)
            # "open the trunk nope", "打开天窗哦不": a trailing take-back is a piece of its own
            text = (_TRAILING_TAKE_BACK if language == "en" else _ZH_TRAILING_TAKE_BACK).sub(r" , \1", text)
            if language == "zh":
                text = _ZH_RUN_ON_CANCEL.sub(r"\1 , 算了", text)
            parts = _or_whole(pieces(text, language), language)
            # 都 over a list ("把空调和座椅加热都打开", "天窗 车窗都打开") is "both", never every member
            listed = language == "zh" and bool(_ZH_LISTED.search(text))
            clauses = self._reader.clauses(parts, language, chunk.asked and not after, norm, lexicon, cache)
            if after:
                rest = _or_whole(pieces(after, language), language)
                clauses += self._reader.clauses(rest, language, chunk.asked, norm, lexicon, cache)
            if listed:
                clauses = self._reader.share_the_verb(clauses, norm, lexicon, cache, told(text, language))
            asking = False
            if any(f is not None for _, f in clauses) and any(
                frame is None and says_a_time(cl, language) for cl, frame in clauses
            ):
                # "八点，打开车窗", "in about 10 minutes, close the sunroof", "next week, fold the mirrors": a
                # time said and not read is still a time; it holds its sentence (the command ran now)
                clauses = [(replace(cl, conditional=True), frame) for cl, frame in clauses]
            if unread_exclusion:  # "除了主驾 车窗打开": who is left out is not read, so all of it holds
                clauses = [(replace(cl, conditional=True), frame) for cl, frame in clauses]
            first_read = len(reads)
            listed_places: tuple[str, ...] = ()  # members said alone just before ("are the driver | and …")
            renamed = False  # a member left out is named again: commanded there, so forbidden nowhere
            for cl, frame in clauses:
                if (
                    asking
                    and language == "en"
                    and not cl.marked
                    and cl.body
                    and not COMMAND_START["en"].match(cl.body)
                    and not REQUEST["en"].match(cl.body)
                ):
                    # "what is the forecast for tomorrow and warmer temps": a noun phrase after a
                    # question word's clause is more of the question, not a command
                    cl, frame = replace(cl, question=True), None
                asking = cl.question and not cl.hinted
                if cl.hinted and frame is None:
                    # "fan to 3?": a setting said with a question mark asks to do it (a consent clarify)
                    setting = self._reader.frame(cl.body, norm, lexicon, cache)
                    if setting is not None and setting.device and setting.op == "set" and setting.number is not None:
                        cl, frame = replace(cl, question=False, hinted=False, hedged=True), setting
                if frame is not None and frame.device == "mode.activate" and _SAID_OF_A_MODE_NAME.search(cl.text):
                    frame = None  # "the pet is hot", 宠物太热了: said of the pet, not its mode asked for
                before = previous
                if frame is None and previous is not None and previous.device and cl.body and not cl.question:
                    frame = self._reader.of_family(cl.body, previous.device, norm, lexicon, cache)
                    if frame is None:
                        frame = self._reader.level_of(cl.body, previous.device, norm, lexicon, cache)
                        frame = frame.at_places_of(previous) if frame is not None else None
                if (
                    frame is not None
                    and previous is not None
                    and previous.targets
                    and not frame.targets
                    and not frame.speaker
                    and (frame.device or "").startswith("seat.")
                    and (previous.device or "").startswith("seat.")
                    and not names_op(cl)
                ):
                    # "turn off the rear seat heating and ventilation (and massage)": the same seats'
                    frame = frame.at_places_of(previous)
                if (
                    len(said_chunks) == 1
                    and len(clauses) == 1
                    and frame is not None
                    and frame.op == "keep"
                    and frame.number is None
                    and frame.device in self._catalog.capabilities
                    and self._catalog.capabilities[frame.device].holds_state
                    and not (cl.marked or cl.wish or cl.statement)
                    and names_only(self._words[language], cl.body)
                    and not _WHEN_OR_OUTSIDE.search(cl.text)
                ):
                    # "cabin temp", 车内温度: a control's name and nothing else (no verb: "defog the back
                    # windshield" is a command unread) asks how it is; "ac please" asks to switch it on
                    # (a consent question: nothing is switched on a name alone)
                    if _PLEASE.search(cl.text) and "on" in self._catalog.capabilities[frame.device].parameters:
                        cl, frame = replace(cl, hedged=True), replace(frame, op="on")
                    else:
                        cl, frame = replace(cl, question=True), None
                if frame is not None and frame.device is None and _ZONE[language].search(cl.text):
                    # "open my window and set the rear zones to 22": a zone is the temperature's (the
                    # rear windows opened to 22 %, the previous clause's control carried over)
                    frame = replace(frame, device=_ZONED)
                places_only = frame is not None and frame.device is None and frame.op == "keep"
                if frame is not None:
                    frame = complete_frame(
                        self._catalog, self._resolver, frame, previous, cl, language, excluded, listed
                    )
                    cap = self._catalog.capabilities.get(frame.device or "")
                    frame = of_whom(frame, cl.text, places, cap is not None and cap.target_type in SEATED_TYPES)
                if frame is not None:
                    if language == "en":
                        frame = fahrenheit(frame, norm.raw)
                    frame = fahrenheit_change(frame, norm)
                    previous = frame
                    resolution = self._resolver.resolve(frame, seat)
                else:
                    resolution = None
                spotted = spotter.mentions(cl.text, seat, cl.speaker) if cl.text else ()
                denied = cl.negated or (language == "zh" and cl.text.startswith("不是"))
                if denied and (frame is None or places_only) and not spotted and _names_place(cl, lexicon):
                    # "open the window not mine the passenger's", "不是主驾 是副驾 打开车窗": a place
                    # denied with no control of its own is one the person corrects; which member
                    # they meant is not read, so it holds its sentence and nothing there acts
                    cl = replace(cl, conditional=True)
                if (
                    (frame is None or frame.op == "keep")
                    and cl.body
                    and not (
                        cl.negated
                        or cl.conditional
                        or cl.retraction
                        or cl.reported
                        or cl.empty
                        or cl.statement
                        or cl.wish
                    )
                ):
                    # "status of the rear defroster", "what is the current heater": a state
                    # question in vocabulary words, with or without "?"
                    words = self._words[language]
                    asked = read_query(words, (cl.text if cl.question else cl.body).strip(" ,?"))
                    if asked is None and cl.question and cl.body != cl.text:
                        asked = read_query(words, "status of " + cl.body.strip(" ,?"))  # "i'd like to know …"
                    if asked is not None:
                        cl, frame, resolution = replace(cl, question=True), None, None
                        # the whole clause read as one control wins over catalog words spotted in it
                        # ("is back window demist activated": the rear defrost, not the windows)
                        own = tuple(m for m in spotted if m.capability == asked[0])
                        member = asked[1] in self._catalog.target_type(asked[0]).members
                        if member and own and all(m.target is None for m in own):
                            # "右边温度多少": a place only the vocabulary knows (a side) is the one asked about
                            own = tuple(replace(m, target=asked[1]) for m in own)
                        spotted = own or (Mention(asked[0], asked[1], "question", None),)
                if cl.question and listed_places and spotted:
                    # "are the driver and rear left windows closed", 主驾和副驾座椅加热开了吗: the members
                    # listed before the question are asked too (only the last one was)
                    spotted = self._asked_of(spotted, listed_places)
                no_control = not spotted and (frame is None or frame.device is None) and bool(cl.text)
                listed_places = places_in(cl.text, lexicon) if no_control else ()
                if listed_places and not spotter.only_controls(_ASKING_VERB.sub("", cl.text)):
                    listed_places = ()
                borrows = (frame is not None and (frame.op == "keep" or not names_op(cl))) or (
                    frame is None and bool(spotted) and spotter.only_controls(cl.body or cl.text)
                )
                if not borrows and cl.question and not cl.howto and frame is None:
                    # "打开后备箱和天窗吗", "open the trunk and sunroof, right?": a tag or a particle after a
                    # bare control asks the whole list (the trunk opened: only the sunroof was asked)
                    bare = _TAG.sub("", cl.body or cl.text).strip(" ,?")
                    borrows = bare != (cl.body or cl.text).strip(" ,?") and (not bare or spotter.only_controls(bare))
                if not borrows and cl.hinted and frame is None and previous is not None and previous.device:
                    # "seat heating and ventilation?": a member named after its family's word, asked
                    borrows = self._reader.of_family(cl.body, previous.device, norm, lexicon, cache) is not None
                ask = None
                if (resolution is None or not resolution.resolved) and _may_ask(cl):
                    ask = self._asker.ask(
                        cl.body,
                        frame,
                        norm.numbers,
                        language,
                        seat,
                        lambda b: self._reader.frame(b, norm, lexicon, cache),
                        tuple(named),
                    )
                    last = reads[-1] if reads else None
                    if isinstance(ask, Frame) and last is not None and _KEPT.search(last.clause.body):
                        ask = None  # "leave the window, roll it up": at odds with itself, nothing acts
                    if isinstance(ask, Frame):  # the control named earlier: read as its command
                        frame, ask = ask, None
                        if last is not None and _a_topic(last, previous):  # "my window, roll it down": no request
                            reads[-1] = replace(last, clause=replace(last.clause, body=""), resolution=None, spotted=())
                        if previous is not None and previous.device and frame.device:
                            if self._catalog.control(previous.device) == self._catalog.control(frame.device):
                                frame = frame.at_places_of(previous)  # 打开左后车窗 不对 关上: that window
                        if listed and (frame.plural or "all" in frame.targets):
                            frame = replace(frame, plural=False, targets=())  # "打开空调和车窗 都开": both
                        if places and not frame.targets and not frame.speaker:
                            frame = replace(frame, targets=places)  # never the control's default member
                        resolution = self._resolver.resolve(frame, seat)
                said_here = [m.capability for m in (resolution.mentions if resolution is not None else spotted)]
                if said_here:  # "it" is the control of the nearest clause that named one
                    named = said_here
                    said_mentions = resolution.mentions if resolution is not None else spotted
                    places = tuple(dict.fromkeys(m.target for m in said_mentions if m.target))
                elif cl.text:  # "副驾的狗热 打开它的窗": a place named with no control is the next "its"
                    places = tuple(p for p in places_in(cl.text, lexicon) if p not in ("all", "cabin")) or places
                last = reads[-1] if reads else None
                if (
                    last is not None
                    and last.frame is before
                    and last.resolution is not None
                    and levels_the_on(before, frame, cl, lexicon)
                    and _takes_level(self._catalog, frame)
                ):
                    # "打开座椅加热 调到高档": the level said right after "on" is the one it gets
                    reads[-1] = replace(last, resolution=replace(last.resolution, actions=()))
                asked_for = ask if isinstance(ask, dict) else None
                reads.append(Read(cl, frame, resolution, spotted, chunk.sentence, excluded, asked_for))
                if excluded and frame is not None and frame.device and frame.targets and not frame.excluded:
                    renamed = renamed or self._resolver.names_only_left_out(frame.device, frame.targets, excluded)
                placed.append(Placed(cl, chunk.sentence, chunk.quoted, borrows, bool(NEG_FIRST.match(cl.text))))
            if renamed:  # "close the windows except the rear, and the rear to 30": no negated rear
                reads[first_read:] = [replace(r, excluded=()) for r in reads[first_read:]]
        said = said_of(placed)
        assembler = Assembler(self._catalog, self._resolver, spotter, seat, norm.numbers, timed, norm.said, inner)
        return assembler.finish(reads, said, norm.language)

    def _asked_of(self, spotted: tuple[Mention, ...], places: tuple[str, ...]) -> tuple[Mention, ...]:
        """`spotted`, each on the members of `places` too, first (where its control has them)."""
        out: list[Mention] = []
        for m in spotted:
            members = self._catalog.target_type(m.capability).members
            out.extend(replace(m, target=p) for p in places if p in members and p != m.target)
            out.append(m)
        return tuple(dict.fromkeys(out))


def _names_place(cl: Clause, lexicon: Lexicon) -> bool:
    """The clause names a member ("not mine", 不是主驾, "not the driver's")."""
    return cl.speaker or bool(places_in(cl.text, lexicon))


#: A bare mode name in a statement ("the pet is hot", 宠物太热了): no verb, no "mode", a state said.
_SAID_OF_A_MODE_NAME = re.compile(
    r"^(?!.*(?:\bmode\b|模式|打开|开启|进入|切换|启动|\b(?:turn|switch|start|activate|enable|enter|go)\b))"
    r".*(?:\b(?:is|are|was|seems|feels|looks|gets|getting)\b|太|好像|有点|[了啊呀]$)"
)
#: Two things joined before 都: the 都 is "both", over the list.
_ZH_LISTED = re.compile(r"(?:和|跟|与|以及|还有|、|[\u4e00-\u9fff] [\u4e00-\u9fff])[^都]*都")
#: A question's tag or particle ("…, right?", "…天窗吗"): with nothing but controls before it, it asks
#: what was said before it in its sentence.
_TAG = re.compile(
    r"\s*\b(?:right|correct|yes|yeah|ok|okay|alright|is that right|isn't it|no)\s*$|(?:吗|呢|么|对吧|是吧|对吗|是吗|好吗|行吗)$"
)
#: "nope" / "nah" said as a sentence of its own, or first before a comma: a "no".
#: English take-backs that mean nothing else, alone or run on at the end ("wrong one": its number is a
#: placeholder by then).
_EN_TAKE_BACK = r"abort|stop|wrong (?:one|\d+)|my bad|ignore that|disregard that|undo that|(?:actually )?leave it|jk"
_LONE_NO = re.compile(
    r"^\s*(?:nope|nah|oops|whoops|nuh-uh|uh no)(?=[\s.!]*$|\s*,)"
    # a sentence of its own ("no wait." is one take-back: the clause after it borrows past it)
    rf"|^\s*(?:(?:no,? )?wait(?: a (?:sec|second|minute|moment))?(?:,? no)?|oops\b[^,]*|{_EN_TAKE_BACK})[\s.!]*$"
)
#: A take-back said as a sentence of its own after a command ("打开车窗。当我没说。"): it opened.
_ZH_LONE_NO = re.compile(
    r"^\s*(?:[哦噢啊呃]不|no|nope|当我没[说讲]过?|等一下|等等|没事了?|停一下|停|骗你的|等会儿?再说|算啦|忽略|别了)\s*$"
)
#: Words that take back what was just said when a recogniser runs them on.
_TRAILING_TAKE_BACK = re.compile(
    rf"(?<=[a-z0-9]) (nope|nah|oops(?: wrong (?:one|\d+))?|{_EN_TAKE_BACK}|hold on|wait|no wait|never mind|scratch that"
    r"|skip it|just kidding|don't|do not|no thanks|(?:i )?changed my mind)$"
)
_ZH_TRAILING_TAKE_BACK = re.compile(
    r"(?<=[\u4e00-\u9fff])(哦不|当我没说|当我没说过|当我没讲|no|nope|忽略|没事了|算啦)$"
)
#: 取消 run on after a command and its object ("打开内循环取消", "打开车窗和天窗取消吧"): a take-back of it,
#: never the switch-off it is after a control alone (内循环取消) or after 把 (打开空调把内循环取消).
_ZH_RUN_ON_CANCEL = re.compile(r"^(.*(?:打开|开启|关闭|关上|关掉)[^\s,;把将]{1,12}?)(取消(?:吧|了)?)$")
#: A take-back inside a sentence ("…in 10 minutes, no wait, open it now", 十分钟后打开天窗 不对 现在就开).
_TAKE_BACK_IN = {
    "en": re.compile(r"(?:^|[\s,])(?:no wait|wait no|never ?mind|scratch that|i mean|actually no|no no)[\s,]+(?=\S)"),
    # 哦不 run on without a space ("打开车窗哦不打开天窗"), never 哦不错 / 哦不行 / 哦不好
    "zh": re.compile(r"(?:不对不对|不对|说错了|算了|不是不是|等等)[\s,]*(?=[\u4e00-\u9fff\w])"),
}


#: Words that keep a thing as it is: a control named with them is no topic of the next clause.
_KEPT = re.compile(r"\b(?:leave|keep|hold|let|stay)\b|保持|留着|别动|不动|不用|不要")

#: A bare number after a take-back corrects the time ("十分钟后打开车窗 不对 二十"): never an amount now.
_A_NUMBER_ALONE = re.compile(r"^[\s,]*\d+(?:\.\d+)?[\s,.]*$")


def _time_taken_back(found: list[Chunk], language: str) -> list[Chunk]:
    """A time said before a take-back is the time of what is taken back: what follows the take-back is
    a sentence of its own (it was scheduled with the time the person had just withdrawn)."""
    out: list[Chunk] = []
    extra = 0
    for chunk in found:
        m = _TAKE_BACK_IN[language].search(chunk.text)
        chunk = replace(chunk, sentence=chunk.sentence + extra)
        rest = chunk.text[m.end() :] if m is not None else ""
        if m is None or not marks_in(chunk.text[: m.start()]) or marks_in(rest) or _A_NUMBER_ALONE.match(rest):
            out.append(chunk)
            continue
        out.append(replace(chunk, text=chunk.text[: m.end()].strip(" ,"), asked=False))
        out.append(replace(chunk, text=chunk.text[m.end() :].strip(" ,"), sentence=chunk.sentence + 1))
        extra += 1
    return out


def _load_words(directory: Path, language: str, lexicon: Lexicon, catalog: Catalog) -> Words:
    """``vocabulary/<language>.yaml`` of the catalog, with the catalog's aliases."""
    path = directory / "vocabulary" / f"{language}.yaml"
    try:
        return load_words(
            path,
            language,
            lexicon.vocabulary.devices,
            lexicon.vocabulary.targets,
            frozenset(catalog.capabilities),
            frozenset(catalog.targets) | {"speaker"},
            frozenset(catalog.needs),
            lexicon.vocabulary.modes,
            lexicon.vocabulary.peripherals,
            lexicon.vocabulary.colors,
        )
    except WordsError as exc:
        raise VocabularyError(f"vocabulary/{path.name}", exc.where, exc.problem) from None


def _or_whole(parts: list[Piece], language: str) -> list[Piece]:
    """Pieces cut inside "三档或者四档" / "21 or 22" joined again: two amounts are asked about as one clause."""
    out: list[Piece] = []
    for piece in parts:
        if out and two_amounts(join([out[-1], piece], language), language):
            out[-1] = Piece(join([out[-1], piece], language), out[-1].joint)
        else:
            out.append(piece)
    return out


def _takes_level(catalog: Catalog, frame: Frame | None) -> bool:
    """The frame's control is set by a level (a bare number after switching it on is that level)."""
    cap = catalog.capabilities.get(frame.device or "") if frame is not None else None
    return cap is not None and "level" in cap.parameters


def _a_topic(last: Read, previous: Frame | None) -> bool:
    """The clause before names a control alone, plainly ("my window, roll it down"): the topic of the
    clause that refers to it, no request of its own (it was unplaced)."""
    return (
        previous is not None
        and last.frame is previous
        and previous.op in (None, "keep")
        and _may_ask(last.clause)  # never a negated, held or asked clause
        and not (last.resolution is not None and last.resolution.actions)
    )


def _may_ask(cl: Clause) -> bool:
    """A clause said as a plain command (nothing marks it otherwise): its lack may be asked about."""
    return bool(cl.body) and not (
        cl.marked or cl.wish or cl.statement or cl.hedged or cl.conditional or cl.question or cl.negated
    )


__all__ = ["MAX_CHARS", "MAX_RUN", "Parser"]
