"""Unit level: audit retention and the settings precedence."""

from __future__ import annotations

import time

import pytest

from app.settings import SettingsError, load_settings
from app.store import Store


def test_retention_by_count_and_age(tmp_path):
    store = Store(tmp_path / "a.sqlite3", retention_days=30, max_decisions=100)
    for i in range(130):
        did = store.record_decision("s", f"t{i}", "u", "local", [{"capability": "x"}])
        store.record_outcome(did, [{"capability": "x", "frames": []}])
    store.prune()
    rows = store.audit(500)
    assert len(rows) == 100 and rows[0]["turn_id"] == "t129" and rows[-1]["turn_id"] == "t30"
    store._db.execute("UPDATE decisions SET time = ? WHERE turn_id = 't129'", (time.time() - 31 * 86400,))
    store.prune()
    assert "t129" not in {r["turn_id"] for r in store.audit(500)}
    store.close()


def test_incomplete_decision_reads_as_such(tmp_path):
    store = Store(tmp_path / "b.sqlite3")
    store.record_decision(
        "s", "t1", "open the window", "local", [{"capability": "window.set_position", "status": None}]
    )
    [row] = store.audit(5)
    assert row["outcome_recorded"] is False and row["actions"][0]["capability"] == "window.set_position"
    store.close()


def test_flags_over_environment_over_defaults(tmp_path):
    env = {
        "N7WEB_PORT": "9001",
        "N7WEB_CONFIRM_TIMEOUT_MS": "500",
        "N7WEB_NO_ASSISTANT": "true",
        "N7WEB_STATE_DIR": str(tmp_path),
    }
    s = load_settings(["--port", "9002"], env)
    assert (s.port, s.confirm_timeout_ms, s.no_assistant, s.state_dir) == (9002, 500, True, tmp_path)
    assert s.channel == "n7web" and s.simulator_mode == "in-process"
    sc = load_settings(["--can-interface", "socketcan"], {"HOME": str(tmp_path)})
    assert sc.channel == "vcan0" and sc.simulator_mode == "external"
    assert sc.state_dir == tmp_path / ".local" / "state" / "n7web"
    with pytest.raises(SettingsError, match="N7WEB_NO_ASSISTANT"):
        load_settings([], {"N7WEB_NO_ASSISTANT": "maybe"})
    with pytest.raises(SettingsError, match="port"):
        load_settings(["--port", "0"], {})


@pytest.mark.parametrize(
    "argv,env,message",
    [
        (
            ["--turn-deadline-s", "110"],
            {"N7WEB_TOKEN_TTL_S": "30"},
            "turn deadline (110 s) must be below the token expiry (30 s)",
        ),
        (["--vehicle-tool-timeout-s", "70"], {}, "vehicle tool timeout (70 s) must be below the turn deadline (60 s)"),
        ([], {"CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS": "61"}, "must be below the turn deadline"),
        (["--token-ttl-s", "121"], {}, "less than or equal to 120"),
    ],
)
def test_a_timeout_ladder_that_does_not_nest_is_refused(tmp_path, argv, env, message):
    with pytest.raises(SettingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_settings(argv + ["--state-dir", str(tmp_path)], env)


def test_the_ladder_that_nests_is_used_by_every_rung(tmp_path):
    s = load_settings(
        ["--state-dir", str(tmp_path), "--turn-deadline-s", "3"], {"CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS": "2"}
    )
    assert (s.timeouts.callback_s, s.timeouts.tool_s, s.timeouts.turn_deadline_s, s.timeouts.token_ttl_s) == (
        1.3,
        2.0,
        3.0,
        120.0,
    )


def test_every_option_has_help_a_variable_and_a_documented_row(capsys):
    from app.settings import Settings, build_parser
    from app.settings_table import environment, markdown

    help_text = " ".join(build_parser().format_help().split())
    for name, info in Settings.model_fields.items():
        assert info.description, name
        assert f"--{name.replace('_', '-')}" in help_text and " ".join(info.description.split())[:30] in help_text
        assert f"`--{name.replace('_', '-')}`" in markdown(Settings)
    assert "#Environment=N7WEB_CONFIRM_TIMEOUT_MS=300" in environment(Settings)
    assert "#Environment=CODEX_ASSISTANT_VEHICLE_TOOL_TIMEOUT_SECONDS=45.0" in environment(Settings)


def test_the_documented_table_is_the_generated_one():
    from pathlib import Path

    from app.settings import Settings
    from app.settings_table import markdown

    page = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert markdown(Settings) in page
