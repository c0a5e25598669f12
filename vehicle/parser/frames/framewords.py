"""The frame reader's vocabulary: ``catalog/vocabulary/<lang>.yaml`` as one table.

Each file lists words by class (controls, compounds, signed words, actions
per direction, amounts, units, the prepositions ``to``/``by``, targets and
glue). :func:`load_words` normalises every word the way the text will be
(so "co-driver's" and "co driver's" are one word), adds the catalog's own
aliases for controls and targets, and refuses a file where one word has two
meanings in one class: :class:`WordsError` names the file and the path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from vehicle.catalog.loader import SAFE_LOADER

from ..text.normalize import normalize

#: Classes that give a word a meaning of its own: a glue word (a filler) may have none of them.
MEANINGFUL = frozenset(
    (
        "modes",
        "peripherals",
        "colors",
        "compounds",
        "signed",
        "controls",
        "targets",
        "amounts",
        "units",
        "actions",
        "needs",
        "verbs",
        "heights",
        "purposes",
    )
)
#: The classes of a file.
CLASSES = (
    *sorted(MEANINGFUL),
    "further",
    "to",
    "by",
    "glue",
    "subjects",
    "statement",
    "queries",
    "families",
    "asks",
    "others",
    "modifiers",
)
#: Directions an action word may have (frame operations, see :mod:`vehicle.parser.frames.frame`).
DIRECTIONS = frozenset({"on", "off", "open", "close", "more", "less", "up", "down", "set", "fold", "unfold"})
AMOUNTS = frozenset({"max", "min", "half", "little", "low", "medium", "high", "end"})
UNITS = frozenset({"degrees", "percent", "level"})


class WordsError(ValueError):
    """A vocabulary file that cannot be used: `where` is the path inside the file."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        where, _, problem = message.partition(": ")
        if where.endswith(".yaml"):  # "en.yaml: controls.x: problem" -> the path after the file name
            where, _, problem = problem.partition(": ")
        self.where, self.problem = where, problem or message


@dataclass(frozen=True, slots=True)
class Meaning:
    cls: str
    """One of :data:`CLASSES`."""
    value: str = ""
    """The capability, target, direction, amount or unit (empty for to/by/glue)."""
    extra: str = ""
    """A compound's target, a signed word's direction."""
    ways: frozenset[str] = frozenset()
    """The only directions a compound may be said with (none: any): the glass alone is switched,
    never opened ("open the rear glass" is no rear defroster)."""


@dataclass
class Words:
    """One language's words: normalised text -> its meanings (at most one per class)."""

    language: str
    table: dict[str, dict[str, Meaning]] = field(default_factory=dict)
    longest: int = 1
    """Longest entry, in words (English) or characters (Chinese)."""
    families: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A family word's controls ("lights" -> ambient light, reading light), in the order offered."""
    family_word: dict[str, str] = field(default_factory=dict)
    """A family's first word ("seat", 座椅): "and the ventilation" after the seat heating is
    the seat ventilation, read with it."""
    asks: tuple[str, ...] = ()
    """The controls a command with no control word may mean, the most specific first (DESIGN 4a)."""
    others: tuple[str, ...] = ()
    """Things the catalog lacks that a family word is part of ("车灯", "headlights"): never asked about."""

    def names_other(self, body: str) -> bool:
        """`body` names a thing the catalog lacks that holds a family word ("车灯", "headlights")."""
        if self.language == "zh":
            return any(w in body for w in self.others)
        padded = f" {body} "
        return any(f" {w} " in padded for w in self.others)

    def other_spans(self, text: str) -> list[tuple[int, int]]:
        """Where `text` names things the catalog lacks (no cut falls inside one: "车窗|窗帘")."""
        return [(m.start(), m.end()) for w in self.others if w in text for m in re.finditer(re.escape(w), text)]

    def add(self, word: str, meaning: Meaning, where: str) -> None:
        key = canonical(word, self.language)
        if not key:
            raise WordsError(f"{where}: {word!r} is empty once normalised")
        meanings = self.table.setdefault(key, {})
        old = meanings.get(meaning.cls)
        if old is not None and old != meaning:
            raise WordsError(f"{where}: {word!r} means both {_said(old)} and {_said(meaning)} in {meaning.cls}")
        classes = set(meanings) | {meaning.cls}
        if "glue" in classes and classes & MEANINGFUL:
            other = next(m for c, m in [*meanings.items(), (meaning.cls, meaning)] if c in MEANINGFUL)
            raise WordsError(f"{where}: {word!r} is glue (a filler) and also {other.cls} {_said(other)}")
        meanings[meaning.cls] = meaning
        size = len(key.split()) if self.language == "en" else len(key)
        self.longest = max(self.longest, size)


#: The classes a modifier may stand before, and the control each names (a peripheral's or a mode's id
#: is its control's).
_MODIFIED = {"controls": None, "compounds": None, "peripherals": "peripheral.trigger", "modes": "mode.activate"}


def _modify(words: Words, modifiers: Any, known: frozenset[str], name: str, listed: Any) -> None:
    """Each ``modifiers`` word before each word of its control, with that word's meaning
    ("自动" before "电除霜" is the defroster): a modifier alone or before another control means nothing."""
    if not isinstance(modifiers, dict):
        raise WordsError(f"{name}: modifiers: must map a control to its words")
    joint = " " if words.language == "en" else ""
    named = [(key, dict(meanings)) for key, meanings in words.table.items()]
    for cap, items in modifiers.items():
        if cap not in known:
            raise WordsError(f"{name}: modifiers.{cap}: {cap!r} is not one of the catalog's capabilities")
        for w in listed(items, f"modifiers.{cap}"):
            for key, meanings in named:
                for cls, of in _MODIFIED.items():
                    meaning = meanings.get(cls)
                    if meaning is not None and (of or meaning.value) == cap:
                        words.add(canonical(w, words.language) + joint + key, meaning, f"{name}: modifiers.{cap}")


def canonical(word: str, language: str) -> str:
    """A word as the normalised text holds it (numbers stay digits, never placeholders)."""
    if language == "zh":
        return normalize(word).raw.replace(" ", "") if not word.isascii() else word.lower().strip()
    return " ".join(t for t in normalize(word).raw.replace("-", " ").split() if t != "the")


def _said(m: Meaning) -> str:
    return "/".join(x for x in (m.value, m.extra) if x) or m.cls


def load_words(
    path: Path,
    language: str,
    controls: dict[str, str],
    targets: dict[str, str],
    known_capabilities: frozenset[str],
    known_targets: frozenset[str],
    known_needs: frozenset[str] = frozenset(),
    modes: dict[str, str] | None = None,
    peripherals: dict[str, str] | None = None,
    colors: tuple[str, ...] = (),
) -> Words:
    """Read one vocabulary file; `controls`/`targets`/`modes`/`peripherals`: the catalog's
    aliases (alias -> id); `colors`: the catalog's colour choices (each its own English word)."""
    name = path.name
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise WordsError(f"{name}: cannot be read: {exc}") from None
    if not isinstance(data, dict):
        raise WordsError(f"{name}: must be a mapping of classes")
    unknown = set(data) - set(CLASSES)
    if unknown:
        raise WordsError(f"{name}: unknown classes {sorted(unknown)} (known: {list(CLASSES)})")
    words = Words(language)
    for alias, capability in controls.items():
        words.table.setdefault(alias, {})["controls"] = Meaning("controls", capability)
    for alias, target in targets.items():
        words.table.setdefault(alias, {})["targets"] = Meaning("targets", target)
    for cls, table in (("modes", modes or {}), ("peripherals", peripherals or {})):
        for alias, ident in table.items():
            words.add(alias, Meaning(cls, ident), f"{name}: the catalog's {cls}")
    for color in colors:
        words.add(color, Meaning("colors", color), f"{name}: the catalog's colours")

    def listed(value: Any, where: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
            raise WordsError(f"{name}: {where}: must be a list of words")
        return value

    def checked(value: str, allowed: frozenset[str], where: str) -> str:
        if value not in allowed:
            raise WordsError(f"{name}: {where}: {value!r} is not one of {sorted(allowed)}")
        return value

    for cap, items in (data.get("controls") or {}).items():
        checked(cap, known_capabilities, f"controls.{cap}")
        for w in listed(items, f"controls.{cap}"):
            words.add(w, Meaning("controls", cap), f"{name}: controls.{cap}")
    for k, entry in enumerate(data.get("compounds") or []):
        where = f"compounds[{k}]"
        if not isinstance(entry, dict) or not {"words", "control", "target"} <= set(entry) <= {
            "words",
            "control",
            "target",
            "ways",
        }:
            raise WordsError(f"{name}: {where}: needs words, control and target (and may have ways)")
        cap = checked(entry["control"], known_capabilities, where)
        target = checked(entry["target"], known_targets, where)
        ways = frozenset(checked(w, DIRECTIONS, f"{where}.ways") for w in listed(entry.get("ways", []), where))
        for w in listed(entry["words"], where):
            words.add(w, Meaning("compounds", cap, target, ways), f"{name}: {where}")
    for cap, ways in (data.get("signed") or {}).items():
        checked(cap, known_capabilities, f"signed.{cap}")
        for way, items in (ways or {}).items():
            checked(way, frozenset({"more", "less", "on", "off"}), f"signed.{cap}.{way}")
            for w in listed(items, f"signed.{cap}.{way}"):
                words.add(w, Meaning("signed", cap, way), f"{name}: signed.{cap}.{way}")
    for cls, allowed in (
        ("actions", DIRECTIONS),
        ("amounts", AMOUNTS),
        ("units", UNITS),
        ("targets", known_targets),
        ("colors", frozenset(colors)),
        ("heights", frozenset({"up", "down"})),
    ):
        for value, items in (data.get(cls) or {}).items():
            checked(value, allowed, f"{cls}.{value}")
            for w in listed(items, f"{cls}.{value}"):
                words.add(w, Meaning(cls, value), f"{name}: {cls}.{value}")
    for cap, items in (data.get("purposes") or {}).items():
        checked(cap, known_capabilities, f"purposes.{cap}")
        for w in listed(items, f"purposes.{cap}"):
            words.add(w, Meaning("purposes", cap), f"{name}: purposes.{cap}")
    for need, items in (data.get("needs") or {}).items():
        checked(need, known_needs, f"needs.{need}")
        for w in listed(items, f"needs.{need}"):
            words.add(w, Meaning("needs", need), f"{name}: needs.{need}")
    for family, entry in (data.get("families") or {}).items():
        where = f"families.{family}"
        if not isinstance(entry, dict) or not {"words", "controls"} <= set(entry) <= {"words", "controls", "verbs"}:
            raise WordsError(f"{name}: {where}: needs words and controls (and may have verbs)")
        caps = tuple(checked(c, known_capabilities, f"{where}.controls") for c in listed(entry["controls"], where))
        if len(caps) < 2:
            raise WordsError(f"{name}: {where}: a family names at least two controls")
        words.families[family] = caps
        for w in listed(entry["words"], f"{where}.words"):
            words.add(w, Meaning("families", family), f"{name}: {where}")
            words.family_word.setdefault(family, canonical(w, language))
        verbs = entry.get("verbs") or {}
        if not isinstance(verbs, dict):
            raise WordsError(f"{name}: {where}.verbs: must map a control to its verbs")
        for cap, items in verbs.items():
            checked(cap, frozenset(caps), f"{where}.verbs")
            for w in listed(items, f"{where}.verbs.{cap}"):
                words.add(w, Meaning("verbs", cap), f"{name}: {where}.verbs.{cap}")
    _modify(words, data.get("modifiers") or {}, known_capabilities, name, listed)
    words.asks = tuple(checked(c, known_capabilities, "asks") for c in listed(data.get("asks") or [], "asks"))
    words.others = tuple(canonical(w, language) for w in listed(data.get("others") or [], "others"))
    for cls in ("to", "by", "further", "glue", "subjects", "statement", "queries"):
        for w in listed(data.get(cls) or [], cls):
            words.add(w, Meaning(cls), f"{name}: {cls}")
    return words


__all__ = [
    "AMOUNTS",
    "CLASSES",
    "MEANINGFUL",
    "DIRECTIONS",
    "Meaning",
    "UNITS",
    "Words",
    "WordsError",
    "canonical",
    "load_words",
]
