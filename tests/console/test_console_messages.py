"""The console's words (the ``console`` section of ``catalog/messages.yaml``) and its route.

A key without its Chinese entry would leave the page half English under a
Chinese conversation, so the table refuses to load and ``n7web catalog check``
fails; the shipped table passes and reaches the page through the catalog
route (next to the gates the page greys controls with).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from vehicle.catalog import CatalogError, default_catalog_dir, load_catalog
from vehicle.catalog.messages import MESSAGES_FILE, load_messages, messages_from_dict

ROOT = Path(__file__).resolve().parents[2]


def shipped() -> dict:
    return yaml.safe_load((default_catalog_dir() / MESSAGES_FILE).read_text(encoding="utf-8"))


def test_shipped_table_has_both_languages_for_every_key():
    table = load_messages(default_catalog_dir())
    assert len(table) > 50
    for key, entry in table.items():
        assert set(entry) == {"en", "zh"}, key
        assert entry["en"].strip() and entry["zh"].strip(), key

    # Chinese words are Chinese: no key just repeats its English text, bar symbols and "CAN".
    def words(text: str) -> str:
        return re.sub(r"\{[a-z_]+\}|CAN", "", text)

    same = [k for k, e in table.items() if e["en"] == e["zh"] and any(c.isalpha() for c in words(e["en"]))]
    assert same == []


@pytest.mark.parametrize(
    ("mutate", "path", "problem"),
    [
        (lambda m: m["console"]["chat.send"].pop("zh"), "console.chat.send.zh", "missing"),
        (lambda m: m["console"]["chat.send"].update(zh="  "), "console.chat.send.zh", "non-empty"),
        (lambda m: m["console"]["chat.send"].update(fr="Envoyer"), "console.chat.send.fr", "unknown language"),
        (lambda m: m["console"]["gate.gear"].update(zh="需要挂挡"), "console.gate.gear", "placeholders differ"),
        (lambda m: m["console"].update({"Bad Key": {"en": "x", "zh": "x"}}), "console", "dotted lower-case"),
    ],
)
def test_a_broken_entry_is_refused_with_its_path(mutate, path, problem):
    doc = shipped()
    mutate(doc)
    with pytest.raises(CatalogError) as info:
        messages_from_dict(doc)
    assert info.value.file == MESSAGES_FILE
    assert info.value.path == path
    assert problem in info.value.problem


def test_catalog_check_fails_on_a_missing_chinese_entry(tmp_path):
    dst = tmp_path / "cat"
    shutil.copytree(default_catalog_dir(), dst, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    doc = shipped()
    del doc["console"]["tab.seats"]["zh"]
    (dst / MESSAGES_FILE).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "app.cli", "catalog", "check", str(dst)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 1
    assert f"{MESSAGES_FILE}: console.tab.seats.zh: missing" in run.stderr
    assert "Traceback" not in run.stderr


def test_catalog_route_serves_the_words_and_the_gates():
    from app.api.routes.info import console_view, public_catalog

    cat = load_catalog()
    body = {**public_catalog(cat), **console_view(cat, None)}
    assert body["messages"]["tab.seats"] == {"en": "Seats", "zh": "座椅"}
    [tailgate] = [g for g in body["gates"]["interlocks"] if g["capability"] == "tailgate.set"]
    assert tailgate["requires"] == {"gear": "P", "speed_kph_max": 0.0}
    assert body["modes"]["car_wash"]["requires"] == {"gear": "P", "speed_kph_max": 0.0}
    assert body["capabilities"]["climate.adjust_temperature"]["control"] == "climate.set_temperature"
    assert body["capabilities"]["seat.set_ventilation"]["fitted"] == ["driver", "passenger"]


STATIC = ROOT / "app" / "static"
FAMILIES = (
    "badge.",
    "brand",
    "card.",
    "chat.",
    "color.",
    "ctl.",
    "drive.",
    "error.",
    "gate.",
    "live.",
    "reason.",
    "status.",
    "tab.",
    "theme.",
    "value.",
    "vehicle.",
)


def test_every_word_the_page_asks_for_is_in_the_table():
    table = load_messages(default_catalog_dir())
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js"))
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    literal = set(re.findall(r'"([a-z_]+(?:\.[a-z0-9_]+)*)"', sources)) | set(re.findall(r'data-i18n="([^"]+)"', html))
    events = {"status.changed", "vehicle.changed"}  # event stream names, not words
    wanted = {k for k in literal if k.startswith(FAMILIES) and k not in events}
    assert len(wanted) > 30
    assert sorted(wanted - set(table)) == []
    # Keys built at run time: each family the page builds from has its members.
    prefixes = set(re.findall(r"t\(`([a-z_.]+)\$\{", sources))
    assert prefixes, "no built keys found"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in table), prefix
    cat = load_catalog()
    families = {
        "tab.": ["climate", "seats", "openings", "lights", "modes", "sim"],
        "gate.": ["gear", "stop", "speed", "unknown", "offline", "stale"],
        "gate.short.": ["gear", "stop", "speed", "unknown", "offline", "stale"],
        "live.": ["offline", "stale", "connecting"],
        "badge.can.": ["up", "down", "error", "unknown", "offline", "silent"],
        "badge.events.": ["open", "connecting", "closed", "stale"],
        "badge.mode.": ["simulation", "dry_run", "hardware", "unknown"],
        "status.": ["applied", "unconfirmed", "rejected", "failed", "already_applied", "dry_run"],
        "reason.assistant.": ["binary_missing", "wrong_version", "not_logged_in", "disabled", "crashed", "starting"],
        "color.": list(cat.capabilities["ambient_light.set"].parameters["color"].choices or ()),
    }
    from vehicle.refusals import Reason

    families["reason."] = [r.value for r in Reason]
    missing = [p + m for p, names in families.items() for m in names if p + m not in table]
    assert missing == []
