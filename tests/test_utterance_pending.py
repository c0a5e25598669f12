"""The pending utterance rows (``tests/utterances/pending/``): timed commands
(DESIGN section 5a, ``schedule``) and questions (section 4a, ``clarify``),
written from the spec ahead of the parser.

They are not run against the parser yet (the lead wires the files into the
table when the parser reads them), but their structure, self-consistency and
agreement with the catalog are held here now, so a wrong expectation is found
before it can mislead a parser change. The validators themselves are tested
on hand-made fragments: each must refuse the malformed one.
"""

from __future__ import annotations

from typing import Any

import pytest
from utterances import table as table_mod  # tests/ is on sys.path (pytest rootdir insertion)
from utterances import timed_clarify

from vehicle.catalog import load_catalog

PENDING = table_mod.load_pending()
ENTRIES = PENDING.entries
IDS = [e.id for e in ENTRIES]


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


def test_pending_rows_are_well_formed():
    assert ENTRIES, "no pending rows"
    assert not PENDING.problems, "pending row problems:\n" + "\n".join(PENDING.problems)


def test_pending_rows_are_not_in_the_running_table():
    assert not [e.id for e in table_mod.load_table().entries if e.file.startswith("pending/")]


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_pending_expectation_is_consistent(entry):
    problems = table_mod.consistency_problems(entry)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_pending_expectation_matches_catalog(entry, catalog):
    problems = table_mod.catalog_problems(entry, catalog)
    assert not problems, f"{entry.id}:\n  " + "\n  ".join(problems)


def _by_file(name: str) -> list[Any]:
    """The rows of one file, pending or wired into the running table (``v3/``)."""
    running = [e for e in table_mod.load_table().entries if e.file == f"v3/{name}"]
    return [e for e in ENTRIES if e.file.startswith("pending/") and e.file.endswith(name)] + running


@pytest.mark.parametrize("language", ["en", "zh"])
def test_timed_rows_cover_every_form_in_each_language(language):
    rows = [e for e in _by_file("timed.yaml") if e.language == language]
    entries = [s for e in rows for s in e.expect.get("schedule") or ()]
    assert any("after_s" in s for s in entries), "a delay"
    assert any("at" in s for s in entries), "a clock time"
    assert any("for_s" in s and "after_s" not in s and "at" not in s for s in entries), "a duration alone"
    assert any("for_s" in s and ("after_s" in s or "at" in s) for s in entries), "a delay plus a duration"
    assert any(len(s["actions"]) > 1 for s in entries), "several actions in one timed sentence"
    assert any(e.expect["actions"] and e.expect.get("schedule") for e in rows), "a timed and an untimed sentence"
    held = [e for e in rows if "schedule" in e.expect and not e.expect["schedule"] and not e.expect["actions"]]
    assert len(held) >= 10, "vague, out-of-bound times and timer cancels schedule nothing"
    assert {e.seat for e in rows} >= {None, "driver", "passenger", "rear_left", "rear_right"}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_clarify_rows_cover_every_kind_in_each_language(language):
    rows = [e for e in _by_file("clarify.yaml") if e.language == language]
    kinds = {(e.expect.get("clarify") or {}).get("missing") for e in rows}
    assert kinds == {"control", "target", "amount", "consent", None}, kinds
    assert all(not e.expect["actions"] for e in rows if e.expect.get("clarify")), "a question moves nothing"
    assert {e.seat for e in rows} >= {None, "driver", "passenger", "rear_left", "rear_right"}


def _action(**params: Any) -> dict[str, Any]:
    return {"capability": "climate.set_fan_speed", "target": "cabin", "parameters": params or {"level": 3}}


@pytest.mark.parametrize(
    "schedule",
    [
        [{"actions": [_action()], "after_s": 600}],
        [{"actions": [_action()], "at": "07:30"}],
        [{"actions": [_action()], "at": "23:59", "for_s": 300}],
        [{"actions": [_action()], "for_s": 1200}],
        [{"actions": [_action()], "after_s": 5}, {"actions": [_action(level=4)], "after_s": 86400}],
    ],
)
def test_a_well_formed_schedule_passes(schedule):
    assert timed_clarify.schedule_problems(schedule, table_mod._action_problems) == []


@pytest.mark.parametrize(
    "schedule",
    [
        {"actions": [_action()], "after_s": 600},  # not a list
        [{"actions": [], "after_s": 600}],  # no action
        [{"actions": [_action()]}],  # no time at all
        [{"actions": [_action()], "after_s": 4}],  # under 5 s
        [{"actions": [_action()], "after_s": 86401}],  # over 24 h
        [{"actions": [_action()], "after_s": 60.0}],  # seconds are ints
        [{"actions": [_action()], "after_s": True}],
        [{"actions": [_action()], "after_s": 60, "at": "07:30"}],  # both
        [{"actions": [_action()], "at": "7:30"}],  # not HH:MM
        [{"actions": [_action()], "at": "24:00"}],
        [{"actions": [_action()], "at": "07:60"}],
        [{"actions": [_action()], "for_s": 2}],
        [{"actions": [_action()], "after_s": 60, "repeat": True}],  # unknown key
        [{"actions": [{"capability": "climate.set_fan_speed", "target": "cabin"}], "after_s": 60}],
    ],
)
def test_a_malformed_schedule_is_refused(schedule):
    assert timed_clarify.schedule_problems(schedule, table_mod._action_problems)


def _clarify(missing: str, capability: str | None, n: int) -> dict[str, Any]:
    return {"missing": missing, "capability": capability, "options": [_action(level=i + 1) for i in range(n)]}


@pytest.mark.parametrize(
    "clarify",
    [
        None,
        _clarify("control", None, 2),
        _clarify("target", None, 4),
        _clarify("amount", "climate.set_fan_speed", 1),
        _clarify("consent", "climate.set_fan_speed", 1),
    ],
)
def test_a_well_formed_clarify_passes(clarify):
    assert timed_clarify.clarify_problems(clarify, table_mod._action_problems) == []


@pytest.mark.parametrize(
    "clarify",
    [
        {},
        _clarify("control", None, 1),  # one option is no choice
        _clarify("control", None, 5),  # at most 4
        _clarify("consent", "climate.set_fan_speed", 0),
        _clarify("reason", None, 2),  # unknown kind
        _clarify("consent", None, 1),  # consent names its control
        {**_clarify("control", None, 2), "question": "which?"},  # unknown key
        {"missing": "control", "capability": None, "options": [_action(), _action()]},  # repeated option
        {"missing": "control", "capability": None, "options": [{"capability": "climate.set_fan_speed"}, _action()]},
    ],
)
def test_a_malformed_clarify_is_refused(clarify):
    assert timed_clarify.clarify_problems(clarify, table_mod._action_problems)


def _entry(expect: dict[str, Any], seat: str | None = None, tags: tuple[str, ...] = ()) -> Any:
    full = {"language": "en", "actions": [], **expect}
    return table_mod.Entry(file="pending/x.yaml", index=0, text="x", kind="command", tags=tags, expect=full, seat=seat)


@pytest.mark.parametrize(
    "expect,seat",
    [
        # an option the speaker's seat may not operate (a rear seat and the fan)
        ({"clarify": _clarify("control", None, 2)}, "rear_left"),
        # an option off its range (the fan has levels 1-7)
        (
            {"clarify": {"missing": "amount", "capability": "climate.set_fan_speed", "options": [_action(level=9)]}},
            None,
        ),
        # an option on a member that is not fitted (rear seat ventilation)
        (
            {
                "clarify": {
                    "missing": "consent",
                    "capability": "seat.set_ventilation",
                    "options": [
                        {"capability": "seat.set_ventilation", "target": "rear_left", "parameters": {"level": 2}}
                    ],
                }
            },
            None,
        ),
        # an amount option on another control
        (
            {
                "clarify": {
                    "missing": "amount",
                    "capability": "seat.set_heating",
                    "options": [_action(level=2), _action(level=3)],
                }
            },
            None,
        ),
        # a scheduled action the catalog does not know
        (
            {
                "schedule": [
                    {"actions": [{"capability": "horn.honk", "target": "cabin", "parameters": {}}], "after_s": 60}
                ]
            },
            None,
        ),
        # an unknown clarify capability
        ({"clarify": _clarify("consent", "horn.honk", 1)}, None),
    ],
)
def test_catalog_disagreement_is_found(expect, seat, catalog):
    assert table_mod.catalog_problems(_entry(expect, seat), catalog)


@pytest.mark.parametrize(
    "expect,tags",
    [
        ({"clarify": _clarify("control", None, 2), "complete": True, "needs": []}, ()),  # a question is not complete
        ({"needs": []}, ("timed",)),  # a timed row asserts its schedule
        ({"actions": [_action()], "schedule": [{"actions": [_action()], "after_s": 60}]}, ()),  # never both
        (
            {
                "clarify": {
                    "missing": "consent",
                    "capability": "climate.set_ac",
                    "options": [_action()],
                }
            },
            (),
        ),  # the consent option is the action of its capability
    ],
)
def test_inconsistency_is_found(expect, tags):
    assert table_mod.consistency_problems(_entry(expect, tags=tags))


def test_a_schedule_alone_makes_a_complete_row():
    expect = {"needs": [], "schedule": [{"actions": [_action()], "after_s": 60}], "complete": True}
    assert table_mod.consistency_problems(_entry(expect, tags=("timed",))) == []
