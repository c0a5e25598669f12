"""The lock files: complete, hash-pinned, current with pyproject.toml, and
what ``make`` re-installs from."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ("requirements.lock", "requirements-test.lock", "requirements-build.lock")


def entries(lock: str) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) for each pinned entry of a lock file."""
    out: dict[str, tuple[str, int]] = {}
    text = (ROOT / lock).read_text()
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        m = re.match(r"([A-Za-z0-9_.-]+)==([^ ;\\\n]+)", block)
        if m:
            out[canonicalize_name(m.group(1))] = (m.group(2), len(re.findall(r"--hash=sha256:[0-9a-f]{64}", block)))
    return out


def test_every_pin_is_exact_and_hashed_and_covers_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime, test, build = (entries(lock) for lock in LOCKS)
    for lock, pins in zip(LOCKS, (runtime, test, build)):
        assert pins, lock
        assert all(hashes > 0 for _, hashes in pins.values()), lock
        text = (ROOT / lock).read_text()
        assert not re.search(r"^[A-Za-z0-9_.-]+(>=|<=|~=|>|<)", text, flags=re.M), f"{lock} has a range"
    for dep in project["project"]["dependencies"]:
        assert canonicalize_name(Requirement(dep).name) in runtime, dep
    for dep in project["project"]["optional-dependencies"]["test"]:
        assert canonicalize_name(Requirement(dep).name) in test, dep
    for dep in project["build-system"]["requires"]:
        assert canonicalize_name(Requirement(dep).name) in build, dep
    # The test lock is the runtime lock plus the test extra: the same versions where both pin.
    assert {n: v for n, (v, _) in runtime.items()} == {n: test[n][0] for n in runtime}


def test_the_locks_are_current_and_a_changed_dependency_is_refused(tmp_path):
    check = [sys.executable, "scripts/lock_inputs.py", "check", *LOCKS]
    assert subprocess.run(check, cwd=ROOT, capture_output=True, text=True).returncode == 0

    copy = tmp_path / "project"
    (copy / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts/lock_inputs.py", copy / "scripts")
    for name in ("pyproject.toml", *LOCKS):
        shutil.copy(ROOT / name, copy / name)
    pyproject = copy / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("dependencies = [\n", 'dependencies = [\n    "rich>=13",\n', 1))
    done = subprocess.run(check, cwd=copy, capture_output=True, text=True)
    assert done.returncode == 1
    assert "run `make lock` and commit the lock files" in done.stderr
    assert "requirements.lock" in done.stderr


def test_make_bootstraps_again_only_when_a_lock_changes(tmp_path):
    """The stamp depends on the lock files: `make -q bootstrap` is up to date
    until one changes (then `make` re-installs from it)."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    for name in ("Makefile", "pyproject.toml", *LOCKS):
        shutil.copy(ROOT / name, copy / name)
    (copy / ".venv").mkdir()
    stamp = copy / ".venv/.installed"
    stamp.touch()
    later = time.time() + 5
    os.utime(stamp, (later, later))
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL")}
    assert subprocess.run(["make", "-q", "bootstrap"], cwd=copy, env=env).returncode == 0
    lock = copy / "requirements-test.lock"
    os.utime(lock, (later + 5, later + 5))
    assert subprocess.run(["make", "-q", "bootstrap"], cwd=copy, env=env).returncode == 1
