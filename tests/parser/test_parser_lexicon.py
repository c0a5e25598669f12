"""Where the catalog's words occur in a text (:class:`vehicle.parser.frames.lexicon.Lexicon`)."""

from __future__ import annotations

import pytest

from vehicle.catalog import load_catalog
from vehicle.parser.frames.lexicon import Lexicon
from vehicle.parser.frames.vocabulary import build_vocabulary


@pytest.fixture(scope="module")
def lexicons():
    catalog = load_catalog()
    return {language: Lexicon(build_vocabulary(catalog, language)) for language in ("en", "zh")}


def _said(lexicon, text):
    return [(text[h.start : h.end], h.kind, h.ident) for h in lexicon.hits(text)]


def test_the_longer_word_wins_where_two_overlap(lexicons):
    assert _said(lexicons["zh"], "打开后排座椅加热") == [
        ("后排", "target", "rear"),
        ("座椅加热", "device", "seat.set_heating"),
    ]


def test_english_words_match_whole_words_only(lexicons):
    assert _said(lexicons["en"], "open the sunroof") == [("sunroof", "device", "sunroof.set_position")]
    assert _said(lexicons["en"], "sunroofs are great") == []  # no word inside another


def test_chinese_words_match_anywhere_in_text_order(lexicons):
    said = _said(lexicons["zh"], "天窗打开车窗关上")
    assert [(w, k) for w, k, _ in said] == [("天窗", "device"), ("车窗", "device")]


def test_a_word_said_twice_is_found_twice(lexicons):
    said = _said(lexicons["en"], "open the sunroof and close the sunroof")
    assert [w for w, _, _ in said] == ["sunroof", "sunroof"]


def test_a_cleared_cache_reads_the_same(lexicons):
    lexicon = lexicons["zh"]
    first = lexicon.hits("主驾车窗打开一半")
    lexicon.clear_cache()
    assert lexicon.hits("主驾车窗打开一半") == first
