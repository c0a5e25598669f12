"""A clause holding none of the characters the markers need is read without them, and rightly so.

:mod:`vehicle.parser.triggers` claims, from a pattern's syntax tree, which
characters every match must hold; :func:`vehicle.parser.markers._zh_clause`
skips its twenty expressions for a text that holds none. A wrong claim would
lose a negation or a condition, so both are held to the expressions
themselves: no text any of them matches may be cleared by the claim
(thousands of table texts, every stretch of the run-ons, random strings
built from the very characters the patterns read), and the shortcut's
answer must be the full reading's on every one of those texts.
"""
from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest
import yaml

from vehicle.parser import markers
from vehicle.parser.triggers import Trigger, needs

ROOT = Path(__file__).resolve().parents[2]
ZH_PATTERNS = [
    markers._ZH_REMIND, markers._ZH_FILLERS, markers._ZH_POLITE_ASK, markers._ZH_POLITE_START,
    markers._ZH_POLITE_END, markers._ZH_DENIED, markers._ZH_RETRACTION, markers._ZH_SPEAKER, markers._ZH_QUESTION,
    markers._ZH_NEGATION, markers._ZH_CONDITION, markers._ZH_REPORTED, markers._ZH_WISH, markers._ZH_STATEMENT,
    markers._ZH_SPEAKER_WORDS, markers._ZH_THANKS,
]


def _table_texts() -> list[str]:
    texts = []
    for path in sorted((ROOT / "tests" / "utterances").rglob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                texts.append(entry["text"])
    return texts


def _run_ons() -> list[str]:
    spec = importlib.util.spec_from_file_location("bench_parser", ROOT / "bench" / "parser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [text for texts in module.RUN_ONS.values() for text in texts]


def _corpus() -> list[str]:
    texts = set()
    for text in _table_texts():
        texts.update({text, text.lower(), re.sub(r"[^\w\s]", "", text)})
    for run_on in _run_ons():  # every stretch of up to 40 characters, as run-on cuts make them
        for start in range(len(run_on)):
            for end in range(start + 1, min(len(run_on), start + 40) + 1):
                texts.add(run_on[start:end])
    rng = random.Random(20261201)
    pool = sorted({ch for p in ZH_PATTERNS for ch in p.pattern if not ch.isascii() or ch.isalnum()}
                  | set("打开关闭调到档度座椅加热车窗左右后前主驾副一半 ?,0123456789"))
    for _ in range(40_000):  # strings dense in the patterns' own characters
        texts.add("".join(rng.choice(pool) for _ in range(rng.randint(1, 14))))
    return sorted(texts)


CORPUS = _corpus()


def test_the_corpus_is_large_and_the_patterns_match_much_of_it():
    matched = sum(1 for text in CORPUS if any(p.search(text) for p in ZH_PATTERNS))
    assert len(CORPUS) > 60_000
    assert matched > 15_000  # the soundness checks below are not vacuous


@pytest.mark.parametrize("pattern", ZH_PATTERNS, ids=lambda p: p.pattern[:30])
def test_no_text_a_marker_matches_is_cleared(pattern):
    trigger = Trigger([pattern])
    missed = [text for text in CORPUS if pattern.search(text) and not trigger.may_match(text)]
    assert missed == []


def test_the_shortcut_reads_every_text_as_the_full_reading_does():
    skipped = 0
    for text in CORPUS:
        stripped = text.strip(" ,")
        if not markers._ZH_ANY_MARKER.may_match(stripped):
            skipped += 1
        assert markers._zh_clause(text, False) == markers._zh_read(stripped, False), text
    assert skipped > 5_000  # the shortcut is taken


def test_a_question_mark_always_takes_the_full_reading():
    assert markers.clause("后备箱打开", "zh", asked=True).question  # "后备箱打开？"
    assert not markers.clause("后备箱打开", "zh").question


@pytest.mark.parametrize("source, text, expected", [
    (r"ab|cd", "xxbx", False),
    (r"ab|cd", "xcdx", True),
    (r"^(?:请|麻烦)?(?:能不能|可以)$", "可以", True),
    (r"^(?:请|麻烦)?(?:能不能|可以)$", "请", False),  # the optional part claims nothing
    (r"x[^,]{1,6}y", "xaay", True),
    (r"x[^,]{1,6}y", "aaa", False),  # a negated class claims nothing, the literals do
    (r"(.)不\1", "不", True),
    (r"(.)不\1", "开开", False),
])
def test_claims_on_small_patterns(source, text, expected):
    assert Trigger([re.compile(source)]).may_match(text) is expected


def test_a_claim_made_of_common_characters_keeps_the_order_of_the_pattern():
    trigger = Trigger([re.compile(r"到[^,]{1,6}(?:后|以后)")])
    assert trigger.may_match("到家后")
    assert not trigger.may_match("左后座椅加热调到5档")  # 后 only before 到
    assert trigger.may_match("到一二三四五六后")
    assert not trigger.may_match("到一二三四五六七八后")  # too far apart for [^,]{1,6}(?:后|以后)


@pytest.mark.parametrize("source", [r"\d+", r".*", r"[^a]", r"(?i:abc)", r"a|\w"])
def test_a_pattern_with_an_alternative_needing_nothing_known_gives_no_shortcut(source):
    assert needs(re.compile(source)) is None
    with pytest.raises(ValueError):
        Trigger([re.compile(source)])


@pytest.mark.parametrize("asked", [False, True])
def test_a_text_said_to_keep_its_digits_keeps_them_in_its_body(asked):
    """What lets the parser pass over a run of pieces holding too many numbers
    without reading its markers: its body holds as many (or it is no command)."""
    kept = 0
    for text in CORPUS:
        if not markers.keeps_digits(text, "zh"):
            continue
        kept += 1
        cl = markers.clause(text, "zh", asked)
        assert cl.question or not cl.body or len(re.findall(r"\d+", cl.body)) >= len(re.findall(r"\d+", text)), text
    assert kept > 10_000
    assert not markers.keeps_digits("set the fan to 3 and 4", "en")  # only claimed for Chinese
