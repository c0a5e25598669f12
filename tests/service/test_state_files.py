"""The state dir holds what people said (DESIGN section 10, issue 18): the
dir is 0700 and the SQLite database and its -wal/-shm journals 0600, when
the service creates them and when an earlier run (or an older version) left
them wider. Through the real service (uvicorn subprocess)."""

from __future__ import annotations

import os
import sqlite3
import stat

from app.store import Store

from .harness import start_subprocess

DB = "n7web.sqlite3"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def modes(state_dir) -> dict[str, int]:
    return {name: mode(state_dir / name) for name in os.listdir(state_dir) if (state_dir / name).is_file()}


def say_something(svc) -> None:
    with svc.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": "open the driver window"})
        assert r.status_code == 200, r.text


def test_a_new_state_dir_is_0700_and_the_database_files_0600(tmp_path):
    old = os.umask(0o022)  # the service must not depend on the umask it was started with
    try:
        svc = start_subprocess(tmp_path)
    finally:
        os.umask(old)
    try:
        say_something(svc)
        assert mode(svc.state_dir) == 0o700
        files = modes(svc.state_dir)
        assert {DB, DB + "-wal", DB + "-shm"} <= set(files), files
        assert files == {name: 0o600 for name in files}
    finally:
        svc.stop()


def test_wider_modes_left_from_an_earlier_run_are_tightened(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    os.chmod(state, 0o755)
    # a database in WAL mode whose journals survive (as after kill -9), all 0644
    keep = sqlite3.connect(state / DB)
    keep.execute("PRAGMA journal_mode=WAL")
    keep.execute("CREATE TABLE leftover(x)")
    keep.execute("INSERT INTO leftover VALUES (1)")
    keep.commit()
    for name in (DB, DB + "-wal", DB + "-shm"):
        assert (state / name).exists(), name
        os.chmod(state / name, 0o644)
    svc = start_subprocess(tmp_path)
    try:
        assert mode(state) == 0o700
        files = modes(state)
        assert {DB, DB + "-wal", DB + "-shm"} <= set(files), files
        assert files == {name: 0o600 for name in files}
        say_something(svc)
    finally:
        svc.stop()
        keep.close()


def test_the_store_creates_its_files_0600_whatever_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        store = Store(tmp_path / DB)
        store.add_session("s_1")
    finally:
        os.umask(old)
    try:
        assert {name: mode(tmp_path / name) for name in os.listdir(tmp_path)} == {
            DB: 0o600,
            DB + "-wal": 0o600,
            DB + "-shm": 0o600,
        }
    finally:
        store.close()


def test_a_shared_directory_is_refused_not_changed(tmp_path):
    """``--state-dir /tmp`` must not chmod /tmp to 0700: a sticky, shared directory is refused as it is."""
    import subprocess
    import uuid

    from .harness import N7WEB, ROOT, free_port

    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    proc = subprocess.run(
        N7WEB
        + [
            "serve",
            "--port",
            str(free_port()),
            "--state-dir",
            str(shared),
            "--no-assistant",
            "--can-channel",
            "sh_" + uuid.uuid4().hex[:8],
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1, proc.stderr
    assert "--state-dir" in proc.stderr and "shared" in proc.stderr and "Traceback" not in proc.stderr
    assert "N7Web console" not in proc.stdout
    assert stat.S_IMODE(os.stat(shared).st_mode) == 0o1777 and os.listdir(shared) == []
