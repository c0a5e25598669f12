"""Is this message an answer to the open question, and which (DESIGN section 4a)?

An answer is a message made *only* of answer words: yes/no words, "both",
an option's place ("the second one", "第一个") or an option's own control
words ("the reading light", "座椅加热"), with politeness and glue between
them. The words are data (``catalog/answers.yaml``); an option's words come
from the capability catalog (its aliases and label in both languages, its
target's words where the options differ by target, its value where they
differ by value). Anything else in the message — a new command, a question,
"no, open the window" — makes it a new message: :func:`read_answer` answers
None and the pipeline reads it as usual. Mixed signals ("yes no", "the
first one, no") are no answer either: nothing moves on a guess.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import opencc
import yaml

from vehicle.catalog import Catalog, default_catalog_dir

from .questions import Question

ANSWERS_FILE = "answers.yaml"
CLASSES = ("yes", "no", "both", "fillers")
_CJK = re.compile(r"[\u3400-\u9fff]")
_PUNCT = re.compile(r"[^\w\s'\u3400-\u9fff]+")
#: Longest phrase tried, in words (English) or characters (Chinese).
_LONGEST = 12
#: Traditional characters read as Simplified, as the parser reads them ("對", "第二個").
_T2S = opencc.OpenCC("t2s")


@dataclass(frozen=True)
class Choice:
    """What an answer chose: ``yes`` (the one option), ``no``, or ``options`` (ids)."""

    kind: str
    option_ids: tuple[str, ...] = ()


DECLINED = Choice("no")


def fold(text: str) -> str:
    """Lower case, width-folded, Traditional as Simplified, punctuation as spaces, one space between words."""
    text = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'")
    if _CJK.search(text):
        text = _T2S.convert(text)
    return " ".join(_PUNCT.sub(" ", text).split())


def _key(phrase: str, cjk: bool) -> str:
    folded = fold(phrase)
    return folded.replace(" ", "") if cjk else folded


@lru_cache(maxsize=1)
def answer_words(path: str | None = None) -> dict[str, tuple[str, Any]]:
    """phrase -> (class, value) over both languages, from ``catalog/answers.yaml``.

    Fails loudly (ValueError naming the file and key) on a malformed table,
    and on a phrase listed under two classes: one word, one meaning.
    """
    where = Path(path) if path else Path(default_catalog_dir()) / ANSWERS_FILE
    doc = yaml.safe_load(where.read_text(encoding="utf-8"))
    if not isinstance(doc, dict):
        raise ValueError(f"{where}: must map languages to word classes")
    table: dict[str, tuple[str, Any]] = {}

    def add(phrase: Any, cls: str, value: Any, at: str) -> None:
        if not isinstance(phrase, str) or not phrase.strip():
            raise ValueError(f"{where}: {at}: every word must be a non-empty string")
        for key in {_key(phrase, False), _key(phrase, True)}:
            seen = table.get(key)
            if seen is not None and seen != (cls, value):
                raise ValueError(f"{where}: {at}: {phrase!r} is already a {seen[0]} word")
            table[key] = (cls, value)

    for language, classes in doc.items():
        if not isinstance(classes, dict):
            raise ValueError(f"{where}: {language}: must map word classes to lists")
        for cls, words in classes.items():
            if cls == "both_of":  # "both": every option of a question with exactly two
                if not isinstance(words, dict):
                    raise ValueError(f"{where}: {language}.both_of: must map counts to lists")
                for count, listed in words.items():
                    if not isinstance(count, int) or count < 2 or not isinstance(listed, list):
                        raise ValueError(f"{where}: {language}.both_of.{count}: a count (2..) and a list")
                    for phrase in listed:
                        add(phrase, "both", count, f"{language}.both_of.{count}")
            elif cls == "ordinals":
                if not isinstance(words, dict):
                    raise ValueError(f"{where}: {language}.ordinals: must map places to lists")
                for place, listed in words.items():
                    if not isinstance(place, int) or place == 0 or not isinstance(listed, list):
                        raise ValueError(f"{where}: {language}.ordinals.{place}: a place (1.., -1) and a list")
                    for phrase in listed:
                        add(phrase, "ordinal", place, f"{language}.ordinals.{place}")
            elif cls in CLASSES and isinstance(words, list):
                for phrase in words:
                    add(phrase, cls, None, f"{language}.{cls}")
            else:
                raise ValueError(
                    f"{where}: {language}.{cls}: unknown word class (known: {', '.join(CLASSES)}, both_of, ordinals)"
                )
    return table


def _number_words(value: Any, name: str) -> list[str]:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return [str(value)] if isinstance(value, str) else []
    n = f"{value:g}"
    if name.endswith("celsius"):
        return [n, f"{n} degrees", f"{n} degree", f"{n}度"]
    if name.endswith("level"):
        return [n, f"level {n}", f"{n}档", f"{n}挡"]
    if name.endswith("percent"):
        return [n, f"{n} percent", f"百分之{n}"]
    return [n]


def option_words(
    catalog: Catalog, question: Question, control_words: Callable[[str], Iterable[str]] | None = None
) -> dict[str, set[int]]:
    """phrase -> the options (by index) it names; only what tells the options apart."""
    options = [list(o.actions) for o in question.options]
    caps = [tuple(sorted({str(a.get("capability")) for a in acts})) for acts in options]
    targets = [tuple(sorted({str(a.get("target")) for a in acts})) for acts in options]
    out: dict[str, set[int]] = {}

    def add(i: int, phrase: str) -> None:
        for key in {_key(phrase, False), _key(phrase, True)}:
            if key:
                out.setdefault(key, set()).add(i)

    for i, option in enumerate(question.options):
        add(i, option.label)
        for action in option.actions:
            cap = catalog.capabilities.get(str(action.get("capability")))
            if cap is not None and len(set(caps)) > 1:
                for language in ("en", "zh"):
                    add(i, cap.label.get(language))
                    for alias in cap.aliases.get(language):
                        add(i, alias)
                for word in control_words(str(action.get("capability"))) if control_words else ():
                    add(i, word)  # the vocabulary's words too ("dome light" is the reading light)
            target = action.get("target")
            if isinstance(target, str) and len(set(targets)) > 1 and target in catalog.targets:
                info = catalog.targets[target]
                for language in ("en", "zh"):
                    add(i, info.label.get(language))
                    for alias in info.aliases.get(language):
                        add(i, alias)
            if len(set(caps)) == 1 and len(set(targets)) == 1:
                for name, value in dict(action.get("parameters") or {}).items():
                    for phrase in _number_words(value, name):
                        add(i, phrase)
    return out


def _cover(text: str, table: dict[str, tuple[str, Any]], options: dict[str, set[int]]) -> list[tuple[str, Any]] | None:
    """The message as answer words, longest first; None when any piece is not one."""
    cjk = bool(_CJK.search(text))
    units: list[str] = list(text.replace(" ", "")) if cjk else text.split()
    joiner = "" if cjk else " "
    found: list[tuple[str, Any]] = []
    i = 0
    while i < len(units):
        for n in range(min(_LONGEST, len(units) - i), 0, -1):
            phrase = joiner.join(units[i : i + n])
            if phrase in table:
                found.append(table[phrase])
                break
            if phrase in options:
                found.append(("option", frozenset(options[phrase])))
                break
        else:
            return None
        i += n
    return [f for f in found if f[0] != "fillers"]


def read_answer(
    catalog: Catalog, question: Question, text: str, control_words: Callable[[str], Iterable[str]] | None = None
) -> Choice | None:
    """The choice ``text`` makes on ``question``, or None when it is not an answer."""
    folded = fold(text)
    if not folded:
        return None
    yes_no = question.yes_no
    found = _cover(folded, answer_words(), {} if yes_no else option_words(catalog, question, control_words))
    if not found:
        return None
    kinds = {cls for cls, _ in found}
    if "no" in kinds:
        return DECLINED if kinds == {"no"} else None
    if yes_no:
        return Choice("yes", (question.options[0].id,)) if kinds == {"yes"} else None
    count = len(question.options)
    if "both" in kinds:
        # "both" / 两个都要 of three or four options is no answer (it acted on all four, the tailgate too)
        # nor of two amounts for one control ("21 or 22": two values for one control act neither, DESIGN 4)
        counted = {v for cls, v in found if cls == "both" and v is not None}
        if not kinds <= {"both", "yes"} or counted - {count} or question.missing == "amount":
            return None
        return Choice("options", tuple(o.id for o in question.options))
    chosen: set[int] = set()
    for cls, value in found:
        if cls == "ordinal":
            index = value - 1 if value > 0 else count + value
            if not 0 <= index < count:
                return None  # "the third one" of two: no guess
            chosen.add(index)
    named = [set(v) for cls, v in found if cls == "option"]
    if named:
        common = set.intersection(*named)
        if len(common) == 1:
            chosen |= common
        elif not common and all(len(s) == 1 for s in named):
            chosen |= set.union(*named)  # "the reading light and the ambient light"
        else:
            return None  # words that fit several options alike: which one is not said
    if not chosen:
        return None  # a bare "yes" to a question of several options says no choice
    if len(chosen) > 1 and question.missing == "amount":
        return None  # "the first and the second" of "21 or 22": one control, two values
    return Choice("options", tuple(question.options[i].id for i in sorted(chosen)))


__all__ = ["DECLINED", "Choice", "answer_words", "fold", "option_words", "read_answer"]
