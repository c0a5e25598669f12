"""The compiled matcher answers exactly as hassil's walk, clause by clause and parse by parse.

:func:`vehicle.parser.matcher.match` (templates compiled once,
:mod:`vehicle.parser.fastmatch`) must give the very frame
:func:`~vehicle.parser.matcher.match_reference` (route, prune, hassil 3.13's
``recognize_best``) gives. Compared here:

* every clause the parser really asks about (its calls to ``match`` observed)
  while it parses every row of the utterance table as written, in lower
  case and as a recogniser sends it, from an unknown seat and from the rear
  left, plus the run-ons of ``bench/parser.py`` and every part of them
  between two cut points;
* random texts: templates sampled at random (both languages), then cut,
  joined, misspelt, with skip words, list values and spaces thrown in;
* whole parses: every table row, three forms, two seats, with either matcher.
"""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from hassil import recognize_best
from hassil.expression import Alternative, ListReference, RuleReference, Sequence, TextChunk
from hassil.intents import Intents, RangeSlotList, TextSlotList

import vehicle.parser.engine as engine
from vehicle.parser import Parser
from vehicle.parser.fastmatch import FALLBACK, FastMatcher, compile_grammar
from vehicle.parser.matcher import _frame, compiled, match, match_reference
from vehicle.parser.recognize import _matchable, prepare

ROOT = Path(__file__).resolve().parents[2]
SEATS = (None, "rear_left")


def _bench():
    """``bench/fastmatch.py``: the texts and the clause observation the benchmark times."""
    spec = importlib.util.spec_from_file_location("bench_fastmatch", ROOT / "bench" / "fastmatch.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


@pytest.fixture(scope="module")
def asked(catalog) -> list[tuple[str, str, tuple[float, ...]]]:
    """Every (language, clause body, numbers) the parser asks ``match`` about,
    parsing the table and the run-ons with the reference matcher."""
    return BENCH.clauses_asked(catalog, BENCH.table_texts() + BENCH.run_on_texts(), SEATS)


def test_the_compiled_matcher_covers_the_shipped_templates(parser):
    for grammar in parser.templates.grammars.values():
        assert compiled(grammar) is not None, grammar.language


def test_every_clause_the_parser_asks_about_reads_as_hassil_reads_it(parser, asked):
    grammars = parser.templates.grammars
    for grammar in grammars.values():  # compiled in the background: compare with them in use
        assert compiled(grammar).gates_ready(120), grammar.language
    languages = {language for language, _, _ in asked}
    fallbacks = found = 0
    for language, body, numbers in asked:
        grammar = grammars[language]
        expected = match_reference(grammar, body, numbers)
        assert match(grammar, body, numbers) == expected, (language, body, numbers)
        found += expected is not None
        fallbacks += compiled(grammar).entities(body) is FALLBACK
    print(f"\n{len(asked)} distinct clauses compared ({found} read by a template, "
          f"{fallbacks} left to hassil: punctuation, '-' or '_')")
    assert languages == {"en", "zh"}
    assert len(asked) > 2000 and found > 1000
    assert fallbacks < len(asked) // 100  # the compiled form reads nearly all of them itself


def test_the_gates_change_no_answer(parser, asked):
    """Without its gates (as in the first second after start, while they compile)
    the compiled matcher reads every sentence its index picks, and answers the same."""
    grammars = parser.templates.grammars
    ungated = {language: FastMatcher(grammar.intents, language, gates=False) for language, grammar in grammars.items()}
    for language, body, numbers in asked:
        grammar = grammars[language]
        found = ungated[language].entities(body)
        if found is FALLBACK:
            continue
        ours = None if found is None else _frame(found[1], grammar, numbers)
        assert ours == match_reference(grammar, body, numbers), (language, body, numbers)


def test_the_texts_matched_are_hassils(parser, asked):
    """Normalisation, skip words and hassil's final tweaks, without offsets: the
    same texts, for every clause asked and random texts in any case and spacing."""
    texts = [(language, body) for language, body, _ in asked]
    for language in ("en", "zh"):
        intents = parser.templates.grammars[language].intents
        texts += [(language, text) for text in _random_texts(intents, language, 1000, seed=11)]
    compared = 0
    for language, body in texts:
        fast = compiled(parser.templates.grammars[language])
        intents = parser.templates.grammars[language].intents
        ours = fast.candidates(body)
        if ours is None:
            continue
        ignore = intents.settings.ignore_whitespace
        prepared = prepare(body, intents.skip_words, ignore)
        theirs = [_matchable(prepared.without_skip, ignore).text]
        if prepared.without_skip.text != prepared.with_skip.text:
            theirs.insert(0, _matchable(prepared.with_skip, ignore).text)
        assert ours == theirs, body
        compared += 1
    assert compared > 3000


def _sample(expr, intents: Intents, rng: random.Random) -> str:
    """One random text a template expression reads (hassil's sampler, one path)."""
    if isinstance(expr, TextChunk):
        return expr.text
    if isinstance(expr, RuleReference):
        return _sample(intents.expansion_rules[expr.rule_name].expression, intents, rng)
    if isinstance(expr, ListReference):
        slot_list = intents.slot_lists[expr.list_name]
        if isinstance(slot_list, RangeSlotList):
            return str(rng.choice([0, 1, 2, 3, 3, 7, 99, 100, 250]))
        assert isinstance(slot_list, TextSlotList)
        return _sample(rng.choice(slot_list.values).text_in, intents, rng)
    if isinstance(expr, Alternative):
        return _sample(rng.choice(expr.items), intents, rng)
    if isinstance(expr, Sequence):
        return "".join(_sample(item, intents, rng) for item in expr.items)
    raise AssertionError(f"unexpected expression {expr!r}")


def _vocabulary(intents: Intents) -> list[str]:
    words: set[str] = set(intents.skip_words)
    for slot_list in intents.slot_lists.values():
        if isinstance(slot_list, TextSlotList):
            for value in slot_list.values:
                if isinstance(value.text_in, TextChunk):
                    words.add(value.text_in.text)
    return sorted(words)


def _random_texts(intents: Intents, language: str, count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    sentences = [s for intent in intents.intents.values() for data in intent.data for s in data.sentences]
    vocabulary = _vocabulary(intents)
    gap = " " if language == "en" else ""
    texts: list[str] = []
    while len(texts) < count:
        text = " ".join(_sample(rng.choice(sentences).expression, intents, rng).split())
        roll = rng.random()
        if roll < 0.15:  # two clauses run together
            text += gap + " ".join(_sample(rng.choice(sentences).expression, intents, rng).split())
        elif roll < 0.3 and len(text) > 2:  # a part of one
            a = rng.randrange(len(text))
            text = text[a : rng.randrange(a + 1, len(text) + 1)]
        elif roll < 0.45:  # a word or a list value put in
            words = text.split(" ") if language == "en" else list(text)
            words.insert(rng.randrange(len(words) + 1), rng.choice(vocabulary))
            text = (" " if language == "en" else "").join(words)
        elif roll < 0.55:  # a word or character dropped
            words = text.split(" ") if language == "en" else list(text)
            if len(words) > 1:
                del words[rng.randrange(len(words))]
            text = (" " if language == "en" else "").join(words)
        elif roll < 0.6:  # case and spacing as typed
            text = "  " + text.upper().replace(" ", "  ", 1) + " "
        elif roll < 0.7:  # only words the templates know, in any order
            text = gap.join(rng.choice(vocabulary) for _ in range(rng.randint(1, 5)))
        if text.strip():
            texts.append(text)
    return texts


def _hassil(grammar, text: str, numbers: tuple[float, ...]):
    """The frame of hassil's own ``recognize_best`` over the whole grammar."""
    result = recognize_best(text, grammar.intents, language=grammar.language)
    if result is None:
        return None
    return _frame({name: (e.value, e.text) for name, e in result.entities.items()}, grammar, numbers)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_random_template_texts_read_as_hassil_reads_them(parser, language):
    """In the parser's own domain (it lower-cases every text before matching),
    against the reference path; where the two differ, the compiled form must
    be plain hassil's answer and the reference path's routing the one off
    (it narrows lists to the words present before skip words are removed:
    "back kindly right" holds no "back right" for it, but hassil reads one)."""
    grammar = parser.templates.grammars[language]
    numbers = (21.0, 3.0, 50.0, 2.5)
    found = 0
    routed_off: list[str] = []
    texts = sorted({t.lower() for t in _random_texts(grammar.intents, language, 2500, seed=20261201 + len(language))})
    for text in texts:
        expected = match_reference(grammar, text, numbers)
        ours = match(grammar, text, numbers)
        if ours != expected:
            assert ours == _hassil(grammar, text, numbers) != expected, text
            routed_off.append(text)
        found += ours is not None
    print(f"\n{language}: {len(texts)} distinct random texts compared, {found} read by a template; "
          f"{len(routed_off)} where the reference path's routing is not hassil's: {routed_off[:5]}")
    assert found > len(texts) // 5  # most are near a template; many read as one


@pytest.mark.parametrize("language", ["en", "zh"])
def test_random_texts_in_any_case_read_as_plain_hassil_reads_them(parser, language):
    """Against hassil's own ``recognize_best`` over the whole grammar (no routing,
    no pruning), any case and spacing: the compiled form is hassil's, not only
    the reference path's (whose word routing assumes the parser's lower case)."""
    grammar = parser.templates.grammars[language]
    numbers = (21.0, 3.0, 50.0, 2.5)
    for text in _random_texts(grammar.intents, language, 300, seed=7 + len(language)):
        assert match(grammar, text, numbers) == _hassil(grammar, text, numbers), text


def test_a_grammar_with_what_is_not_compiled_is_left_to_hassil():
    """A wildcard, a permutation or a block of its own lists: no compiled form (hassil answers)."""
    base = {
        "language": "en",
        "lists": {"thing": {"values": ["lamp", "fan"]}},
        "intents": {"on": {"data": [{"sentences": ["turn on {thing}"]}]}},
    }
    assert compile_grammar(Intents.from_dict(base), "en") is not None
    wildcard = {
        **base,
        "lists": {**base["lists"], "any": {"wildcard": True}},
        "intents": {"on": {"data": [{"sentences": ["turn on {any}"]}]}},
    }
    assert compile_grammar(Intents.from_dict(wildcard), "en") is None
    permutation = {**base, "intents": {"on": {"data": [{"sentences": ["(turn on;{thing})"]}]}}}
    assert compile_grammar(Intents.from_dict(permutation), "en") is None
    own_lists = {**base, "intents": {"on": {"data": [{"sentences": ["turn on {x}"],
                                                      "lists": {"x": {"values": ["tv"]}}}]}}}
    assert compile_grammar(Intents.from_dict(own_lists), "en") is None


def test_a_clause_with_a_hyphen_or_punctuation_is_hassils_reading(parser):
    grammar = parser.templates.grammars["en"]
    for text in ("turn on the air-conditioning", "open trunk , then turn on ac", "set fan_speed to 0", "turn on ac."):
        assert compiled(grammar).entities(text) is FALLBACK
        assert match(grammar, text, (3.0,)) == match_reference(grammar, text, (3.0,))


def test_whole_parses_are_the_same_with_either_matcher(catalog):
    texts = BENCH.table_texts()
    original = engine.match
    engine.match = match_reference
    try:
        reference = Parser(catalog)
        expected = {(text, seat): reference.parse(text, seat).to_json() for text in texts for seat in SEATS}
    finally:
        engine.match = original
    assert engine.match is match
    fast = Parser(catalog)
    for (text, seat), json in expected.items():
        assert fast.parse(text, seat).to_json() == json, (text, seat)
    print(f"\n{len(expected)} whole parses compared (table rows x 3 forms x {len(SEATS)} seats)")


def test_the_parser_settles_once_every_gate_is_compiled(catalog):
    fresh = Parser(catalog)
    assert fresh.settled(120)
    for grammar in fresh.templates.grammars.values():
        assert compiled(grammar).gates_ready(0), grammar.language


def test_the_gates_start_on_demand_or_after_a_few_reads(parser):
    """A one-shot parse never compiles them; a parser in use does, unasked."""
    from vehicle.parser.fastmatch import GATES_AFTER_READS

    grammar = parser.templates.grammars["en"]
    fast = FastMatcher(grammar.intents, "en")
    for _ in range(GATES_AFTER_READS - 1):
        fast.entities("open the driver window")
    assert not fast.gates_started
    fast.entities("open the driver window")
    assert fast.gates_started and fast.gates_ready(120)
    asked = FastMatcher(grammar.intents, "en")
    assert not asked.gates_started and asked.gates_ready(120) and asked.gates_started


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_generated_reads_find_what_the_generic_reads_find(parser, asked, language):
    """Sentence by sentence (every one the index picks, whatever its gate says),
    the reads generated per node (:mod:`.fastgen` for Chinese, :mod:`.fastspaced`
    for English) find what :class:`.fastread.Reader` finds: the same literal
    count and entities, or nothing. Random texts keep their case and spacing."""
    from hassil.util import fold_case

    from vehicle.parser.fastread import Reader
    from vehicle.parser.fastspaced import best, memo_for

    grammar = parser.templates.grammars[language]
    fast = FastMatcher(grammar.intents, language, gates=False)  # its reads built at once
    assert fast._flat is not None
    texts = [body for lang, body, _ in asked if lang == language]
    texts += _random_texts(grammar.intents, language, 1500, seed=99 + len(language))
    read = found = 0
    for body in texts:
        for candidate in fast.candidates(body) or ():
            folded = fold_case(candidate)
            if len(folded) != len(candidate) or (language == "zh" and any(c.isspace() for c in candidate)):
                continue  # left to hassil, or (Chinese with whitespace) read by the generic reads
            reader = Reader(candidate, folded)
            memo = memo_for(candidate) if language == "en" else {}
            for order in fast._chosen(folded):
                expected = reader.best(fast._reads[order])
                if language == "en":
                    ours = best(fast._flat[order](candidate, folded, 1, memo), memo[-2])
                else:
                    ours = fast._flat[order](candidate, folded, 0, memo).get(len(candidate))
                assert ours == expected, (body, candidate, order)
                read += 1
                found += expected is not None
    print(f"\n{language}: {read} sentence reads compared, {found} found a parse")
    assert read > 5000 and found > 500
