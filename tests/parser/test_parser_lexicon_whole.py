"""A stretch of a long utterance gets the very catalog words a scan of the stretch alone finds.

:meth:`Lexicon.expect` finds every alias at every place of a long text once;
:meth:`Lexicon.hits` then reads a stretch's words off it. The scan of the
stretch alone (:meth:`Lexicon._scan`) is the answer, compared on every
stretch of the benchmark run-ons and of the longer table texts, and on
random strings made of the aliases' own characters and spaces (overlaps,
repeats, English word boundaries at both ends of a stretch).
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
import yaml

import vehicle.parser.frames.lexicon as lexicon_module
from vehicle.catalog import load_catalog
from vehicle.parser.frames.vocabulary import build_vocabulary

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def lexicons():
    catalog = load_catalog()
    return {language: lexicon_module.Lexicon(build_vocabulary(catalog, language)) for language in ("en", "zh")}


def _long_texts(language: str) -> list[str]:
    spec = importlib.util.spec_from_file_location("bench_parser", ROOT / "bench" / "parser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    texts = list(module.RUN_ONS[language])
    for path in sorted((ROOT / "tests" / "utterances").rglob("*.yaml")):
        for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            text = entry.get("text") if isinstance(entry, dict) else None
            if (
                isinstance(text, str)
                and len(text) >= (32 if language == "en" else 14)
                and text.isascii() == (language == "en")
            ):
                texts.append(text.lower() if language == "en" else text)
    return texts


def _random_texts(lexicon, rng: random.Random, count: int) -> list[str]:
    aliases = [alias for group in lexicon._by_first.values() for alias, *_ in group]
    out = []
    for _ in range(count):
        parts = []
        while sum(map(len, parts)) < 40:
            pick = rng.random()
            if pick < 0.5:
                parts.append(rng.choice(aliases))
            elif pick < 0.8:
                alias = rng.choice(aliases)
                parts.append(alias[: rng.randint(1, len(alias))])  # a piece of a word
            else:
                parts.append(rng.choice([" ", "'", "s", "x", "0", "a", "的"]))
        out.append("".join(parts))
    return out


def _compare(lexicon, text: str, widest: int) -> int:
    lexicon.clear_cache()
    lexicon.expect(text)
    whole = lexicon._wholes[0]
    assert whole.text == text
    compared = 0
    for a in range(len(text)):
        for b in range(a + 1, min(len(text), a + widest) + 1):
            assert lexicon._keep(whole.within(a, b)) == lexicon._scan(text[a:b]), (text, a, b)
            compared += 1
    return compared


@pytest.fixture
def any_length(monkeypatch):
    monkeypatch.setattr(lexicon_module, "_WHOLE_MIN", 1)  # compare on short texts too


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_stretch_of_long_texts_reads_as_its_own_scan(lexicons, language, any_length):
    texts = _long_texts(language)
    assert len(texts) > 10
    compared = sum(_compare(lexicons[language], text, 48) for text in texts)
    assert compared > 20_000


@pytest.mark.parametrize("language", ["en", "zh"])
def test_random_strings_of_aliases_read_as_their_own_scan(lexicons, language, any_length):
    rng = random.Random(1201)
    for text in _random_texts(lexicons[language], rng, 150):
        _compare(lexicons[language], text, 30)


def test_hits_uses_the_expected_text_and_only_for_its_stretches(lexicons):
    lexicon = lexicons["zh"]
    text = "打开空调风量调到三档主驾温度调到二十二度副驾温度调到二十三度关闭左后车窗"
    lexicon.clear_cache()
    lexicon.expect(text)
    stretch = text[10:22]
    assert lexicon.hits(stretch) == list(lexicon._scan(stretch))
    assert lexicon.hits("打开后备箱") == list(lexicon._scan("打开后备箱"))  # not inside: scanned
    assert [h.ident for h in lexicon.hits("关闭左后车窗")] == [h.ident for h in lexicon._scan("关闭左后车窗")]


def test_short_texts_are_not_kept_and_clearing_forgets(lexicons):
    lexicon = lexicons["en"]
    lexicon.clear_cache()
    lexicon.expect("open the sunroof")
    assert lexicon._wholes == ()
    lexicon.expect("open the sunroof and set the fan to five and close the windows")
    assert len(lexicon._wholes) == 1
    lexicon.clear_cache()
    assert lexicon._wholes == ()


def test_an_alias_overlapping_itself_is_found_as_a_scan_finds_it():
    """No shipped alias overlaps itself ("aa" in "aaa"), so this is held on a made-up one:
    left to right, an occurrence overlapping the one found before is passed over."""
    key = ("device", "aa")
    whole = lexicon_module._Whole(
        "aaaa", [(0, 2, key, "device", "x"), (1, 3, key, "device", "x"), (2, 4, key, "device", "x")], False
    )
    assert [(s, e) for s, e, *_ in whole.within(0, 4)] == [(0, 2), (2, 4)]
    assert [(s, e) for s, e, *_ in whole.within(1, 4)] == [(0, 2)]  # "aaa": one, at its start
    assert [(s, e) for s, e, *_ in whole.within(1, 3)] == [(0, 2)]
