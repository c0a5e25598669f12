"""The parser's utterance table (DESIGN section 4), one test per utterance.

Expectations live in ``tests/utterances/*.yaml`` (see the README there) and
were written from the spec, not from the parser's output. Each test compares
``Parser(load_catalog()).parse(text).to_json()`` with the expectation:

- the output has exactly the eight keys of DESIGN section 4 (revision 2);
- only the keys an entry gives are compared (``actions`` always, and the
  language, which follows from the text); ``actions``, ``mentions``,
  ``negated`` and ``queries`` are compared in order and in number;
- an action is compared whole (``vague: true`` included, absent = not
  vague); a mention, negated entry or query only on the keys the entry gives
  (``target``, ``said``, ``direction``), so a row asserts what the spec
  settles and no more;
- values are compared as typed JSON: ``21.0`` (float) != ``21`` (int) and
  ``1`` (int) != ``true`` (bool);
- an entry with ``seat`` is parsed with that speaker seat (DESIGN section 3a);
- every entry parses to the same actions again in its voice form: punctuation
  removed and lower case (``table.asr_form``), unless tagged ``punctuation``.

The table's own structure, self-consistency and agreement with the catalog
are tested here too, without the parser.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from utterances import table as table_mod  # tests/ is on sys.path (pytest rootdir insertion)
from utterances import voice as voice_mod

from vehicle.catalog import load_catalog

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


def test_rows_with_the_same_voice_form_agree():
    """Two rows that a recogniser would send as the same text (same seat)
    cannot expect different actions."""
    seen: dict[tuple[str, str | None], Any] = {}
    clashes = []
    for e in ENTRIES:
        if "punctuation" in e.tags:
            continue
        key = (voice_mod.asr_form(e.text), e.seat)
        first = seen.setdefault(key, e)
        if _typed(_actions(first.expect["actions"])) != _typed(_actions(e.expect["actions"])):
            clashes.append(f"{first.id} <> {e.id}")
    assert not clashes, "\n".join(clashes)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_expectation_is_consistent(entry):
    problems = table_mod.consistency_problems(entry)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_expectation_matches_catalog(entry, catalog):
    problems = table_mod.catalog_problems(entry, catalog)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


# ---------------------------------------------------------------- the parser against the table
def _parse(parser, text: str, seat: str | None) -> dict[str, Any]:
    # DESIGN section 4: Parser.parse(text, seat=None); a row without a seat is an unknown speaker.
    result = (parser.parse(text) if seat is None else parser.parse(text, seat=seat)).to_json()
    # Must be plain JSON; a round trip keeps float/int/bool distinct.
    got = json.loads(json.dumps(result, ensure_ascii=False))
    assert isinstance(got, dict), f"to_json() must give an object, got {_dump(got)}"
    return got


def _actions(value: Any) -> Any:
    """Actions with ``vague: false`` and an absent ``vague`` made the same."""
    if not isinstance(value, list):
        return value
    return [
        {k: v for k, v in a.items() if not (k == "vague" and v is False)} if isinstance(a, dict) else a for a in value
    ]


def _projected(got: Any, expected: list[dict[str, Any]]) -> Any:
    """Each output item cut down to the keys its expected item gives."""
    if not isinstance(got, list) or len(got) != len(expected):
        return got
    return [{k: g.get(k, "<absent>") for k in e} if isinstance(g, dict) else g for g, e in zip(got, expected)]


def _compared(key: str, got: Any, expected: Any) -> Any:
    if key == "actions":
        return _actions(got)
    if key in ("mentions", "negated", "queries"):
        return _projected(got, expected)
    return got


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_utterance(entry, parser):
    got = _parse(parser, entry.text, entry.seat)
    assert set(got) == set(table_mod.EXPECT_KEYS), (
        f"{entry.id}: output keys {sorted(got)} != {sorted(table_mod.EXPECT_KEYS)}"
    )
    keys = [k for k in table_mod.EXPECT_KEYS if k in entry.expect]
    diffs = []
    for key in keys:
        expected = entry.expect[key]
        if _typed(_compared(key, got[key], expected)) != _typed(_actions(expected) if key == "actions" else expected):
            diffs.append(f"  {key}:\n    expected {_dump(expected)}\n    got      {_dump(got[key])}")
    assert not diffs, f"{entry.id}\n" + "\n".join(diffs) + f"\n  full output: {_dump(got)}"


VOICE_ENTRIES = [e for e in ENTRIES if "punctuation" not in e.tags]


@pytest.mark.parametrize("entry", VOICE_ENTRIES, ids=[e.id for e in VOICE_ENTRIES])
def test_utterance_in_voice_form(entry, parser):
    """DESIGN section 4: every row parses to the same actions with its
    punctuation removed and in lower case, as a speech recogniser sends it."""
    voice = voice_mod.asr_form(entry.text)
    got = _parse(parser, voice, entry.seat)
    expected = _actions(entry.expect["actions"])
    assert _typed(_actions(got["actions"])) == _typed(expected), (
        f"{entry.id}\n  voice form {voice!r}\n    expected actions {_dump(expected)}\n"
        f"    got              {_dump(got['actions'])}\n  full output: {_dump(got)}"
    )


@pytest.mark.parametrize(
    "text,voice",
    [
        ("Open the window, no, the sunroof!", "open the window no the sunroof"),
        ("打开天窗，别开车窗。", "打开天窗别开车窗"),
        ("Set it to 22.5 degrees.", "set it to 22.5 degrees"),
        ('He said "open the tailgate".', "he said open the tailgate"),
        ("他说：“打开后备箱”", "他说打开后备箱"),
        ("Driver's window to 30%, please.", "driver's window to 30% please"),
        ("Turn on the A/C... now", "turn on the a/c now"),
        ("twenty-one and a half", "twenty-one and a half"),
        ("后备箱打开？", "后备箱打开"),
        ("ＡＣ调到２２度！", "ac调到22度"),
    ],
)
def test_voice_form(text, voice):
    assert voice_mod.asr_form(text) == voice


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_voice_form_is_plain(entry):
    """The voice form holds no sentence punctuation or capitals, and is stable."""
    voice = voice_mod.asr_form(entry.text)
    assert voice and voice == voice.lower() and voice == voice.strip()
    assert not any(ch in voice for ch in ',;:!?"“”‘’，。；：！？、（）《》「」…'), voice
    assert voice_mod.asr_form(voice) == voice
