"""Loading the sentence templates: files -> dicts -> validated grammars.

``catalog/templates/`` holds ``common.yaml`` (target expansions, possessive
words, what a bare "on"/"open"/"half" sets per capability) and one hassil
template file per language (``en.yaml``, ``zh.yaml``). hassil itself loads a
misspelled ``<rule>`` or ``{list}`` without a word and only fails when a
sentence reaches it, and turns an unquoted ``on:`` key into ``True``; so
every reference, slot name, slot value and key is checked here, at load,
and any problem refuses to load with the file, the path inside it and the
problem (:class:`TemplateError`, a ``CatalogError``).

``templates_from_dict`` is the only real parser; ``load_templates`` is the
thin file layer around it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from hassil import Intents
from hassil.expression import Group, ListReference, RuleReference, Sentence
from hassil.parse_expression import parse_sentence

from vehicle.catalog import LANGUAGES, Catalog
from vehicle.catalog.catalog import SPEAKER
from vehicle.catalog.loader import SAFE_LOADER, check_string_keys

from ..errors import TemplateError
from .frame import OPS, SLOTS, TARGET_SLOTS, UNITS
from .lexicon import Lexicon
from .router import Router
from .vocabulary import Vocabulary, build_vocabulary, canonical

COMMON = "common.yaml"
_FILE_KEYS = frozenset({"language", "settings", "skip_words", "lists", "expansion_rules", "intents"})
_COMMON_KEYS = frozenset({"expansions", "possessive", "words"})
_DATA_KEYS = frozenset({"sentences", "slots"})
_SETTINGS_KEYS = frozenset({"ignore_whitespace"})


@dataclass(frozen=True)
class Grammar:
    """One language's compiled templates and the words they were built from."""

    language: str
    intents: Intents
    vocabulary: Vocabulary
    possessive: frozenset[str]
    """Target words that only mean "the speaker's own" ("my")."""
    lexicon: Lexicon
    """The catalog words of this language, for narrowing lists and spotting."""
    router: Router
    """Picks the templates that can match a clause."""


@dataclass(frozen=True)
class Templates:
    """Everything the parser reads from ``catalog/templates``, validated."""

    grammars: Mapping[str, Grammar]
    expansions: Mapping[str, tuple[str, ...]]
    """Target word -> members, for a type that lacks that group."""
    words: Mapping[str, Mapping[str, Mapping[str, Any]]]
    """Capability -> operation -> the parameters it sets with no number."""


def templates_dir(directory: str | Path) -> Path:
    """The templates directory of a catalog directory (or the directory itself)."""
    base = Path(directory)
    return base / "templates" if (base / "templates").is_dir() else base


def load_templates(directory: str | Path, catalog: Catalog) -> Templates:
    """Load and validate the templates of the catalog in `directory`."""
    tdir = templates_dir(directory)
    if not tdir.is_dir():
        raise TemplateError(str(tdir), "", "template directory is missing")
    docs = {path.name: _read(path) for path in sorted(tdir.glob("*.yaml"))}
    return templates_from_dict(docs, catalog)


def _read(path: Path) -> Any:
    name = f"templates/{path.name}"
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    except OSError as exc:
        raise TemplateError(name, "", f"cannot read: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        raise TemplateError(name, where, f"invalid YAML: {getattr(exc, 'problem', None) or exc}") from None


def templates_from_dict(docs: Mapping[str, Any], catalog: Catalog) -> Templates:
    """Build the grammars from one parsed document per file name."""
    expected = {COMMON, *(f"{lang}.yaml" for lang in LANGUAGES)}
    for name in docs:
        if name not in expected:
            raise TemplateError(f"templates/{name}", "", f"unexpected template file (expected {sorted(expected)})")
    for name in sorted(expected):
        if name not in docs:
            raise TemplateError(f"templates/{name}", "", "file is missing")
        check_string_keys(docs[name], f"templates/{name}", error=TemplateError)
    common = _mapping(docs[COMMON], f"templates/{COMMON}", "")
    expansions, possessive, words = _common(common, catalog)
    grammars: dict[str, Grammar] = {
        lang: _grammar(docs[f"{lang}.yaml"], lang, catalog, possessive.get(lang, frozenset())) for lang in LANGUAGES
    }
    return Templates(grammars=grammars, expansions=expansions, words=words)


# -- common.yaml -------------------------------------------------------------


def _common(doc: dict[str, Any], catalog: Catalog):
    file = f"templates/{COMMON}"
    _only(doc, _COMMON_KEYS, file, "")
    members = {m for tt in catalog.target_types.values() for m in tt.members}
    expansions: dict[str, tuple[str, ...]] = {}
    for word, listed in _mapping(doc.get("expansions", {}), file, "expansions").items():
        path = f"expansions.{word}"
        if word not in catalog.targets:
            raise TemplateError(file, path, f"{word!r} is not a catalog target")
        if not isinstance(listed, list) or not listed or any(m not in members for m in listed):
            raise TemplateError(file, path, "must be a non-empty list of physical members")
        expansions[word] = tuple(listed)
    possessive: dict[str, frozenset[str]] = {}
    for lang, listed in _mapping(doc.get("possessive", {}), file, "possessive").items():
        path = f"possessive.{lang}"
        if lang not in LANGUAGES or not isinstance(listed, list):
            raise TemplateError(file, path, f"must be a list under a language of {list(LANGUAGES)}")
        vocab = build_vocabulary(catalog, lang)
        words_ = set()
        for word in listed:
            text = canonical(str(word), lang, file, path)
            if text in vocab.targets:  # "my" is the speaker's, never one named member
                raise TemplateError(file, path, f"{word!r} is also the alias of target {vocab.targets[text]!r}")
            words_.add(text)
        possessive[lang] = frozenset(words_)
    words: dict[str, dict[str, dict[str, Any]]] = {}
    for cap, ops in _mapping(doc.get("words", {}), file, "words").items():
        path = f"words.{cap}"
        if cap not in catalog.capabilities:
            raise TemplateError(file, path, f"unknown capability {cap!r}")
        params = catalog.capabilities[cap].parameters
        words[cap] = {}
        for op, values in _mapping(ops, file, path).items():
            if op not in OPS:
                raise TemplateError(file, f"{path}.{op}", f"unknown operation (one of {sorted(OPS)})")
            for pname, value in _mapping(values, file, f"{path}.{op}").items():
                param = params.get(pname)
                problem = ("invalid_parameter", "is not a parameter") if param is None else param.check(value)
                if problem:
                    raise TemplateError(file, f"{path}.{op}.{pname}", f"{value!r} {problem[1]}")
            words[cap][op] = dict(values)
    return expansions, possessive, words


# -- <lang>.yaml -------------------------------------------------------------


def _grammar(doc: Any, lang: str, catalog: Catalog, possessive: frozenset[str]) -> Grammar:
    file = f"templates/{lang}.yaml"
    doc = _mapping(doc, file, "")
    _only(doc, _FILE_KEYS, file, "")
    if doc.get("language") != lang:
        raise TemplateError(file, "language", f"must be {lang!r}")
    _only(_mapping(doc.get("settings", {}), file, "settings"), _SETTINGS_KEYS, file, "settings")
    skip = doc.get("skip_words", [])
    if not isinstance(skip, list) or not all(isinstance(w, str) and w for w in skip):
        raise TemplateError(file, "skip_words", "must be a list of words")
    vocab = build_vocabulary(catalog, lang, possessive)
    generated = vocab.slot_lists()
    outputs = dict(vocab.list_outputs())
    lists = _mapping(doc.get("lists", {}), file, "lists")
    for name, body in lists.items():
        outputs[name] = _file_list(name, body, generated, file)
    rules = _rules(_mapping(doc.get("expansion_rules", {}), file, "expansion_rules"), file)
    intents = _mapping(doc.get("intents"), file, "intents")
    if not intents:
        raise TemplateError(file, "intents", "at least one intent is required")
    for iname, idoc in intents.items():
        data = _mapping(idoc, file, f"intents.{iname}")
        _only(data, frozenset({"data"}), file, f"intents.{iname}")
        blocks = data.get("data")
        if not isinstance(blocks, list) or not blocks:
            raise TemplateError(file, f"intents.{iname}.data", "must be a non-empty list")
        for b, block in enumerate(blocks):
            _block(block, f"intents.{iname}.data[{b}]", file, rules, outputs, catalog)
    merged = dict(doc)
    merged["lists"] = {**generated, **lists}
    merged["language"] = lang
    try:
        compiled = Intents.from_dict(merged)
    except Exception as exc:  # hassil's own refusals, mapped at the edge
        raise TemplateError(file, "", f"hassil refused the templates: {exc}") from None
    router = Router(compiled, vocab)
    return Grammar(
        language=lang,
        intents=compiled,
        vocabulary=vocab,
        possessive=possessive,
        lexicon=router.lexicon,
        router=router,
    )


def _file_list(name: str, body: Any, generated: Mapping[str, Any], file: str) -> frozenset[Any]:
    path = f"lists.{name}"
    if name in generated:
        raise TemplateError(file, path, "this list is generated from the catalog; do not define it")
    body = _mapping(body, file, path)
    _only(body, frozenset({"values"}), file, path)
    values = body.get("values")
    if not isinstance(values, list) or not values:
        raise TemplateError(file, f"{path}.values", "must be a non-empty list")
    outs = set()
    for i, value in enumerate(values):
        vpath = f"{path}.values[{i}]"
        if isinstance(value, str):
            outs.add(value)
            continue
        value = _mapping(value, file, vpath)
        _only(value, frozenset({"in", "out"}), file, vpath)
        if not isinstance(value.get("in"), str) or "out" not in value:
            raise TemplateError(file, vpath, "needs a string `in` and an `out`")
        _parse(value["in"], file, f"{vpath}.in")
        outs.add(value["out"])
    return frozenset(outs)


def _rules(doc: dict[str, Any], file: str) -> dict[str, Sentence]:
    rules = {}
    for name, body in doc.items():
        if not isinstance(body, str):
            raise TemplateError(file, f"expansion_rules.{name}", "must be a template string")
        rules[name] = _parse(body, file, f"expansion_rules.{name}")
    return rules


def _block(block: Any, path: str, file: str, rules, outputs, catalog: Catalog) -> None:
    block = _mapping(block, file, path)
    _only(block, _DATA_KEYS, file, path)
    sentences = block.get("sentences")
    if not isinstance(sentences, list) or not sentences:
        raise TemplateError(file, f"{path}.sentences", "must be a non-empty list")
    fixed = _mapping(block.get("slots", {}), file, f"{path}.slots")
    for slot, value in fixed.items():
        _check_slot_value(slot, {value}, catalog, outputs, file, f"{path}.slots.{slot}")
    for s, text in enumerate(sentences):
        spath = f"{path}.sentences[{s}]"
        if not isinstance(text, str):
            raise TemplateError(file, spath, "must be a template string")
        sentence = _parse(text, file, spath)
        for ref in _references(sentence.expression, rules, file, spath, ()):
            if ref.list_name not in outputs:
                raise TemplateError(file, spath, f"unknown list {{{ref.list_name}}}")
            if ref.slot_name == "n" and ref.list_name != "number":
                raise TemplateError(file, spath, "slot n must read {number}")
            if ref.slot_name.startswith("_") != ref.list_name.startswith("_"):
                raise TemplateError(
                    file, spath, f"{{{ref.list_name}:{ref.slot_name}}}: only filler lists (named _x) fill filler slots"
                )
            _check_slot_value(ref.slot_name, outputs[ref.list_name], catalog, outputs, file, spath)


def _check_slot_value(slot: str, values, catalog: Catalog, outputs, file: str, path: str) -> None:
    if slot.startswith("_"):
        return  # a filler list: matched, never read
    if slot not in SLOTS:
        raise TemplateError(file, path, f"unknown slot {slot!r} (one of {sorted(SLOTS)})")
    allowed: frozenset[Any] | None = {
        "op": OPS,
        "unit": UNITS,
        "device": frozenset(catalog.capabilities),
        "color": outputs["color"],
        "mode": frozenset(catalog.modes),
        "peripheral": frozenset(catalog.peripherals),
        **{t: frozenset(catalog.targets) | {SPEAKER} for t in TARGET_SLOTS},
    }.get(slot)
    if allowed is None:
        return
    for value in values:
        if not isinstance(value, str) or value not in allowed:
            raise TemplateError(file, path, f"{value!r} is not a valid {slot} (quote 'on'/'off' in YAML)")


def _references(
    expr, rules: Mapping[str, Sentence], file: str, path: str, seen: tuple[str, ...]
) -> Iterator[ListReference]:
    """Every list reference under `expr`, following rules; refuse unknown rules and cycles."""
    if isinstance(expr, ListReference):
        yield expr
    elif isinstance(expr, RuleReference):
        name = expr.rule_name
        if name not in rules:
            raise TemplateError(file, path, f"unknown rule <{name}>")
        if name in seen:
            raise TemplateError(file, path, f"rule <{name}> refers to itself")
        yield from _references(rules[name].expression, rules, file, path, (*seen, name))
    elif isinstance(expr, Group):
        for item in expr.items:
            yield from _references(item, rules, file, path, seen)


def _parse(text: str, file: str, path: str) -> Sentence:
    try:
        return parse_sentence(text, keep_text=True)
    except Exception as exc:  # hassil's parse errors carry no file or path
        raise TemplateError(file, path, f"invalid template {text!r}: {exc}") from None


# -- small checks ------------------------------------------------------------


def _mapping(data: Any, file: str, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise TemplateError(file, path, "must be a mapping")
    return data


def _only(data: dict[str, Any], allowed: frozenset[str], file: str, path: str) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        where = f"{path}.{extra[0]}" if path else extra[0]
        raise TemplateError(file, where, f"unknown key (allowed: {', '.join(sorted(allowed))})")


__all__ = ["COMMON", "Grammar", "Templates", "load_templates", "templates_dir", "templates_from_dict"]
