"""The parser's own ``recognize_best`` (text normalised once) answers exactly as hassil's."""
from __future__ import annotations

from hassil import recognize_best
from hassil.util import normalize_for_matching, remove_skip_words_tracked

from vehicle.parser.clauses import pieces
from vehicle.parser.normalize import normalize
from vehicle.parser.recognize import best, prepare
from vehicle.parser.runon import cut_points

from utterances.table import load_table  # tests/ is on sys.path (pytest rootdir insertion)
from utterances.voice import asr_form


def _clauses() -> list[tuple[str, str]]:
    """Whole texts (as typed and as a recogniser sends them), their pieces and
    run-on parts, normalised, per language, without repeats."""
    seen: dict[tuple[str, str], None] = {}
    for entry in load_table().entries:
        for text in (entry.text, asr_form(entry.text)):
            norm = normalize(text)
            seen[norm.language, norm.text] = None
            for piece in pieces(norm.text, norm.language):
                seen[norm.language, piece.text] = None
                bounds = [0, *cut_points(piece.text, norm.language), len(piece.text)]
                for a, b in zip(bounds, bounds[1:]):
                    seen[norm.language, piece.text[a:b].strip()] = None
                for a, b in zip(bounds, bounds[2:]):
                    seen[norm.language, piece.text[a:b].strip()] = None
    return [key for key in seen if key[1]]


def _detail(result):
    if result is None:
        return None
    entities = sorted(
        (e.name, repr(e.value), e.text, e.text_span, e.is_wildcard) for e in result.entities_list
    )
    return result.intent.name, result.intent_sentence.text, result.text_chunks_matched, entities


def test_the_parsers_recognize_best_is_hassils(parser):
    checked = found = 0
    for language, text in _clauses():
        grammar = parser.templates.grammars[language]
        intents, lists = grammar.router.route(text)
        if not intents.intents:
            continue
        prepared = prepare(text, intents.skip_words, intents.settings.ignore_whitespace)
        theirs = normalize_for_matching(text)
        remove_skip_words_tracked(theirs, intents.skip_words, intents.settings.ignore_whitespace)
        assert (prepared.without_skip.text, prepared.without_skip.offsets) == (theirs.text, theirs.offsets), text
        pruned = grammar.router.pruner.intents(intents, text, lists, prepared)
        assert pruned.intents.keys() == grammar.router.pruner.intents(intents, text, lists).intents.keys(), text
        if not pruned.intents:
            continue
        expected = recognize_best(text, pruned, slot_lists=lists, language=language)
        assert _detail(best(prepared, pruned, lists, language)) == _detail(expected), text
        checked += 1
        found += expected is not None
    assert checked > 500  # clauses some template may read
    assert found > 400
