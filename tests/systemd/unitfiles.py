"""Small helpers for the systemd tests: read unit files, run systemd-analyze.

A unit file is read the way systemd reads it for what these tests need:
sections, ``Key=value`` lines (a key may repeat), ``#``/``;`` comments.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD_DIR = ROOT / "systemd"
VENV_N7WEB = ROOT / ".venv" / "bin" / "n7web"
INSTALLED_N7WEB = "/opt/n7web/venv/bin/n7web"
"""Where scripts/install.sh puts ``n7web`` (the wheel in its own venv)."""
SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"key outside a section: {raw!r}"
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def unit(name: str) -> dict[str, dict[str, list[str]]]:
    return parse_unit((SYSTEMD_DIR / name).read_text())


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for value in service.get("Environment", []):
        for assignment in shlex.split(value):
            key, _, val = assignment.partition("=")
            env[key] = val
    return env


def analyze(*args: str | os.PathLike, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run systemd-analyze; a missing binary is a failure with the fix in the message."""
    assert Path(SYSTEMD_ANALYZE).exists(), "systemd-analyze is missing: apt-get install -y systemd"
    return subprocess.run(
        [SYSTEMD_ANALYZE, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, "SYSTEMD_LOG_COLOR": "0", "SYSTEMD_COLORS": "0", "SYSTEMD_PAGER": ""},
    )


def stage_units(target: Path, *names: str) -> dict[str, Path]:
    """Copy units into ``target``; n7web.service gets a drop-in whose ExecStart
    is this checkout's venv ``n7web`` (verify checks that the binary exists)."""
    target.mkdir(parents=True, exist_ok=True)
    out = {}
    for name in names:
        out[name] = Path(shutil.copy(SYSTEMD_DIR / name, target / name))
    if "n7web.service" in names:
        assert VENV_N7WEB.is_file(), f"{VENV_N7WEB} is missing: run `make bootstrap`"
        dropin = target / "n7web.service.d"
        dropin.mkdir(exist_ok=True)
        (dropin / "10-test-execstart.conf").write_text(
            f"[Service]\nExecStart=\nExecStart={VENV_N7WEB} serve --host 127.0.0.1 --port 8470\n"
        )
    return out
