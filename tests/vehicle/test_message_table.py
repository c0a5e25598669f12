"""The message table (catalog/messages.yaml) is checked like the rest of the
catalog: a missing language, a placeholder the code does not fill, or two
languages naming different values refuse the catalog, naming file and key path."""

from __future__ import annotations

import copy
import shutil

import pytest
import yaml

from vehicle.catalog import CatalogError, default_catalog_dir, load_catalog
from vehicle.catalog.cli import main as catalog_cli
from vehicle.catalog.message_table import MESSAGES_FILE, SCHEMA, messages, table_from_dict
from vehicle.refusals import Reason


def shipped() -> dict:
    return yaml.safe_load((default_catalog_dir() / MESSAGES_FILE).read_text(encoding="utf-8"))


def test_shipped_table_covers_every_reason_and_both_languages():
    table = messages()
    assert set(table.section("refusals")) == {r.value for r in Reason}
    for name, section in table.sections.items():
        for key, entry in section.items():
            for variant in (None, *entry.variants):
                en, zh = entry.get("en", variant), entry.get("zh", variant)
                assert en.strip(), (name, key, variant)
                if name != "model":
                    assert zh.strip() and entry.variants.get(variant, entry).text["zh"] == zh, (name, key, variant)


@pytest.mark.parametrize(
    ("mutate", "path", "problem"),
    [
        (lambda d: d["refusals"]["not_fitted"].pop("zh"), "refusals.not_fitted.zh", "missing"),
        (lambda d: d["statuses"]["failed"].pop("en"), "statuses.failed.en", "missing"),
        (
            lambda d: d["refusals"]["out_of_range"]["variants"]["beyond"].pop("zh"),
            "refusals.out_of_range.variants.beyond.zh",
            "missing",
        ),
        (lambda d: d["turns"]["offline"].update(zh="  "), "turns.offline.zh", "non-empty"),
        (lambda d: d["turns"]["offline"].update(fr="Hors ligne"), "turns.offline.fr", "unknown language"),
        (
            lambda d: d["statuses"]["failed"].update(en="{what} failed at {speed}.", zh="{what}在{speed}失败。"),
            "statuses.failed",
            "unknown placeholder {speed}",
        ),
        (
            lambda d: d["refusals"]["interlock_gear"].update(zh="需要先挂挡。"),
            "refusals.interlock_gear",
            "placeholders differ",
        ),
        (
            lambda d: d["units"]["degrees"]["variants"]["one"].update(zh="{m}度"),
            "units.degrees.variants.one",
            "placeholders differ",
        ),
        (
            lambda d: d["success"]["level"].update(en="{what} set to {0}.", zh="{what}已调到{0}。"),
            "success.level.en",
            "not a plain name",
        ),
        (
            lambda d: d["success"]["level"].update(en="{what set to.", zh="{what已调到。"),
            "success.level.en",
            "malformed",
        ),
        (lambda d: d["refusals"].pop("child_lock"), "refusals.child_lock", "missing (the code reads it)"),
        (lambda d: d.pop("names"), "names", "missing"),
        (lambda d: d.update(greetings={"hi": {"en": "Hi", "zh": "你好"}}), "greetings", "unknown section"),
        (lambda d: d["bool_choices"].update({True: {"en": "x", "zh": "甲"}}), "bool_choices", "plain word"),
    ],
)
def test_a_broken_entry_is_refused_with_its_path(mutate, path, problem):
    doc = shipped()
    mutate(doc)
    with pytest.raises(CatalogError) as info:
        table_from_dict(doc)
    assert info.value.file == MESSAGES_FILE
    assert info.value.path == path
    assert problem in info.value.problem


def test_every_schema_section_and_required_key_is_in_the_shipped_table():
    doc = shipped()
    for name, spec in SCHEMA.items():
        assert set(spec.required) <= set(doc.get(name) or {}), name


def copy_catalog(tmp_path):
    dst = tmp_path / "catalog"
    shutil.copytree(default_catalog_dir(), dst, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return dst


def test_catalog_check_fails_on_a_missing_chinese_entry(tmp_path, capsys):
    dst = copy_catalog(tmp_path)
    assert catalog_cli(["check", str(dst)]) == 0
    doc = copy.deepcopy(shipped())
    del doc["refusals"]["out_of_range"]["variants"]["at_end"]["zh"]
    (dst / MESSAGES_FILE).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    capsys.readouterr()
    assert catalog_cli(["check", str(dst)]) == 1
    err = capsys.readouterr().err
    assert "messages.yaml: refusals.out_of_range.variants.at_end.zh: missing" in err
    (dst / MESSAGES_FILE).unlink()
    assert catalog_cli(["check", str(dst)]) == 1
    assert "messages.yaml: file is missing" in capsys.readouterr().err


def test_the_words_are_part_of_the_catalog_generation(tmp_path):
    dst = copy_catalog(tmp_path)
    before = load_catalog(dst).generation
    doc = shipped()
    doc["turns"]["offline"]["en"] = "The assistant is resting; I can still control the cabin."
    (dst / MESSAGES_FILE).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert load_catalog(dst).generation != before


def test_the_model_reads_its_rules_once():
    """The rules are the thread's base instructions, from the table; the
    catalog-bearing developer instructions carry none of them again."""
    from app.assistant.instructions import BASE_INSTRUCTIONS
    from app.model_catalog import developer_instructions

    rules = messages().text("model", "rules", "en")
    assert BASE_INSTRUCTIONS == rules and "execute_cockpit_request" in rules
    _, developer = developer_instructions(load_catalog())
    assert developer.startswith("CATALOG (generation ")
    assert not [line for line in rules.splitlines() if line in developer]
    assert "never" not in developer.lower()
