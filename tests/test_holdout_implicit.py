"""The held-back implicit requests (``tests/holdout/implicit_requests.yaml``)
are well formed, so whoever measures the confirm path on them measures the
path and not a broken row.

Only the file's own promises are checked: the schema, each proposal a valid,
in-range action on a fitted member that the row's seat may operate (so only
the confirmation is left between it and the car), and no confirm row naming a
control or a comfort need by a catalog alias (a named control would be a
mention and a need would bind the proposal: either would make the row test
something else). The rows are never run against the parser here: they are
held back from tuning.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml

from vehicle.catalog import load_catalog

HOLDOUT = Path(__file__).resolve().parent / "holdout" / "implicit_requests.yaml"
ROW_KEYS = {"text", "language", "seat", "proposed", "expect", "why"}
SEATS = (None, "driver", "passenger", "rear_left", "rear_right")
ROWS: list[dict[str, Any]] = yaml.safe_load(HOLDOUT.read_text(encoding="utf-8"))
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


def test_holdout_has_both_outcomes_in_both_languages():
    counts = {(r["language"], r["expect"]) for r in ROWS}
    assert counts == {("en", "confirm"), ("zh", "confirm"), ("en", "refuse"), ("zh", "refuse")}
    assert sum(r["expect"] == "confirm" for r in ROWS) >= 50
    assert sum(r["expect"] == "refuse" for r in ROWS) >= 12
    texts = [(r["text"], r["seat"]) for r in ROWS]
    assert len(set(texts)) == len(texts), "a row is repeated"


@pytest.mark.parametrize("row", ROWS, ids=[r["text"] for r in ROWS])
def test_holdout_row_is_a_runnable_proposal(row, catalog):
    assert set(row) == ROW_KEYS
    assert row["expect"] in ("confirm", "refuse")
    assert row["seat"] in SEATS
    assert row["language"] == ("zh" if _CJK.search(row["text"]) else "en")
    action = row["proposed"]
    assert set(action) == {"capability", "target", "parameters"}
    cap = catalog.capabilities[action["capability"]]
    assert action["target"] in catalog.valid_targets(action["capability"])
    assert set(action["parameters"]) <= set(cap.parameters)
    for name, spec in cap.parameters.items():
        if name in action["parameters"]:
            assert spec.check(action["parameters"][name]) is None, (name, action["parameters"][name])
        else:
            assert spec.optional, f"missing parameter {name}"
    rights = catalog.seats.rights(row["seat"] or "unknown")
    for member in catalog.members(action["capability"], action["target"]):
        assert catalog.fitted(action["capability"], member), f"{member} has no {action['capability']}"
        assert rights.permits(action["capability"], member), f"seat {row['seat']} may not operate {member}"


def _aliases(catalog) -> list[str]:
    words: list[str] = []
    for group in (catalog.capabilities, catalog.modes, catalog.peripherals, catalog.needs):
        for item in group.values():
            aliases = item.aliases
            words += list(aliases.en) + list(aliases.zh)
    return [w for w in words if w]


def _names(text: str, word: str) -> bool:
    text = unicodedata.normalize("NFKC", text).lower()
    if _CJK.search(word):
        return word in text
    return re.search(rf"(?<![a-z]){re.escape(word.lower())}(?![a-z])", text) is not None


CONFIRM = [r for r in ROWS if r["expect"] == "confirm"]


@pytest.mark.parametrize("row", CONFIRM, ids=[r["text"] for r in CONFIRM])
def test_a_confirm_row_names_no_control_and_no_need(row, catalog):
    named = [w for w in _aliases(catalog) if _names(row["text"], w)]
    assert not named, f"{row['text']!r} names {named}"
