"""The catalog's words per language, and the parser data both languages share.

Aliases live in the catalog YAML only (one source of truth); this module
reads them into tables at load, normalised the same way as the text they
will be matched against, and refuses an alias that would be ambiguous (two
controls, two targets) instead of picking one silently.

``catalog/vocabulary/common.yaml`` (:func:`load_common`) says what a word
with no number sets per capability ("on" is seat heating level 2), which
members a group word stands for where a type lacks the group, and the
possessive words ("my"). Every key and value is checked against the
catalog at load; a problem refuses to load with the file, the path inside
it and the problem (:class:`VocabularyError`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vehicle.catalog import LANGUAGES, MODE_TYPE, PERIPHERAL_TYPE, Catalog, CatalogError
from vehicle.catalog.catalog import SPEAKER
from vehicle.catalog.loader import check_string_keys, read_yaml

from ..errors import VocabularyError
from ..text.normalize import normalize
from .frame import OPS

#: Characters that cut a clause or mark a number: never in an alias.
_CUTTING_CHARS = re.compile(r"[(){}<>\[\]|@:,]")


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """One language's catalog words, normalised, each mapped to its id.

    The frame reader, the mention spotter and the clause cutter read the
    same tables, so a word means the same thing on every path.
    """

    language: str
    devices: dict[str, str]
    """Alias -> capability id (modes and peripherals have their own tables)."""
    by_capability: dict[str, tuple[str, ...]]
    """Capability id -> its aliases (for the per-capability lists)."""
    targets: dict[str, str]
    """Alias -> target id."""
    modes: dict[str, str]
    peripherals: dict[str, str]
    colors: tuple[str, ...]
    """Colour choices of the catalog (their own English names)."""
    needs: dict[str, str]
    """Comfort phrase -> need id."""


def canonical(alias: str, language: str, file: str, path: str) -> str:
    """An alias in the form the matcher sees text in; refuse what cannot match."""
    norm = normalize(alias)
    text = norm.text
    if not text or norm.numbers or _CUTTING_CHARS.search(text):
        raise VocabularyError(file, path, f"alias {alias!r} cannot be matched (empty, a number or a cutting character)")
    if language == "zh":
        text = text.replace(" ", "")
    return text


def build_vocabulary(catalog: Catalog, language: str, speaker: frozenset[str] = frozenset()) -> Vocabulary:
    """Read one language's words out of the catalog, refusing ambiguity.

    `speaker`: the possessive words ("my", 我的), read as the target
    :data:`SPEAKER` -- the speaker's own member, resolved with the seat.
    """
    cfile = catalog.files.get("capabilities", "capabilities.yaml")
    devices: dict[str, str] = {}
    by_cap: dict[str, tuple[str, ...]] = {}
    for cid, cap in catalog.capabilities.items():
        if cap.target_type in (MODE_TYPE, PERIPHERAL_TYPE):
            continue  # "mode" alone is a family word; modes have their own list
        path = f"capabilities.{cid}.aliases.{language}"
        aliases = []
        for alias in cap.aliases.get(language):
            text = canonical(alias, language, cfile, path)
            other = devices.get(text)
            if other is not None and catalog.control(other) != catalog.control(cid):
                raise VocabularyError(cfile, path, f"alias {alias!r} also names {other}")
            devices.setdefault(text, cid)
            if text not in aliases:
                aliases.append(text)
        by_cap[cid] = tuple(aliases)
    return Vocabulary(
        language=language,
        devices=devices,
        by_capability=by_cap,
        targets=_targets(catalog, language, speaker),
        modes=_table(
            {m: mode.aliases.get(language) for m, mode in catalog.modes.items()},
            language,
            catalog.files.get("modes", "modes.yaml"),
            "modes",
        ),
        peripherals=_table(
            {p: per.aliases.get(language) for p, per in catalog.peripherals.items()},
            language,
            catalog.files.get("peripherals", "peripherals.yaml"),
            "peripherals",
        ),
        colors=_colors(catalog),
        needs=_table(
            {n: need.aliases.get(language) for n, need in catalog.needs.items()},
            language,
            catalog.files.get("needs", "needs.yaml"),
            "needs",
        ),
    )


def _targets(catalog: Catalog, language: str, speaker: frozenset[str] = frozenset()) -> dict[str, str]:
    """Target alias -> target id in one language, the possessive words as :data:`SPEAKER`."""
    return _table(
        {**{t: info.aliases.get(language) for t, info in catalog.targets.items()}, SPEAKER: tuple(sorted(speaker))},
        language,
        catalog.files.get("targets", "targets.yaml"),
        "targets",
    )


def _table(aliases: dict[str, tuple[str, ...]], language: str, file: str, section: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for ident, words in aliases.items():
        path = f"{section}.{ident}.aliases.{language}"
        for alias in words:
            text = canonical(alias, language, file, path)
            if table.get(text, ident) != ident:
                raise VocabularyError(file, path, f"alias {alias!r} also names {table[text]!r}")
            table[text] = ident
    return table


def _colors(catalog: Catalog) -> tuple[str, ...]:
    for cap in catalog.capabilities.values():
        param = cap.parameters.get("color")
        if param is not None and param.choices:
            return tuple(param.choices)
    return ()


# -- common.yaml --------------------------------------------------------------


@dataclass(frozen=True)
class Common:
    """``vocabulary/common.yaml``, validated against the catalog."""

    expansions: Mapping[str, tuple[str, ...]]
    """Target word -> members, for a type that lacks that group."""
    possessive: Mapping[str, frozenset[str]]
    """Language -> the words that only mean "the speaker's own" ("my")."""
    words: Mapping[str, Mapping[str, Mapping[str, Any]]]
    """Capability -> operation -> the parameters it sets with no number."""


COMMON_FILE = "vocabulary/common.yaml"
_COMMON_KEYS = frozenset({"expansions", "possessive", "words"})


def load_common(directory: str | Path, catalog: Catalog) -> Common:
    """Read and check ``vocabulary/common.yaml`` of the catalog in `directory`."""
    try:
        doc = read_yaml(Path(directory) / COMMON_FILE)
    except CatalogError as exc:  # the catalog's reader names the bare file name
        raise VocabularyError(COMMON_FILE, exc.path, exc.problem) from None
    check_string_keys(doc, COMMON_FILE, error=VocabularyError)
    return common_from_dict(doc, catalog)


def common_from_dict(doc: Any, catalog: Catalog) -> Common:
    """The checked contents of one parsed ``common.yaml``."""
    file = COMMON_FILE
    doc = _mapping(doc, "")
    extra = sorted(set(doc) - _COMMON_KEYS)
    if extra:
        raise VocabularyError(file, extra[0], f"unknown key (allowed: {', '.join(sorted(_COMMON_KEYS))})")
    members = {m for tt in catalog.target_types.values() for m in tt.members}
    expansions: dict[str, tuple[str, ...]] = {}
    for word, listed in _mapping(doc.get("expansions", {}), "expansions").items():
        path = f"expansions.{word}"
        if word not in catalog.targets:
            raise VocabularyError(file, path, f"{word!r} is not a catalog target")
        if not isinstance(listed, list) or not listed or any(m not in members for m in listed):
            raise VocabularyError(file, path, "must be a non-empty list of physical members")
        expansions[word] = tuple(listed)
    possessive: dict[str, frozenset[str]] = {}
    for lang, listed in _mapping(doc.get("possessive", {}), "possessive").items():
        path = f"possessive.{lang}"
        if lang not in LANGUAGES or not isinstance(listed, list):
            raise VocabularyError(file, path, f"must be a list under a language of {list(LANGUAGES)}")
        targets = _targets(catalog, lang)
        said = set()
        for word in listed:
            text = canonical(str(word), lang, file, path)
            if text in targets:  # "my" is the speaker's, never one named member
                raise VocabularyError(file, path, f"{word!r} is also the alias of target {targets[text]!r}")
            said.add(text)
        possessive[lang] = frozenset(said)
    words: dict[str, dict[str, dict[str, Any]]] = {}
    for cap, ops in _mapping(doc.get("words", {}), "words").items():
        path = f"words.{cap}"
        if cap not in catalog.capabilities:
            raise VocabularyError(file, path, f"unknown capability {cap!r}")
        params = catalog.capabilities[cap].parameters
        words[cap] = {}
        for op, values in _mapping(ops, path).items():
            if op not in OPS:
                raise VocabularyError(file, f"{path}.{op}", f"unknown operation (one of {sorted(OPS)})")
            for pname, value in _mapping(values, f"{path}.{op}").items():
                param = params.get(pname)
                problem = ("invalid_parameter", "is not a parameter") if param is None else param.check(value)
                if problem:
                    raise VocabularyError(file, f"{path}.{op}.{pname}", f"{value!r} {problem[1]}")
            words[cap][op] = dict(values)
    return Common(expansions=expansions, possessive=possessive, words=words)


def _mapping(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise VocabularyError(COMMON_FILE, path, "must be a mapping (quote 'on'/'off' in YAML)")
    return data


__all__ = ["Common", "Vocabulary", "build_vocabulary", "canonical", "load_common"]
