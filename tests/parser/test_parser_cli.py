"""`n7web parse` in real subprocesses: one object per text or per stdin line,
UTF-8 whatever the locale, one error line does not end the batch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASE_ENV = {
    k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL", "LC_CTYPE")
}


def _env(**extra):
    return {**BASE_ENV, "PYTHONPATH": str(ROOT), **extra}


def _run(args, stdin: bytes | None = None, **env):
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "parse", *args],
        input=stdin,
        capture_output=True,
        env=_env(**env),
        cwd=ROOT,
        timeout=60,
    )


def test_one_text_prints_one_object_in_utf8_under_the_c_locale():
    run = _run(["--json", "把温度调到二十一度半"], LANG="C", LC_ALL="C")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert obj["language"] == "zh" and obj["complete"] is True
    assert obj["actions"] == [
        {"capability": "climate.set_temperature", "target": "all", "parameters": {"celsius": 21.5}}
    ]
    assert "二十" not in lines[0] and "\\u" not in lines[0]  # ensure_ascii=False, no escapes


def test_batch_prints_one_object_per_line_in_order_with_an_empty_line():
    texts = ["turn on the AC", "", "打开天窗", "I'm freezing", "set the fan to 3"]
    stdin = ("\n".join(texts) + "\n").encode("utf-8")
    run = _run(["--json"], stdin, LANG="C")
    assert run.returncode == 0, run.stderr
    objs = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    assert len(objs) == len(texts)
    assert objs[0]["actions"][0]["capability"] == "climate.set_ac"
    assert objs[1] == {
        "language": "en",
        "actions": [],
        "needs": [],
        "mentions": [],
        "negated": [],
        "queries": [],
        "follow_up": None,
        "unplaced": [],
        "schedule": [],
        "clarify": None,
        "complete": False,
    }
    assert objs[2]["language"] == "zh" and objs[2]["actions"][0]["capability"] == "sunroof.set_position"
    assert objs[3]["needs"] == ["cold"]
    assert objs[4]["actions"][0]["parameters"] == {"level": 3}


def test_batch_with_crlf_and_no_final_newline_and_invalid_utf8():
    run = _run([], b"turn on the AC\r\n\xff\xfe open the sunroof\r\n\xe6\x89\x93\xe5\xbc\x80\xe7\xa9\xba\xe8\xb0\x83")
    assert run.returncode == 0, run.stderr
    objs = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    assert len(objs) == 3
    assert objs[0]["complete"] is True and objs[2]["actions"][0]["capability"] == "climate.power"


def test_an_internal_error_on_one_line_sets_error_and_the_batch_goes_on():
    script = (
        "import sys\n"
        "from vehicle.parser import engine\n"
        "real = engine.Parser.parse\n"
        "def parse(self, text, seat=None):\n"
        "    if text == 'BOOM':\n"
        "        raise RuntimeError('secret detail')\n"
        "    return real(self, text, seat)\n"
        "engine.Parser.parse = parse\n"
        "from vehicle.parser.cli import main\n"
        "raise SystemExit(main(sys.argv[1:]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, "--json"],
        input="turn on the AC\nBOOM\n打开空调\n".encode(),
        capture_output=True,
        env=_env(LANG="C"),
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.decode("utf-8")
    objs = [json.loads(line) for line in out.splitlines()]
    assert len(objs) == 3
    assert "error" not in objs[0] and "error" not in objs[2]
    assert objs[1]["error"] == "internal error: RuntimeError"
    assert objs[1]["actions"] == [] and objs[1]["complete"] is False
    assert "Traceback" not in out + run.stderr.decode("utf-8") and "secret detail" not in out


def test_each_line_is_flushed_before_the_next_is_read():
    with subprocess.Popen(
        [sys.executable, "-m", "app.cli", "parse"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_env(LANG="C"),
        cwd=ROOT,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("打开空调\n".encode())
        proc.stdin.flush()
        line: list[bytes] = []
        reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()))
        reader.start()
        reader.join(timeout=30)
        proc.stdin.close()  # the answer came while stdin was still open
        proc.wait(timeout=30)
    assert line and json.loads(line[0].decode("utf-8"))["actions"][0]["capability"] == "climate.power"
    assert proc.returncode == 0


def test_an_invalid_catalog_exits_2_with_a_message(tmp_path):
    run = _run(["--catalog", str(tmp_path / "nowhere"), "turn on the AC"])
    assert run.returncode == 2
    assert b"invalid catalog" in run.stderr and run.stdout == b""


def test_seat_applies_to_every_stdin_line_and_a_bad_seat_is_refused():
    texts = ["open the window", "打开我这边的车窗", "set the temperature to 22"]
    run = _run(["--json", "--seat", "rear_left"], ("\n".join(texts) + "\n").encode("utf-8"))
    assert run.returncode == 0, run.stderr
    objs = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines()]
    assert [o["actions"][0]["target"] for o in objs] == ["rear_left", "rear_left", "rear_left"]
    bad = _run(["--json", "--seat", "roof", "open the window"])
    assert bad.returncode != 0 and bad.stdout == b""
