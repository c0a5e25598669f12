"""Cutting template branches before hassil changes no match, only the walk."""

from __future__ import annotations

import pytest
from hassil import recognize_best
from utterances.table import load_table  # tests/ is on sys.path (pytest rootdir insertion)

from vehicle.parser.text.normalize import normalize


def _table_texts() -> list[str]:
    return [entry.text for entry in load_table().entries]


def _clauses(parser, texts: list[str]) -> list[tuple[str, str]]:
    """Whole texts and their comma-separated parts, normalised, per language."""
    out: list[tuple[str, str]] = []
    for text in texts:
        norm = normalize(text)
        out.append((norm.language, norm.text))
        out.extend((norm.language, part.strip()) for part in norm.text.split(",") if part.strip())
    return out


def _summary(result):
    if result is None:
        return None
    return result.intent.name, sorted((k, str(e.value), str(e.text).strip()) for k, e in result.entities.items())


def test_pruned_templates_match_exactly_as_the_routed_ones(parser):
    checked = skipped = 0
    for language, text in _clauses(parser, _table_texts()[::3]):
        grammar = parser.templates.grammars[language]
        intents, lists = grammar.router.route(text)
        if not intents.intents:
            continue
        pruned = grammar.router.pruner.intents(intents, text, lists)
        before = recognize_best(text, intents, slot_lists=lists, language=language)
        after = recognize_best(text, pruned, slot_lists=lists, language=language) if pruned.intents else None
        assert _summary(after) == _summary(before), text
        checked += 1
        skipped += sum(len(i.data) for i in intents.intents.values()) - sum(
            len(i.data) for i in pruned.intents.values()
        )
    assert checked > 300
    assert skipped > checked  # the cut does remove templates, on average more than one per clause


@pytest.mark.parametrize(
    ("language", "text", "gone"),
    [
        ("en", "turn on ac", "(turn|switch|power) <dev> on"),  # cannot end with "ac"
        ("en", "set fan to 0", "<dev> (to|at|on) <val>"),  # a fan word cannot begin "set"
        ("zh", "打开空调", "<dev>(开|打开|开启)"),
        ("zh", "主驾阅读灯打开", "<on><dev>"),
    ],
)
def test_a_template_that_cannot_begin_or_end_the_text_is_skipped(parser, language, text, gone):
    grammar = parser.templates.grammars[language]
    intents, lists = grammar.router.route(text)
    routed = {d.sentences[0].text for i in intents.intents.values() for d in i.data}
    pruned = grammar.router.pruner.intents(intents, text, lists)
    left = {d.sentences[0].text for i in pruned.intents.values() for d in i.data}
    assert gone in routed
    assert gone not in left
