"""Reading one chunk's pieces into clauses, each with the frame its words say.

The engine cuts a sentence into pieces where a new command may begin; this
reader joins them back into the longest runs the frame reader reads as one
clause (the whole sentence first), cuts a piece that reads as no one clause
into a run-on (:mod:`.clauses.runon`), and lends a list's verb to its bare
members ("空调和座椅加热都打开"). It keeps the frames it has read across parses
(voice commands repeat), so it is built once per parser and is thread-safe.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import replace

from vehicle.catalog import Catalog

from .assemble import REQUEST, TOO, ZH_REQUEST_VERBS
from .clauses.cues import (
    COMMAND_START,
    CONTROL_KINDS,
    NEG_FIRST,
    PREDICATE,
    QUESTION_START,
    control_starts,
    controls_in,
    hits_in,
    names_op,
)
from .clauses.cut import Piece, clause, join
from .clauses.markers import Clause, keeps_digits
from .clauses.runon import DANGLING, cut_points, split
from .frames.ask import PRONOUN, two_amounts
from .frames.cover import cover
from .frames.frame import Frame
from .frames.framewords import Words
from .frames.lexicon import Lexicon
from .frames.reader import ORDER, PARTICLE_VERBS
from .frames.reader import read as read_frame
from .frames.spotter import Spotter
from .text.names import NAME
from .text.normalize import Normalized

#: Longest run of pieces tried as one clause ("rear left, rear right and
#: passenger windows" is four pieces).
MAX_RUN = 5
#: A clause reads one control and at most one number: a run of pieces with
#: more is more than one clause ("rear window defrost" holds two control
#: words, and a piece holding three is read as a run-on only).
MOST_CONTROLS = 1
MOST_NUMBERS = 1
#: Clause frames kept across parses (cleared when full).
FRAME_CACHE = 4096
#: One parse's memo: clause frames under their body (a string), clauses under (text, language, asked).
Memo = dict

#: Joints of a list's members ("关闭前挡除雾和后挡除雾", "turn off A and B").
_LIST_JOINTS = frozenset({"和", "跟", "与", "以及", "还有", "and", "&", "plus"})
#: "leave it" words, which may trail their own object ("后备箱别动").
_LEAVE_IT = re.compile(r"(?:别动|别碰|不要动|不动)$")
#: A word that makes the control after it another one the catalog lacks ("auto ac", "智能空调"):
#: no clause starts right after it.
_OTHER_CONTROL = re.compile(r"(?:\b(?:auto|automatic|smart|adaptive|sync|synchronized|dual|heated)|自动|智能) ?$")
#: 把 and a seat function whose last word is a verb (把座椅加热), and what may follow it as 把's own verb.
_BA_FUNCTION_LAST = re.compile(r"^(?:把|将).*(?:加热|通风|按摩)$")
_ZH_VERB_FIRST = re.compile(r"(?:关|开|打开|启动|停|调|设)")
#: English words at the end of a Chinese part, after its last Chinese word.
_EN_WORDS_AFTER = re.compile(r"(?<=[\u3400-\u9fff])[\s,]*[a-z][a-z' ]*$")
#: A verb that takes its way from a particle ("turn … on", "put … down") with none in the part: the
#: particle is further on, so a cut here would leave it to whatever the part after it names
#: ("turn the light in the trunk on" opened the tailgate, "turn the garage heat up" pressed the garage button).
_EN_PARTICLE_LATER = re.compile(rf"^(?:{'|'.join(sorted(PARTICLE_VERBS))})\b(?!.*\b(?:on|off|up|down|to|back)\b)")
#: What is said to be too much or too little after a command ("风速调小 | 风力太大"): a cut may fall before it.
_TOO_OF = frozenset({"风", "风力", "风速", "风量", "温度", "声音"})
#: The word classes of a verb and its particles (a part holding only these has no object).
_VERB_CLASSES = frozenset({"actions", "verbs", "to", "further", "glue"})
#: A state word, and the closing and opening verbs (see _state_after_opposite_verb).
_STATE_WORDS = {
    "en": (
        re.compile(r"(?:open|opened|shut|closed)\b"),
        re.compile(r"\b(?:close|shut|closed|roll up|wind up)\b"),
        re.compile(r"\b(?:open|opened)\b"),
    ),
    # (in Chinese a state is said with 的: 打开刚才 | 关掉的车窗, not 打开雾灯 | 关闭空调)
    "zh": (
        re.compile(r"(?:打开|开启|关闭|关上|关掉|开(?!关)|关)(?=了?的)"),
        re.compile(r"关闭|关上|关掉|关"),
        re.compile(r"打开|开启|开(?!关)"),
    ),
}
#: "just" before a verb ("don't open the sunroof | just start nap mode"): the verb still leads its part.
_JUST = re.compile(r"^just ")
#: A number of the normalised text (each is lifted out as the index of its value).
_NUMBER = re.compile(r"\d+")


class ClauseReader:
    """The clauses of a chunk and their frames, for both languages of one catalog."""

    def __init__(self, catalog: Catalog, words: Mapping[str, Words], spotters: Mapping[str, Spotter]) -> None:
        self._catalog = catalog
        self._words = words
        self._spotters = spotters
        self._control_words: dict[str, tuple[str, ...]] = {}
        self._kept: dict[tuple[str, str, tuple[float, ...]], Frame | None] = {}
        self._lock = threading.Lock()

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
        """Forget the frames kept across parses."""
        with self._lock:
            self._kept.clear()

    def clauses(
        self, parts: list[Piece], language: str, asked: bool, norm: Normalized, lexicon: Lexicon, cache: Memo
    ) -> list[tuple[Clause, Frame | None]]:
        """The clauses of one chunk with their frames (None: no frame is read)."""
        last = len(parts) - 1
        alone = [clause_of(p.text, language, asked and k == last, cache) for k, p in enumerate(parts)]
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
                and verb_is_own_word(cl, frame)
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

    def frame(self, body: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """The frame the vocabulary reads in `body` (per parse, then a bounded cache
        across parses: voice commands repeat, and a run-on asks about many stretches)."""
        if body in cache:
            return cache[body]
        key = (lexicon.language, body, norm.numbers)
        found: Frame | None
        if key in self._kept:
            found = self._kept[key]
        else:
            found = read_frame(self._words[lexicon.language], body, norm.numbers) if body else None
            with self._lock:
                if len(self._kept) >= FRAME_CACHE:
                    self._kept.clear()
                self._kept[key] = found
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
                or (alone[k].negated and not alone[i].negated)  # "后视镜收起来，后备箱别开": its own clause
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
            cl = clause_of(text, language, asked_last and j == len(parts) - 1, cache)
            if cl.question or not cl.body or not self._may_be_one_clause(cl.body, lexicon):
                continue  # more numbers or controls than one clause reads
            frame = self.frame(cl.body, norm, lexicon, cache)
            if frame is not None:
                return j, cl, frame
        cl = alone[i]
        # three control words are more than one clause reads (two allow "rear window defrost")
        crowded = controls_in(cl.body, lexicon) > 2
        frame = self.frame(cl.body, norm, lexicon, cache) if cl.body and not cl.question and not crowded else None
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
        others = self._words[language].other_spans(text)
        # never inside a catalog word ("空|调" is no cut, though 调 may start a command), nor after a
        # word that makes the control another one ("auto | ac" is the automatic climate, not the AC)
        points = [
            p
            for p in cut_points(text, language, extra)
            if (not any(h.start < p < h.end for h in hits) or self._control_at(text, p, language))
            and not _OTHER_CONTROL.search(text, 0, p)
            # "open the third | row window": after a word unread, a part with no verb of its own is its object
            and not (language == "en" and text[:p].rstrip().endswith(NAME) and not COMMAND_START["en"].match(text, p))
            and not _state_after_opposite_verb(text, p, hits, language)
            and not any(a < p < b for a, b in others)
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
            if language == "zh" and _BA_FUNCTION_LAST.match(part):
                rest = text[text.find(part) + len(part) :].lstrip(" ,")
                if rest and _ZH_VERB_FIRST.match(rest):
                    return False  # "把座椅加热 | 关掉一下 myself": the verb after is 把's, not 加热 (heating came on)
            if language == "zh" and _LEAVE_IT.search(part) and COMMAND_START["zh"].search(part):
                return False  # "打开车窗 | 别动后备箱": 别动 after a command leads the next clause
            cl = clause_of(part, language, False, cache)
            if cl.retraction:
                return True
            if cl.empty:
                return False  # a part of politeness alone ("要 | 不要开天窗" is 要不要, a question)
            if cl.question:  # "open the sunroof | is the AC on": a question of its own, after a command
                return not first and bool(QUESTION_START[language].search(part)) and bool(spotter.mentions(part))
            few = cl.body and controls_in(cl.body, lexicon) <= MOST_CONTROLS
            frame = self.frame(cl.body, norm, lexicon, cache) if few else None
            if frame is not None:
                if cl.question or (
                    (cl.statement or cl.wish) and (first or not spotter.need_only(text[: text.find(part)]))
                ):
                    # (after a need, what was done is told on its own: "i'm cold | i opened the window")
                    return False
                if (
                    language == "zh"
                    and text.startswith(part)
                    and text[len(part) :].strip(" ,")
                    and self._ends_in_place(cl.body)
                ):
                    # "关闭天窗后面 | 车窗打开": a place at the end of a part is the next command's
                    return False
                if not first and self._verbs_only(part, language):
                    return False  # "关闭后视镜 | 折叠": a control named by its verb alone is that verb's object
                if frame.op == "keep" and not cl.negated and not (not first and self._listed(text, part, hits)):
                    return False  # "空调 | 开着吗": a bare control cut off its own predicate
                if frame.device == "mode.activate" and not COMMAND_START[language].match(_JUST.sub("", part)):
                    # "说一下美美 | 洗车": a mode's bare name cut off a name is no command, nor first
                    # before a statement ("the pet | is hot | turn on the ac"), unless "mode" is said
                    if not first or not re.search(r"\bmode\b|模式", part):
                        return False
                commands[0] += 1
                return True
            if spotter.need_only(part):
                return True
            if self._verbs_only(part, language):
                return False  # "close | the open windows", "关闭后视镜 | 折叠": a verb never leaves its object
            if (
                language == "zh"
                and not first
                and not part.startswith("太")
                and any(too.search(part) for too in TOO.values())
                and not COMMAND_START["zh"].match(part)
            ):
                return True  # "风速调小 | 风太大了": why, said after it (the assembler weighs it)
            if language == "en" and _EN_PARTICLE_LATER.match(part):
                return False  # "turn the light in | the trunk on": the verb's particle is further on, one phrase
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
                and sum(h.kind in CONTROL_KINDS for h in hits_in(part, lexicon)) <= 2
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
            cl = clause_of(part, language, asked and k == len(parts) - 1, cache)
            frame = self.frame(cl.body, norm, lexicon, cache) if cl.body and not cl.question else None
            out.append((cl, frame))
        return out

    def _verbs_only(self, part: str, language: str) -> bool:
        """Whether every word of `part` is an action word, a verb or glue ("close", "turn off the",
        关闭已, 折叠): a command verb cut off the object it governs."""
        if PRONOUN[language].search(part):
            return False  # "turn on the ac | open it", 关掉它: a verb with its pronoun object is asked of something
        if language == "zh":  # an English word after the verb is none of its object ("关掉 already")
            part = _EN_WORDS_AFTER.sub("", part).strip() or part
        pieces = cover(self._words[language], part, ORDER)
        meant = [m for _, m in pieces or () if m is None or "glue" not in m]
        return bool(meant) and all(m is not None and set(m) <= _VERB_CLASSES for m in meant)

    def _ends_in_place(self, body: str) -> bool:
        """Whether the last word of a Chinese clause is a place (its frame's target, 后面, 副驾)."""
        pieces = [m for _, m in cover(self._words["zh"], body, ORDER) or () if m is None or "glue" not in m]
        return bool(pieces) and pieces[-1] is not None and "targets" in pieces[-1]

    def share_the_verb(
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
            bare = frame is not None and (frame.op == "keep" or verb_is_own_word(cl, frame))
            if frame is None or not frame.device or not bare or cl.marked or then.marked:
                continue
            if shared is None and then.body:
                shared = self.of_family(then.body, frame.device, norm, lexicon, cache)
                out[k + 1] = (then, shared)
            if shared is not None and shared.op not in (None, "keep"):
                out[k] = (cl, replace(frame, op=shared.op, number=shared.number, unit=shared.unit, color=shared.color))
        return out

    def of_family(self, body: str, device: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """ "turn on the seat heating not the ventilation", 座椅加热和通风都打开: a word that
        names a control only after its family's word ("seat ventilation") names it after
        another control of that family."""
        words = self._words[lexicon.language]
        for family, controls in words.families.items():
            if device in controls:
                joint = " " if lexicon.language == "en" else ""
                frame = self.frame(words.family_word[family] + joint + body, norm, lexicon, cache)
                if frame is not None and frame.device in controls:
                    return frame
        return None

    def level_of(self, body: str, device: str, norm: Normalized, lexicon: Lexicon, cache: Memo) -> Frame | None:
        """ "打开座椅加热 调到高档": a level said with no control after a control with levels is its level."""
        cap = self._catalog.capabilities.get(device)
        if cap is None or "level" not in cap.parameters:
            return None
        word = next((w for w in self._words[lexicon.language].table if w in self.control_words(device)), None)
        if word is None:
            return None
        frame = self.frame(word + (" " if lexicon.language == "en" else "") + body, norm, lexicon, cache)
        if frame is None or frame.device != device or frame.targets:
            return None
        return frame if frame.op in ("low", "medium", "high") or (frame.op == "set" and frame.unit == "level") else None

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
        """A target word, or someone's, right before `start`: it belongs to that control ("passenger |
        seat ventilation" is no cut)."""
        table = self._words["en"].table
        before = text[:start].split()
        if before and before[-1].endswith("s") and before[-1] not in table:
            # "put my wife's | window down", "turn grandmas | seat heater on": whose it is, said before it
            # (the rest acted on the speaker's member); a word of the vocabulary ending in s is none
            return True
        return any("targets" in table.get(" ".join(before[-n:]), {}) for n in range(1, min(3, len(before)) + 1))

    def _acts_after(self, text: str, end: int) -> bool:
        """An action word among the next few words after `end` ("recirc | on")."""
        table = self._words["en"].table
        return any("actions" in table.get(w, {}) and table[w]["actions"].value != "set" for w in text[end:].split()[:4])


def _state_after_opposite_verb(text: str, at: int, hits, language: str) -> bool:
    """ "close the other | open window", "open the last | shut trunk", 打开刚才 | 关掉的车窗: an open or shut
    word after the opposite verb with no control between says which one (it opened what was to be
    closed), never a command of its own."""
    state_at, closing, opening = _STATE_WORDS[language]
    m = state_at.match(text, at)
    if m is None:
        return False
    verbs = list((opening if closing.match(m.group(0)) else closing).finditer(text, 0, at))
    if not verbs:
        return False
    since = verbs[-1].end()
    return not any(since <= h.start < at for h in hits if h.kind in CONTROL_KINDS)


def verb_is_own_word(cl: Clause, frame: Frame) -> bool:
    """The frame is on only because its control's own word is its verb (前挡除雾, 把座椅加热): the
    clause says no operation, so in a list it is a bare member that takes the list's verb."""
    return frame.op == "on" and not names_op(cl)


def _numbers_in(text: str) -> int:
    return len(_NUMBER.findall(text))


def clause_of(text: str, language: str, asked: bool, cache: Memo) -> Clause:
    """:func:`.clauses.markers.clause`, read once per parse (run-on cuts ask again for the same part)."""
    key = (text, language, asked)
    found = cache.get(key)
    if found is None:
        found = cache[key] = clause(text, language, asked)
    return found


__all__ = ["MAX_RUN", "ClauseReader", "Memo", "clause_of", "verb_is_own_word"]
