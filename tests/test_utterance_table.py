"""The parser's utterance table (DESIGN section 4), one test per utterance.

Expectations live in ``tests/utterances/*.yaml`` (see the README there) and
were written from the spec, not from the parser's output. Each test compares
``Parser(load_catalog()).parse(text).to_json()`` with the expectation:

- the output has exactly the six keys of DESIGN section 4;
- ``actions``, ``mentions``, ``negated`` are compared in order;
- values are compared as typed JSON: ``21.0`` (float) != ``21`` (int) and
  ``1`` (int) != ``true`` (bool);
- ``kind: non_command`` entries (questions, chit-chat, adversarial statements)
  do not assert ``mentions``.

The table's own structure, self-consistency and agreement with the catalog
are tested here too, without the parser.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from vehicle.catalog import load_catalog


from utterances import table as table_mod  # tests/ is on sys.path (pytest rootdir insertion)
TABLE = table_mod.load_table()
ENTRIES = TABLE.entries
IDS = [e.id for e in ENTRIES]


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


@pytest.fixture(scope="session")
def parser(catalog):
    # Imported here so the table's own checks run even before the parser exists;
    # the parser tests then error (not skip) until `vehicle.parser` is in place.
    from vehicle.parser import Parser

    return Parser(catalog)


def _typed(value: Any) -> Any:
    """A JSON value with its JSON type made explicit, for exact comparison."""
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("float", value)
    if isinstance(value, str):
        return ("str", value)
    if isinstance(value, list):
        return ("list", tuple(_typed(v) for v in value))
    if isinstance(value, dict):
        return ("object", tuple(sorted((str(k), _typed(v)) for k, v in value.items())))
    return ("unknown", repr(value))


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------- the table itself
def test_table_is_well_formed():
    assert not TABLE.problems, "utterance table problems:\n" + "\n".join(TABLE.problems)


def test_table_is_large_enough():
    by_lang = {lang: sum(1 for e in ENTRIES if e.language == lang) for lang in table_mod.LANGUAGES}
    assert sum(by_lang.values()) >= 200, by_lang
    assert min(by_lang.values()) >= 80, f"both languages need a fair share: {by_lang}"


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_expectation_is_consistent(entry):
    problems = table_mod.consistency_problems(entry)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_expectation_matches_catalog(entry, catalog):
    problems = table_mod.catalog_problems(entry, catalog)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


# ---------------------------------------------------------------- the parser against the table
@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_utterance(entry, parser):
    result = parser.parse(entry.text).to_json()
    # Must be plain JSON; a round trip keeps float/int/bool distinct.
    got = json.loads(json.dumps(result, ensure_ascii=False))
    assert isinstance(got, dict), f"to_json() must give an object, got {_dump(got)}"
    assert set(got) == set(table_mod.EXPECT_KEYS), (
        f"{entry.id}: output keys {sorted(got)} != {sorted(table_mod.EXPECT_KEYS)}"
    )
    keys = [k for k in table_mod.EXPECT_KEYS if k in entry.expect]
    diffs = []
    for key in keys:
        if _typed(got[key]) != _typed(entry.expect[key]):
            diffs.append(f"  {key}:\n    expected {_dump(entry.expect[key])}\n    got      {_dump(got[key])}")
    assert not diffs, (
        f"{entry.id}\n" + "\n".join(diffs) + f"\n  full output: {_dump(got)}"
    )
