"""Loading ``catalog/vocabulary/common.yaml`` and the catalog's aliases refuses
anything the parser would only trip over later.

Every case copies the shipped catalog to a temporary directory, breaks one
thing, and checks the refusal names the file, the path inside it and the
problem (also through `n7web catalog check`). The language files
(``vocabulary/en.yaml``, ``zh.yaml``) have their own cases in
``test_parser_vocabulary.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vehicle.catalog import CatalogError, default_catalog_dir
from vehicle.parser import Parser, VocabularyError
from vehicle.parser.frames.vocabulary import load_common

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def catalog_copy(tmp_path):
    target = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), target, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _refusal(catalog_copy, catalog) -> VocabularyError:
    with pytest.raises(VocabularyError) as info:
        load_common(catalog_copy, catalog)
    assert isinstance(info.value, CatalogError)  # the catalog check reports it like any catalog error
    return info.value


def _common(catalog_copy) -> Path:
    return catalog_copy / "vocabulary" / "common.yaml"


def test_the_shipped_common_words_load(catalog):
    common = load_common(default_catalog_dir(), catalog)
    assert common.words["window.set_position"]["half"] == {"open_percent": 50}
    assert common.expansions["rear"] == ("rear_left", "rear_right")
    assert common.possessive["en"] == frozenset({"my", "mine"})


@pytest.mark.parametrize(
    ("old", "new", "path", "problem"),
    [
        # word values are checked against the catalog
        (
            "half: {open_percent: 50}",
            "half: {open_percent: 150}",
            "words.window.set_position.half.open_percent",
            "out of range",
        ),
        ("half: {open_percent: 50}", "half: {opened: 50}", "words.window.set_position.half.opened", "not a parameter"),
        ("  window.set_position:", "  window.set_positions:", "words.window.set_positions", "unknown capability"),
        (
            "    half: {open_percent: 50}",
            "    halfway: {open_percent: 50}",
            "words.window.set_position.halfway",
            "unknown operation",
        ),
        # expansion members must exist; "my" is never one named member
        ("front: [driver, passenger]", "front: [driver, co_driver]", "expansions.front", "physical members"),
        ('en: ["my", "mine"]', 'en: ["my", "mine", "driver"]', "possessive.en", "also the alias of target 'driver'"),
    ],
)
def test_a_bad_entry_is_refused_naming_file_and_path(catalog_copy, catalog, old, new, path, problem):
    _edit(_common(catalog_copy), old, new)
    err = _refusal(catalog_copy, catalog)
    assert err.file == "vocabulary/common.yaml"
    assert err.path == path and problem in err.problem


def test_an_unquoted_on_key_is_refused_not_read_as_true(catalog_copy, catalog):
    _edit(_common(catalog_copy), '    "on": {"on": true}', '    on: {"on": true}')
    err = _refusal(catalog_copy, catalog)
    assert err.file == "vocabulary/common.yaml" and "not a string" in err.problem


def test_an_unknown_key_and_a_missing_file_are_refused(catalog_copy, catalog):
    _edit(_common(catalog_copy), "\nexpansions:\n", "\nexpansion:\n")
    err = _refusal(catalog_copy, catalog)
    assert err.path == "expansion" and "unknown key" in err.problem
    _common(catalog_copy).unlink()
    err = _refusal(catalog_copy, catalog)
    assert err.file == "vocabulary/common.yaml" and "cannot read" in err.problem


def test_ambiguous_alias_in_the_catalog_is_refused(catalog_copy, catalog):
    from vehicle.catalog import load_catalog

    _edit(catalog_copy / "capabilities.yaml", 'en: ["sunroof", ', 'en: ["fan", "sunroof", ')
    broken = load_catalog(catalog_copy)
    with pytest.raises(VocabularyError) as info:
        Parser(broken, catalog_copy)
    assert info.value.file == "capabilities.yaml" and "also names" in info.value.problem


def test_parser_refuses_broken_common_words(catalog_copy, catalog):
    _edit(_common(catalog_copy), "front: [driver, passenger]", "front: [driver, co_driver]")
    with pytest.raises(VocabularyError):
        Parser(catalog, catalog_copy)


def test_catalog_check_reports_broken_common_words(catalog_copy):
    _edit(_common(catalog_copy), "half: {open_percent: 50}", "half: {open_percent: 150}")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "app.cli", "catalog", "check", str(catalog_copy)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 1
    assert "vocabulary/common.yaml: words.window.set_position.half.open_percent:" in run.stderr
