"""The deterministic parser of DESIGN section 4.

One utterance, step by step (all pure; nothing here does I/O):

1. normalise (NFKC, lower case, numbers lifted out, sentence ends and
   quotation marks kept as markers);
2. a whole-text follow-up ("me too", "a bit more", "undo") is that and
   nothing else;
3. cut into chunks (sentence, quotation), take exclusion phrases out, cut
   each chunk into pieces where a new command may begin, and read the
   longest run of pieces the frame reader reads as one clause (the whole
   sentence first); a piece it cannot read is tried as a run-on
   (:mod:`vehicle.parser.clauses.runon`);
4. per clause: politeness, negation, conditions, questions, retraction,
   reported speech, wishes, statements (:mod:`vehicle.parser.clauses.markers`); the frame
   its words say (:mod:`vehicle.parser.frames.reader`), completed from the previous
   clause where it says less;
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

from .assemble import REQUEST, TOO, ZH_REQUEST_VERBS, Assembler, Read
from .clauses.cues import (
    COMMAND_START,
    CONTROL_KINDS,
    NEG_FIRST,
    PREDICATE,
    QUESTION_START,
    ZH_ALL,
    control_starts,
    controls_in,
    hits_in,
    leave_alone,
    names_op,
    places_in,
)
from .clauses.cut import Piece, clause, join, pieces
from .clauses.exclude import Exclusions
from .clauses.followup import follow_up
from .clauses.markers import Clause, keeps_digits, told
from .clauses.runon import DANGLING, cut_points, split
from .clauses.scope import Chunk, Placed, chunks, said_of
from .errors import VocabularyError
from .frames.ask import Asker, two_amounts
from .frames.frame import Frame
from .frames.framewords import Words, WordsError, load_words
from .frames.lexicon import Lexicon
from .frames.reader import ORDER, cover, read_query
from .frames.reader import read as read_frame
from .frames.resolve import ADJUST_TEMPERATURE, SEATED_TYPES, SET_TEMPERATURE, Resolver
from .frames.spotter import Spotter
from .frames.vocabulary import Common, build_vocabulary, load_common
from .result import ParseResult
from .text.mixed import MixedLanguage
from .text.normalize import Normalized, normalize, to_celsius
from .text.timing import MARK, Timing, marks_in, without_marks

_TEMPERATURE_DEVICES = (SET_TEMPERATURE, ADJUST_TEMPERATURE)
#: Longest run of pieces tried as one clause ("rear left, rear right and
#: passenger windows" is four pieces).
MAX_RUN = 5
#: A clause reads one control and at most one number: a run of pieces with
#: more is more than one clause ("rear window defrost" holds two control
#: words, and a piece holding three is read as a run-on only).
MOST_CONTROLS = 1
MOST_NUMBERS = 1
#: Longer texts are not commands (and would only cost time): mentions, no actions.
MAX_CHARS = 1000
#: Clause frames kept across parses (cleared when full).
FRAME_CACHE = 4096
#: Whole results kept across parses, by (text, seat): the same few commands
#: are said again and again, and a model's execute call reads the utterance
#: its turn already read (cleared when full).
RESULT_CACHE = 1024
_MISSING = object()
#: One parse's memo: clause frames under their body (a string), clauses under (text, language, asked).
Memo = dict
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
            lang: Exclusions(lang, lexicon.vocabulary.targets, lexicon.vocabulary.devices)
            for lang, lexicon in self._lexicons.items()
        }
        self._mixed = MixedLanguage(self._lexicons)
        self._asker = Asker(catalog, self._resolver, self._words)
        self._control_words: dict[str, tuple[str, ...]] = {}
        self._frames: dict[tuple[str, str, tuple[float, ...]], Frame | None] = {}
        self._results: dict[tuple[str, str | None, str | None], ParseResult] = {}
        self._lock = threading.Lock()
        for texts in _WARM_UP.values():
            for text in texts:
                self.parse(text)

    def control_words(self, capability: str) -> tuple[str, ...]:
        """Every vocabulary word, in both languages, that names `capability`'s control
        ("dome light" for the reading light): an answer may name an option by any of them."""
        control = self._catalog.control(capability) if capability in self._catalog.capabilities else capability
        found = self._control_words.get(control)
        if found is None:
            found = tuple(
                word
                for words in self._words.values()
                for word, meanings in words.table.items()
                if any(
                    m.cls in ("controls", "compounds") and self._catalog.control(m.value) == control
                    for m in meanings.values()
                    if m.value in self._catalog.capabilities
                )
            )
            self._control_words[control] = found
        return found

    def clear_cache(self) -> None:
        """Forget the clause frames and texts kept across parses (benchmarks time first sight with it)."""
        with self._lock:
            self._frames.clear()
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
        for chunk in _time_taken_back(chunks(leave_alone(norm.text, language)), language):
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
            # "open the trunk nope", "打开天窗哦不": a trailing take-back is a piece of its own
            text = (_TRAILING_TAKE_BACK if language == "en" else _ZH_TRAILING_TAKE_BACK).sub(r" , \1", text)
            parts = _or_whole(pieces(text, language), language)
            # 都 over a list ("把空调和座椅加热都打开", "天窗 车窗都打开") is "both", never every member
            listed = language == "zh" and bool(_ZH_LISTED.search(text))
            clauses = self._clauses(parts, language, chunk.asked and not after, norm, lexicon, cache)
            if after:
                rest = _or_whole(pieces(after, language), language)
                clauses += self._clauses(rest, language, chunk.asked, norm, lexicon, cache)
            if listed:
                clauses = self._share_the_verb(clauses, norm, lexicon, cache, told(text, language))
            asking = False
            if unread_exclusion:  # "除了主驾 车窗打开": who is left out is not read, so all of it holds
                clauses = [(replace(cl, conditional=True), frame) for cl, frame in clauses]
            first_read = len(reads)
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
                    setting = self._frame(cl.body, norm, lexicon, cache)
                    if setting is not None and setting.device and setting.op == "set" and setting.number is not None:
                        cl, frame = replace(cl, question=False, hinted=False, hedged=True), setting
                if frame is not None and frame.device == "mode.activate" and _SAID_OF_A_MODE_NAME.search(cl.text):
                    frame = None  # "the pet is hot", 宠物太热了: said of the pet, not its mode asked for
                before = previous
                if frame is None and previous is not None and previous.device and cl.body and not cl.question:
                    frame = self._of_family(cl.body, previous.device, norm, lexicon, cache)
                    if frame is None:
                        frame = self._level_of(cl.body, previous.device, norm, lexicon, cache)
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
                places_only = frame is not None and frame.device is None and frame.op == "keep"
                if frame is not None:
                    frame = self._complete_frame(frame, previous, cl, language, excluded, listed)
                    cap = self._catalog.capabilities.get(frame.device or "")
                    frame = _of_whom(frame, cl.text, places, cap is not None and cap.target_type in SEATED_TYPES)
                if frame is not None:
                    if language == "en":
                        frame = _fahrenheit(frame, norm.raw)
                    frame = _fahrenheit_change(frame, norm)
                    previous = frame
                    resolution = self._resolver.resolve(frame, seat)
                else:
                    resolution = None
                spotted = spotter.mentions(cl.text, seat, cl.speaker) if cl.text else ()
                denied = cl.negated or (language == "zh" and cl.text.startswith("不是"))
                if denied and (frame is None or places_only) and not spotted and self._names_place(cl, lexicon):
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
                        spotted = tuple(m for m in spotted if m.capability == asked[0]) or (
                            Mention(asked[0], asked[1], "question", None),
                        )
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
                    borrows = self._of_family(cl.body, previous.device, norm, lexicon, cache) is not None
                ask = None
                if (resolution is None or not resolution.resolved) and _may_ask(cl):
                    ask = self._asker.ask(
                        cl.body,
                        frame,
                        norm.numbers,
                        language,
                        seat,
                        lambda b: self._frame(b, norm, lexicon, cache),
                        tuple(named),
                    )
                    if isinstance(ask, Frame):  # the control named earlier: read as its command
                        frame, ask = ask, None
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
                    and _levels_the_on(before, frame, cl, lexicon)
                ):
                    # "打开座椅加热 调到高档": the level said right after "on" is the one it gets
                    reads[-1] = replace(last, resolution=replace(last.resolution, actions=()))
                asked_for = ask if isinstance(ask, dict) else None
                reads.append(Read(cl, frame, resolution, spotted, chunk.sentence, excluded, asked_for))
                if excluded and frame is not None and frame.device and frame.targets and not frame.excluded:
                    renamed = renamed or self._resolver.leaves_none(frame.device, frame.targets, excluded)
                placed.append(Placed(cl, chunk.sentence, chunk.quoted, borrows, bool(NEG_FIRST.match(cl.text))))
            if renamed:  # "close the windows except the rear, and the rear to 30": no negated rear
                reads[first_read:] = [replace(r, excluded=()) for r in reads[first_read:]]
        said = said_of(placed)
        assembler = Assembler(self._catalog, self._resolver, spotter, seat, norm.numbers, timed, norm.said, inner)
        return assembler.finish(reads, said, norm.language)

    # -- clauses ---------------------------------------------------------------

    def _clauses(
        self, parts: list[Piece], language: str, asked: bool, norm: Normalized, lexicon: Lexicon, cache: Memo
    ) -> list[tuple[Clause, Frame | None]]:
        """The clauses of one chunk with their frames (None: no frame is read)."""
        last = len(parts) - 1
        alone = [_clause(p.text, language, asked and k == last, cache) for k, p in enumerate(parts)]
        out: list[tuple[Clause, Frame | None]] = []
        i = 0
        while i < len(parts):
            if two_amounts(parts[i].text, language):
                out.append((alone[i], None))  # "调到三档或者四档": one clause, asked about (section 4a)
                i += 1
                continue
            j, cl, frame = self._longest(parts, alone, i, norm, lexicon, asked and i == last, cache)
            # "打开副驾车窗不要开主驾车窗": a negation inside a piece that starts with a command
            # reaches only what follows it, so the piece is cut before it is read whole
            inner_no = (
                cl.negated
                and j == i
                and not NEG_FIRST.match(parts[i].text)
                and bool(COMMAND_START[language].match(parts[i].text))
            )
            if (frame is None or inner_no) and j == i and not cl.retraction and not cl.empty and not cl.reported:
                run_on = self._run_on(parts[i].text, language, asked and i == last, norm, lexicon, cache)
                if run_on is not None:
                    out.extend(run_on)
                    i += 1
                    continue
            if (
                frame is not None
                and _verb_is_own_word(cl, frame)
                and out
                and out[-1][1] is not None
                and out[-1][1].op in ("off", "close")
            ):
                # "关闭前挡除雾和后挡除雾": a member whose own word is its verb takes the list's switch-off
                # verb (the rear defroster came on); after a comma it may be either, so it is not read
                frame = replace(frame, op=out[-1][1].op) if parts[i].joint.strip() in _LIST_JOINTS else None
            out.append((cl, frame))
            i = j + 1
        return out

    def _frame(self, body: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """The frame the vocabulary reads in `body` (per parse, then a bounded cache
        across parses: voice commands repeat, and a run-on asks about many stretches)."""
        if body in cache:
            return cache[body]
        key = (lexicon.language, body, norm.numbers)
        found: Frame | None
        if key in self._frames:
            found = self._frames[key]
        else:
            found = read_frame(self._words[lexicon.language], body, norm.numbers) if body else None
            with self._lock:
                if len(self._frames) >= FRAME_CACHE:
                    self._frames.clear()
                self._frames[key] = found
        cache[body] = found
        return found

    def _longest(
        self,
        parts: list[Piece],
        alone: list[Clause],
        i: int,
        norm: Normalized,
        lexicon: Lexicon,
        asked_last: bool,
        cache: Memo,
    ) -> tuple[int, Clause, Frame | None]:
        """The longest run of pieces from `i` read as one clause (else piece i alone)."""
        language = lexicon.language
        if alone[i].retraction or alone[i].empty:
            return i, alone[i], None
        last = min(len(parts), i + MAX_RUN) - 1
        for k in range(i + 1, last + 1):
            if (
                alone[k].marked
                or alone[k].wish
                or alone[k].statement
                or COMMAND_START[language].match(alone[k].body)
                or not (lexicon.hits(parts[k].text) or any(c.isdigit() for c in parts[k].text))
            ):
                last = k - 1
                break
        for j in range(last, i, -1):
            text = join(parts[i : j + 1], language)
            if keeps_digits(text, language) and _numbers_in(text) > MOST_NUMBERS:
                continue  # so does its body: more than one clause (its markers need not be read)
            cl = _clause(text, language, asked_last and j == len(parts) - 1, cache)
            if cl.question or not cl.body or not self._may_be_one_clause(cl.body, lexicon):
                continue  # more numbers or controls than one clause reads
            frame = self._frame(cl.body, norm, lexicon, cache)
            if frame is not None:
                return j, cl, frame
        cl = alone[i]
        # three control words are more than one clause reads (two allow "rear window defrost")
        crowded = controls_in(cl.body, lexicon) > 2
        frame = self._frame(cl.body, norm, lexicon, cache) if cl.body and not cl.question and not crowded else None
        return i, cl, frame

    def _run_on(
        self, text: str, language: str, asked: bool, norm: Normalized, lexicon: Lexicon, cache: Memo
    ) -> list[tuple[Clause, Frame | None]] | None:
        """A piece read as no one clause, cut where every part is readable (or None)."""
        hits = hits_in(text, lexicon)
        controls = control_starts(hits, language)
        if language == "zh":
            extra = tuple(h.start for h in hits if h.kind in ("device", "mode", "peripheral", "target"))
            extra += tuple(m.start() for m in ZH_REQUEST_VERBS.finditer(text))
            # "风速调小 | 风太大了": what is too much, said after the command (its noun, then 太)
            extra += tuple(
                m.start() - k
                for too in TOO.values()
                for m in too.finditer(text)
                for k in range(1, 3)
                if text[m.start() - k : m.start()] in _TOO_OF
            )
            # "打开空调 | 温度调到24度": a control word inside a longer catalog word (空调温度)
            extra += tuple(p for h in hits for p in range(h.start + 1, h.end) if self._control_at(text, p, "zh"))
        else:  # "skip this song | recirc on": a control followed by what to do may start a clause of its own
            extra = tuple(
                h.start
                for h in hits
                if h.kind == "device"
                and h.start > 0
                and text[h.start - 1] == " "
                and self._acts_after(text, h.end)
                and not self._target_before(text, h.start)
            )
        # never inside a catalog word ("空|调" is no cut, though 调 may start a command), nor after a
        # word that makes the control another one ("auto | ac" is the automatic climate, not the AC)
        points = [
            p
            for p in cut_points(text, language, extra)
            if (not any(h.start < p < h.end for h in hits) or self._control_at(text, p, language))
            and not _OTHER_CONTROL.search(text, 0, p)
        ]
        if not points:
            return None
        spotter = self._spotters[language]

        dangling = DANGLING[language]
        commands = [0]
        lenient = [False]

        def readable(part: str, first: bool) -> bool:
            if dangling.search(part):
                return False
            if language == "zh" and _LEAVE_IT.search(part) and COMMAND_START["zh"].search(part):
                return False  # "打开车窗 | 别动后备箱": 别动 after a command leads the next clause
            cl = _clause(part, language, False, cache)
            if cl.retraction:
                return True
            if cl.empty:
                return False  # a part of politeness alone ("要 | 不要开天窗" is 要不要, a question)
            if cl.question:  # "open the sunroof | is the AC on": a question of its own, after a command
                return not first and bool(QUESTION_START[language].search(part)) and bool(spotter.mentions(part))
            few = cl.body and controls_in(cl.body, lexicon) <= MOST_CONTROLS
            frame = self._frame(cl.body, norm, lexicon, cache) if few else None
            if frame is not None:
                if cl.question or cl.statement or cl.wish:
                    return False
                if (
                    language == "zh"
                    and text.startswith(part)
                    and text[len(part) :].strip(" ,")
                    and self._ends_in_place(cl.body)
                ):
                    # "关闭天窗后面 | 车窗打开": a place at the end of a part is the next command's
                    return False
                if frame.op == "keep" and not cl.negated and not (not first and self._listed(text, part, hits)):
                    return False  # "空调 | 开着吗": a bare control cut off its own predicate
                if frame.device == "mode.activate" and not COMMAND_START[language].match(part):
                    # "说一下美美 | 洗车": a mode's bare name cut off a name is no command, nor first
                    # before a statement ("the pet | is hot | turn on the ac"), unless "mode" is said
                    if not first or not re.search(r"\bmode\b|模式", part):
                        return False
                commands[0] += 1
                return True
            if spotter.need_only(part):
                return True
            if (
                language == "zh"
                and not first
                and not part.startswith("太")
                and any(too.search(part) for too in TOO.values())
                and not COMMAND_START["zh"].match(part)
            ):
                return True  # "风速调小 | 风太大了": why, said after it (the assembler weighs it)
            # Chit-chat or a question beside a command ("打开空调讲个笑话"): read on
            # its own, never joined to a command, and it makes the text incomplete.
            # "打开雾灯 | 关闭空调": a request of its own, a verb and an object with no second verb
            request = bool(REQUEST[language].match(part)) and not COMMAND_START[language].search(part, 1)
            if first and not request:
                return False  # "他昨天 | 把车窗打开了": a subject cut off a statement is no chit-chat
            if PREDICATE.match(part) and not (request and COMMAND_START[language].match(part)):
                return False
            # a number is never dropped as chit-chat; a request of its own keeps it ("打开三六零": unplaced)
            numbered = any(c.isdigit() for c in part) and not (request and language == "zh")
            if cl.marked or cl.wish or cl.statement:
                return False
            if any(h.kind == "target" and h.end == len(part) for h in hits_in(part, lexicon)):
                return False  # "导航回家 | 副驾车窗打开": a place at its end is the next clause's, never dropped
            # "打开商务舱空调 | 空调温度调到二十度": a request of its own, led by its one command verb,
            # is unplaced where the catalog lacks what it names; it never hides the known one beside it
            own = (
                lenient[0]
                and request
                and bool(COMMAND_START["zh"].match(part))
                and not ZH_REQUEST_VERBS.search(part)
                and sum(h.kind in CONTROL_KINDS for h in hits_in(part, lexicon)) <= 1
            )
            return own or not (spotter.mentions(part) or numbered)

        if language == "en":  # a clause is one verb phrase: no part holds a second command verb
            verbs = tuple(p for p in points if COMMAND_START["en"].match(text, p))
        else:  # a Chinese member word comes before its control: after one it starts the next clause
            verbs = tuple(h.start for h in hits if h.kind == "target" and h.ident not in ("all", "cabin"))
        parts = split(text, points, readable, controls=controls, most=MOST_CONTROLS, verbs=verbs)
        if parts is None and language == "zh":
            # no cut reads every part: once more, with a request the catalog lacks read as one part
            # ("关闭后排车窗 | 调到主驾坐姿一 | 关闭副驾车窗": 调到 may then lead it too)
            lenient[0], commands[0] = True, 0
            more = sorted({*points, *(m.start() for m in re.finditer("调到", text) if m.start() > 0)})
            parts = split(text, more, readable, controls=controls, most=MOST_CONTROLS, verbs=verbs)
        if parts is None or not commands[0]:
            return None
        out: list[tuple[Clause, Frame | None]] = []
        for k, part in enumerate(parts):
            cl = _clause(part, language, asked and k == len(parts) - 1, cache)
            frame = self._frame(cl.body, norm, lexicon, cache) if cl.body and not cl.question else None
            out.append((cl, frame))
        return out

    def _ends_in_place(self, body: str) -> bool:
        """Whether the last word of a Chinese clause is a place (its frame's target, 后面, 副驾)."""
        pieces = [m for _, m in cover(self._words["zh"], body, ORDER) or () if m is None or "glue" not in m]
        return bool(pieces) and pieces[-1] is not None and "targets" in pieces[-1]

    def _share_the_verb(
        self,
        clauses: list[tuple[Clause, Frame | None]],
        norm: Normalized,
        lexicon: Lexicon,
        cache: Memo,
        told_whole: bool = False,
    ) -> list[tuple[Clause, Frame | None]]:
        """ "空调和座椅加热都打开", "座椅加热和通风都打开": a bare control listed before 都 does
        what the verb after it says (it used to wait for a previous clause, and did nothing).
        A list is one thing said: a statement or a report of one member (每天…, 他把…了) is of all."""
        out = list(clauses)
        statement = told_whole or any(c.statement for c, _ in out)
        reported = any(c.reported for c, _ in out)
        wish = any(c.wish for c, _ in out)
        if statement or reported or wish:
            out = [
                (
                    replace(
                        c, statement=c.statement or statement, reported=c.reported or reported, wish=c.wish or wish
                    ),
                    f,
                )
                for c, f in out
            ]
        for k in range(len(out) - 2, -1, -1):
            (cl, frame), (then, shared) = out[k], out[k + 1]
            # a member whose own word is its verb (前挡除雾, 把座椅加热) is still a bare control here:
            # "把前挡除雾和后挡除雾都关了" switches both off (the first one used to come on)
            bare = frame is not None and (frame.op == "keep" or _verb_is_own_word(cl, frame))
            if frame is None or not frame.device or not bare or cl.marked or then.marked:
                continue
            if shared is None and then.body:
                shared = self._of_family(then.body, frame.device, norm, lexicon, cache)
                out[k + 1] = (then, shared)
            if shared is not None and shared.op not in (None, "keep"):
                out[k] = (cl, replace(frame, op=shared.op, number=shared.number, unit=shared.unit, color=shared.color))
        return out

    def _of_family(self, body: str, device: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """ "turn on the seat heating not the ventilation", 座椅加热和通风都打开: a word that
        names a control only after its family's word ("seat ventilation") names it after
        another control of that family."""
        words = self._words[lexicon.language]
        for family, controls in words.families.items():
            if device in controls:
                joint = " " if lexicon.language == "en" else ""
                frame = self._frame(words.family_word[family] + joint + body, norm, lexicon, cache)
                if frame is not None and frame.device in controls:
                    return frame
        return None

    def _level_of(self, body: str, device: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """ "打开座椅加热 调到高档": a level said with no control after a control with levels is its level."""
        cap = self._catalog.capabilities.get(device)
        if cap is None or "level" not in cap.parameters:
            return None
        word = next((w for w in self._words[lexicon.language].table if w in self.control_words(device)), None)
        if word is None:
            return None
        frame = self._frame(word + (" " if lexicon.language == "en" else "") + body, norm, lexicon, cache)
        if frame is None or frame.device != device or frame.targets:
            return None
        return frame if frame.op in ("low", "medium", "high") or (frame.op == "set" and frame.unit == "level") else None

    @staticmethod
    def _names_place(cl: Clause, lexicon: Lexicon) -> bool:
        """The clause names a member ("not mine", 不是主驾, "not the driver's")."""
        return cl.speaker or bool(places_in(cl.text, lexicon))

    @staticmethod
    def _may_be_one_clause(text: str, lexicon: Lexicon) -> bool:
        """False when `text` says more numbers or controls than one clause reads."""
        if _numbers_in(text) > MOST_NUMBERS:
            return False
        return sum(1 for hit in lexicon.hits(text) if hit.kind in ("device", "mode", "peripheral")) <= MOST_CONTROLS

    @staticmethod
    def _listed(text: str, part: str, hits) -> bool:
        """`part` ends `text` right after another control: a list sharing the verb before
        it ("打开座椅按摩 | 座椅通风", "关闭车窗 | 遮阳帘"), not a control cut off a verb."""
        if not text.rstrip(" ,").endswith(part):
            return False
        at = len(text.rstrip(" ,")) - len(part)
        # of one family only ("座椅按摩 | 座椅通风"): "车窗 | 遮阳帘" may be one thing, the window's shade
        family = {h.ident.split(".")[0] for h in hits if h.start == at and h.kind in CONTROL_KINDS}
        return any(h.end == at and h.kind in CONTROL_KINDS and h.ident.split(".")[0] in family for h in hits)

    def _control_at(self, text: str, at: int, language: str) -> bool:
        """A control word starts at `at` ("空调|温度": 温度 though 空调温度 is one word too)."""
        words = self._words[language]
        return language == "zh" and any(
            "controls" in words.table.get(text[at : at + n], {})
            for n in range(2, min(words.longest, len(text) - at) + 1)
        )

    def _target_before(self, text: str, start: int) -> bool:
        """A target word right before `start`: it belongs to that control ("passenger | seat
        ventilation" is no cut)."""
        table = self._words["en"].table
        before = text[:start].split()
        return any("targets" in table.get(" ".join(before[-n:]), {}) for n in range(1, min(3, len(before)) + 1))

    def _acts_after(self, text: str, end: int) -> bool:
        """An action word among the next few words after `end` ("recirc | on")."""
        table = self._words["en"].table
        return any("actions" in table.get(w, {}) and table[w]["actions"].value != "set" for w in text[end:].split()[:4])

    def _complete_frame(
        self,
        frame: Frame,
        previous: Frame | None,
        cl: Clause,
        language: str,
        excluded: tuple[str, ...],
        listed: bool = False,
    ) -> Frame:
        """Borrow from the previous clause; a lone "<targets> to N" is a temperature.

        "degrees" names the temperature even after another control: in "open
        the driver window and set the passenger side to 23 degrees" the second
        clause must not borrow the window.
        """
        if (
            frame.device is None
            and frame.unit == "degrees"
            and frame.op == "set"
            and frame.number is not None
            and previous is not None
            and previous.device not in _TEMPERATURE_DEVICES
        ):
            frame = replace(frame, device=SET_TEMPERATURE)
        if (
            frame.device is None
            and frame.op == "set"
            and frame.number is not None
            and frame.unit is None
            and language == "en"
            and _ZONE_SIDE.search(cl.text)
            and COMMAND_START["en"].match(cl.body)
        ):
            # "close the passenger window set the driver side to 21": a command of its own on a
            # side of the cabin is that side's temperature, as alone; a window never borrows it
            frame = replace(frame, device=SET_TEMPERATURE)
        own = frame.targets  # the places this clause names itself, before any are borrowed
        if listed and "all" in frame.targets and not _ZH_EVERY.search(cl.text):
            # 都 over a list is "both" (the vocabulary reads 都 as all): 主驾和副驾都调到22度
            frame = replace(frame, targets=tuple(t for t in frame.targets if t != "all"))
        if frame.device is None or frame.op == "keep":
            frame = frame.borrow(previous)
        if (
            frame.device is None
            and previous is None
            and frame.op == "set"
            and frame.number is not None
            and (frame.unit == "degrees" or (frame.unit is None and frame.targets))
        ):
            frame = replace(frame, device=SET_TEMPERATURE)
        if listed and previous is not None and previous.targets and frame.device and not frame.targets:
            cap = self._catalog.capabilities.get(frame.device)
            before = self._catalog.capabilities.get(previous.device or "")
            # (a glass is no seat: "把后挡除雾和座椅加热都关了" is the speaker's seat, not the rear ones)
            if (
                cap is not None
                and cap.target_type in SEATED_TYPES
                and before is not None
                and before.target_type in SEATED_TYPES
            ):
                # "副驾车窗和座椅加热都打开": the place said first is the place of the whole list
                frame = frame.at_places_of(previous)
        plural = frame.plural or (language == "zh" and bool(ZH_ALL.search(cl.text)) and not listed)
        speaker = cl.speaker or frame.speaker  # a borrowed "my" ("open my window and close it")
        excluded = excluded or frame.excluded
        if own and frame.device and self._resolver.leaves_none(frame.device, own, excluded):
            excluded = ()  # "…except the rear, and the rear to 30": a clause naming only those left out says what they do
        if (plural, speaker, excluded) == (frame.plural, frame.speaker, frame.excluded):
            return frame
        return replace(frame, plural=plural, speaker=speaker, excluded=excluded)


def _verb_is_own_word(cl: Clause, frame: Frame) -> bool:
    """The frame is on only because its control's own word is its verb (前挡除雾, 把座椅加热): the
    clause says no operation, so in a list it is a bare member that takes the list's verb."""
    return frame.op == "on" and not names_op(cl)


#: Joints of a list's members ("关闭前挡除雾和后挡除雾", "turn off A and B").
_LIST_JOINTS = frozenset({"和", "跟", "与", "以及", "还有", "and", "&", "plus"})
#: A bare mode name in a statement ("the pet is hot", 宠物太热了): no verb, no "mode", a state said.
_SAID_OF_A_MODE_NAME = re.compile(
    r"^(?!.*(?:\bmode\b|模式|打开|开启|进入|切换|启动|\b(?:turn|switch|start|activate|enable|enter|go)\b))"
    r".*(?:\b(?:is|are|was|seems|feels|looks|gets|getting)\b|太|好像|有点|[了啊呀]$)"
)
#: Two things joined before 都: the 都 is "both", over the list.
_ZH_LISTED = re.compile(r"(?:和|跟|与|以及|还有|、|[\u4e00-\u9fff] [\u4e00-\u9fff])[^都]*都")
#: Words for every member, which 都 over a list is not.
_ZH_EVERY = re.compile(r"所有|全部|全车|整车|四个|四门|全都")
#: A side of the cabin ("the driver side"): a zone, which only the temperature has.
_ZONE_SIDE = re.compile(r"\b(?:driver|passenger|left|right|driver's|passenger's|co driver's)\s+side\b")
#: A question's tag or particle ("…, right?", "…天窗吗"): with nothing but controls before it, it asks
#: what was said before it in its sentence.
_TAG = re.compile(
    r"\s*\b(?:right|correct|yes|yeah|ok|okay|alright|is that right|isn't it|no)\s*$|(?:吗|呢|么|对吧|是吧|对吗|是吗|好吗|行吗)$"
)
#: "nope" / "nah" said as a sentence of its own, or first before a comma: a "no".
_LONE_NO = re.compile(r"^\s*(?:nope|nah|oops|whoops|nuh-uh|uh no)(?=[\s.!]*$|\s*,)")
#: Words that take back what was just said when a recogniser runs them on.
_TRAILING_TAKE_BACK = re.compile(r"(?<=[a-z0-9]) (nope|nah|oops|hold on|wait|no wait|never mind|scratch that)$")
_ZH_TRAILING_TAKE_BACK = re.compile(r"(?<=[\u4e00-\u9fff])(哦不|当我没说|当我没说过|no|nope)$")
#: "leave it" words, which may trail their own object ("后备箱别动").
_LEAVE_IT = re.compile(r"(?:别动|别碰|不要动|不动)$")
#: A word that makes the control after it another one the catalog lacks ("auto ac", "智能空调"):
#: no clause starts right after it.
_OTHER_CONTROL = re.compile(r"(?:\b(?:auto|automatic|smart|adaptive|sync|synchronized|dual|heated)|自动|智能) ?$")
#: English temperatures said with no unit in this range are Fahrenheit ("72 degrees" has
#: a unit: it is read as said, and refused as out of range with the range named).
_BARE_FAHRENHEIT = (59.0, 86.0)
_CELSIUS_SAID = re.compile(r"celsius|centigrade|°\s*c\b|\d\s*c\b|\bdegrees? c\b")


#: Whose: a person's ("her seat heating", 她的座椅加热) or a thing's ("its seat heating", 它的).
_PERSON_OWNS = re.compile(r"\b(?:her|his|their|hers)\b|她的|他的|他们的|她们的|给她|给他")
_IT_OWNS = re.compile(r"\bits\b|它的")


#: A take-back inside a sentence ("…in 10 minutes, no wait, open it now", 十分钟后打开天窗 不对 现在就开).
_TAKE_BACK_IN = {
    "en": re.compile(r"(?:^|[\s,])(?:no wait|wait no|never ?mind|scratch that|i mean|actually no|no no)[\s,]+(?=\S)"),
    "zh": re.compile(r"(?:不对不对|不对|说错了|算了|不是不是|等等)[\s,]*(?=[\u4e00-\u9fff\w])"),
}


#: What is said to be too much or too little after a command ("风速调小 | 风力太大"): a cut may fall before it.
_TOO_OF = frozenset({"风", "风力", "风速", "风量", "温度", "声音"})
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


def _levels_the_on(before: Frame | None, frame: Frame | None, cl: Clause, lexicon: Lexicon) -> bool:
    """`frame`, said with no control of its own, gives the level of the control `before` switched on."""
    return (
        before is not None
        and frame is not None
        and before.op == "on"
        and frame.device == before.device
        and frame.targets == before.targets
        and (frame.op in ("low", "medium", "high") or (frame.op == "set" and frame.unit == "level"))
        and not controls_in(cl.body, lexicon)
    )


def _of_whom(frame: Frame, text: str, places: tuple[str, ...], seated: bool = False) -> Frame | None:
    """ "打开副驾车窗 它的座椅加热也打开": a pronoun's member is the place just named; a person
    ("her seat") with no place named is no member this parser can tell, so nothing acts
    (it used to be the speaker's or the driver's)."""
    if frame.targets or frame.speaker or not frame.device:
        return frame
    person = bool(_PERSON_OWNS.search(text))
    if not person and not _IT_OWNS.search(text):
        return frame
    if places:
        return replace(frame, targets=places)
    return None if person or seated else frame


def _fahrenheit(frame: Frame, raw: str) -> Frame:
    """ "set the temp to 72" is 72 °F (22.0 °C) in English: no one sets a cabin to 72 °C."""
    low, high = _BARE_FAHRENHEIT
    if (
        frame.device in _TEMPERATURE_DEVICES
        and frame.op == "set"
        and frame.number is not None
        and frame.unit is None
        and low <= frame.number <= high
        and not _CELSIUS_SAID.search(raw)
    ):
        return replace(frame, number=to_celsius(frame.number))
    return frame


def _fahrenheit_change(frame: Frame, norm: Normalized) -> Frame:
    """ "nine degrees fahrenheit higher" changes by 9 * 5/9 = 5.0 degrees: a change said in
    Fahrenheit is converted as a difference, not as the temperature it would be."""
    if frame.op not in ("more", "less", "up", "down") or frame.number is None:
        return frame
    for celsius, said in norm.fahrenheit:
        if celsius == frame.number:
            return replace(frame, number=round(said * 5.0 / 9.0 * 2.0) / 2.0)
    return frame


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


#: A number of the normalised text (each is lifted out as the index of its value).
_NUMBER = re.compile(r"\d+")


def _numbers_in(text: str) -> int:
    return len(_NUMBER.findall(text))


def _or_whole(parts: list[Piece], language: str) -> list[Piece]:
    """Pieces cut inside "三档或者四档" / "21 or 22" joined again: two amounts are asked about as one clause."""
    out: list[Piece] = []
    for piece in parts:
        if out and two_amounts(join([out[-1], piece], language), language):
            out[-1] = Piece(join([out[-1], piece], language), out[-1].joint)
        else:
            out.append(piece)
    return out


def _may_ask(cl: Clause) -> bool:
    """A clause said as a plain command (nothing marks it otherwise): its lack may be asked about."""
    return bool(cl.body) and not (
        cl.marked or cl.wish or cl.statement or cl.hedged or cl.conditional or cl.question or cl.negated
    )


def _clause(text: str, language: str, asked: bool, cache: Memo) -> Clause:
    """:func:`.markers.clause`, read once per parse (run-on cuts ask again for the same part)."""
    key = (text, language, asked)
    found = cache.get(key)
    if found is None:
        found = cache[key] = clause(text, language, asked)
    return found


__all__ = ["MAX_CHARS", "MAX_RUN", "Parser"]
