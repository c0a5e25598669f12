"""Sentences sampled from the templates parse back to their own capability.

Each template is sampled a few times: a seeded random choice is made at
every alternative and optional, and hassil's sample module renders the
result with the slot lists cut down to one control's words (numbers to a
single value). Every sampled sentence thus names exactly one capability,
and parsing it must mention that capability (temperature words count for
both set and adjust, and "N degrees" said of the climate or the AC is a
temperature). A template that cannot be sampled back is a template the
parser cannot read. (hassil's own exhaustive expansion is not used: the
products of these templates run to millions of sentences.)
"""

from __future__ import annotations

import random

import pytest
from hassil.expression import Alternative, Group, Permutation, RuleReference, Sequence, TextChunk
from hassil.intents import RangeSlotList, TextSlotList
from hassil.sample import sample_expression

from vehicle.parser.frames.router import _parts
from vehicle.parser.frames.vocabulary import capability_list

TEMPERATURE = {"climate.set_temperature", "climate.adjust_temperature"}
PER_TEMPLATE = 3
TWINS = {
    a: b
    for pair in (
        ("climate.set_fan_speed", "climate.adjust_fan_speed"),
        ("seat.set_heating", "seat.adjust_heating"),
        ("seat.set_ventilation", "seat.adjust_ventilation"),
        ("window.set_position", "window.adjust_position"),
        ("sunroof.set_position", "sunroof.adjust_position"),
        ("sunshade.set_position", "sunshade.adjust_position"),
    )
    for a, b in (pair, pair[::-1])
}


def _family(capability: str) -> set[str]:
    # a level or position control and its adjust_* twin share their words (DESIGN rev 2 section 3)
    if capability in TWINS:
        return {capability, TWINS[capability]}
    if capability in TEMPERATURE:
        return set(TEMPERATURE)
    if capability in ("climate.power", "climate.set_ac"):
        return {capability, *TEMPERATURE}
    return {capability}


def _samples(grammar, catalog):
    """(template, sampled text, expected capabilities) for every template and control."""
    base = grammar.intents.slot_lists
    rules = grammar.intents.expansion_rules
    vocab = grammar.vocabulary
    small = {
        name: TextSlotList(name=name, values=sl.values[:2]) for name, sl in base.items() if isinstance(sl, TextSlotList)
    }
    small["number"] = RangeSlotList(name="number", start=21, stop=21, digits=True, words=False)
    controls = [c for c in catalog.capabilities if vocab.by_capability.get(c)]
    for _intent, sentence, fixed in grammar.router.sentences():
        lists, _ = _parts(sentence.expression, rules)
        fixed_device = fixed.get("device")
        choices: list[tuple[str, dict]] = []
        if "mode" in lists:
            for mode_id in catalog.modes:
                alias = next(a for a, m in vocab.modes.items() if m == mode_id)
                choices.append(("mode.activate", {"mode": _one(base["mode"], alias)}))
        elif "peripheral" in lists:
            for pid in catalog.peripherals:
                alias = next(a for a, p in vocab.peripherals.items() if p == pid)
                choices.append(("peripheral.trigger", {"peripheral": _one(base["peripheral"], alias)}))
        elif "device" in lists or any(n.startswith("dev_") for n in lists):
            for cap in controls:
                alias = vocab.by_capability[cap][0]
                override = {"device": _one(base["device"], alias)}
                for other in vocab.by_capability:
                    name = capability_list(other)
                    override[name] = base[name] if other == cap else TextSlotList(name=name, values=[])
                choices.append((fixed_device or cap, override))
        elif fixed_device:
            choices.append((fixed_device, {}))
        rng = random.Random(sentence.text)
        for expected, override in choices:
            lists_now = {**base, **small, **override}
            for _ in range(PER_TEMPLATE):
                picked = _pick(sentence.expression, rules, rng)
                text = next(iter(sample_expression(picked, lists_now, rules, expand_ranges=True)), None)
                if text is not None:
                    yield sentence.text, text, _family(expected)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_sampled_sentences_parse_back_to_their_capability(parser, catalog, language):
    grammar = parser.templates.grammars[language]
    failures = []
    count = 0
    for template, text, expected in _samples(grammar, catalog):
        count += 1
        result = parser.parse(text)
        said = {m.capability for m in result.mentions} | {a.capability for a in result.actions}
        if not said & expected:
            failures.append(f"{template!r}: {text!r} -> {sorted(said)} (expected one of {sorted(expected)})")
    assert count > 300, f"only {count} samples for {language}"
    assert not failures, f"{len(failures)}/{count} samples did not parse back:\n" + "\n".join(failures[:40])


def _pick(expr, rules, rng: random.Random):
    """One random path through a template: every alternative decided, rules inlined."""
    if isinstance(expr, RuleReference):
        return _pick(rules[expr.rule_name].expression, rules, rng)
    if isinstance(expr, Alternative):
        return _pick(rng.choice(expr.items), rules, rng) if expr.items else TextChunk("")
    if isinstance(expr, Permutation):
        items = [_pick(i, rules, rng) for i in expr.items]
        rng.shuffle(items)
        return Sequence(items=items)
    if isinstance(expr, Group):
        return Sequence(items=[_pick(i, rules, rng) for i in expr.items])
    return expr


def _one(slot_list, alias: str) -> TextSlotList:
    values = [v for v in slot_list.values if getattr(v.text_in, "text", "").strip() == alias]
    return TextSlotList(name=slot_list.name, values=values)
