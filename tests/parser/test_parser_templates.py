"""Template loading refuses anything hassil would only trip over later.

Every case copies the shipped catalog to a temporary directory, breaks one
thing in a template file, and checks the refusal names the file, the path
inside it and the problem (also through `n7web catalog check`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from vehicle.catalog import CatalogError, default_catalog_dir
from vehicle.parser import Parser, TemplateError
from vehicle.parser.frames.templates import load_templates

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


def _refusal(catalog_copy, catalog) -> TemplateError:
    with pytest.raises(TemplateError) as info:
        load_templates(catalog_copy, catalog)
    assert isinstance(info.value, CatalogError)  # the catalog check reports it like any catalog error
    return info.value


def test_shipped_templates_load(catalog):
    templates = load_templates(default_catalog_dir(), catalog)
    assert set(templates.grammars) == {"en", "zh"}


def test_misspelled_rule_refuses_to_load_naming_file_and_path(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "en.yaml", '"(turn|switch|power) on <dev>"', '"(turn|switch|power) on <devv>"')
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/en.yaml"
    assert err.path == "intents.toggle.data[0].sentences[0]"
    assert "unknown rule <devv>" in err.problem


def test_misspelled_list_refuses_to_load_naming_file_and_path(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "zh.yaml", "{glass:t1}(除雾|除霜|去雾)", "{glas:t1}(除雾|除霜|去雾)")
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/zh.yaml"
    assert err.path.startswith("intents.toggle.data[2].sentences[")
    assert "unknown list {glas}" in err.problem


def test_misspelled_list_inside_a_rule_is_found_through_the_rule(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "en.yaml", 'tgt: "[both] {target:t1}', 'tgt: "[both] {targets:t1}')
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/en.yaml" and "unknown list {targets}" in err.problem
    assert err.path.startswith("intents.")


def test_unquoted_on_key_is_refused(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "zh.yaml", '  "on": "{_on}"', '  on: "{_on}"')
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/zh.yaml" and err.path == "expansion_rules"
    assert "not a string" in err.problem


def test_unquoted_on_value_is_refused(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "en.yaml", 'slots: {op: "on"}', "slots: {op: on}")
    err = _refusal(catalog_copy, catalog)
    assert err.path == "intents.toggle.data[0].slots.op" and "not a valid op" in err.problem


def test_unknown_slot_and_unknown_capability_are_refused(catalog_copy, catalog):
    path = catalog_copy / "templates" / "en.yaml"
    _edit(path, 'slots: {op: "on", device: seat.set_heating}', 'slots: {op: "on", device: seat.set_heater}')
    err = _refusal(catalog_copy, catalog)
    assert "seat.set_heater" in err.problem and err.path.endswith(".slots.device")


def test_invalid_template_syntax_is_refused(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "en.yaml", '"<dev> on"', '"<dev> (on"')
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/en.yaml" and "invalid template" in err.problem


def test_word_values_are_checked_against_the_catalog(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "common.yaml", "half: {open_percent: 50}", "half: {open_percent: 150}")
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/common.yaml"
    assert err.path == "words.window.set_position.half.open_percent" and "out of range" in err.problem


def test_expansion_members_must_exist(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "common.yaml", "front: [driver, passenger]", "front: [driver, co_driver]")
    err = _refusal(catalog_copy, catalog)
    assert err.path == "expansions.front"


def test_a_generated_list_cannot_be_redefined(catalog_copy, catalog):
    path = catalog_copy / "templates" / "en.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["lists"]["device"] = {"values": ["toaster"]}
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    err = _refusal(catalog_copy, catalog)
    assert err.path == "lists.device" and "generated" in err.problem


def test_missing_language_file_is_refused(catalog_copy, catalog):
    (catalog_copy / "templates" / "zh.yaml").unlink()
    err = _refusal(catalog_copy, catalog)
    assert err.file == "templates/zh.yaml" and "missing" in err.problem


def test_ambiguous_alias_in_the_catalog_is_refused(catalog_copy, catalog):
    from vehicle.catalog import load_catalog

    _edit(catalog_copy / "capabilities.yaml", 'en: ["sunroof", ', 'en: ["fan", "sunroof", ')
    broken = load_catalog(catalog_copy)
    with pytest.raises(TemplateError) as info:
        load_templates(catalog_copy, broken)
    assert info.value.file == "capabilities.yaml" and "also names" in info.value.problem


def test_parser_refuses_broken_templates(catalog_copy, catalog):
    _edit(catalog_copy / "templates" / "en.yaml", "<pron>", "<pronoun>")
    with pytest.raises(TemplateError):
        Parser(catalog, catalog_copy)


def test_catalog_check_reports_a_broken_template(catalog_copy):
    _edit(catalog_copy / "templates" / "en.yaml", '"(turn|switch|power) on <dev>"', '"(turn|switch|power) on <devv>"')
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
    assert "templates/en.yaml: intents.toggle.data[0].sentences[0]: unknown rule <devv>" in run.stderr
