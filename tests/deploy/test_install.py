"""docs/deployment.md's systemd deployment, done as written into a scratch root.

``scripts/install.sh --root ROOT`` (the page's first step, with ``--root``)
builds the wheel and installs it into ``ROOT/opt/n7web/venv`` with the
lock's pins, the pinned codex into ``ROOT/opt/n7web/codex`` and the units
into ``ROOT/etc``. Then the INSTALLED service is started the way its unit
starts it (its ExecStart and Environment, ``/opt/n7web`` under ROOT), from a
directory that is not the checkout and without the checkout on any path, on
this machine's virtual bus (no vcan0 or systemd here), and the page's
health check, the console page and its assets, the catalog-driven parser
and ``/docs`` must answer. No systemctl runs: these machines have no
systemd as PID 1 (tests/systemd verifies the units themselves).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from packaging.markers import Marker
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
DEPLOYMENT = ROOT / "docs" / "deployment.md"
PREFIX = "/opt/n7web"
README_PORT = "8470"


def deployment_steps() -> list[str]:
    text = DEPLOYMENT.read_text(encoding="utf-8")
    match = re.search(r"^## Deployment with systemd\n(.*?)(?=^## )", text, flags=re.S | re.M)
    assert match, "docs/deployment.md has no '## Deployment with systemd' section"
    block = re.search(r"^```sh\n(.*?)^```", match.group(1), flags=re.S | re.M)
    assert block, "the deployment section has no sh block"
    return [line.strip() for line in block.group(1).splitlines() if line.strip() and not line.startswith("#")]


def unit_service(path: Path) -> tuple[list[str], dict[str, str]]:
    """ExecStart argv and Environment of an installed unit file."""
    argv: list[str] = []
    env: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.startswith("ExecStart="):
            argv = shlex.split(line.removeprefix("ExecStart="))
        elif line.startswith("Environment="):
            for assignment in shlex.split(line.removeprefix("Environment=")):
                key, _, value = assignment.partition("=")
                env[key] = value
    return argv, env


def locked_pins(*locks: str) -> dict[str, str]:
    """name -> version for every lock line whose marker holds on this machine."""
    pins = {}
    for lock in locks:
        for line in (ROOT / lock).read_text().splitlines():
            m = re.match(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$", line)
            if m and (m.group(3) is None or Marker(m.group(3)).evaluate()):
                pins[canonicalize_name(m.group(1))] = m.group(2)
    return pins


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The documented install step into a scratch root; returns (root, its log)."""
    steps = deployment_steps()
    install = [s for s in steps if s.split()[0] == "scripts/install.sh"]
    assert install == ["scripts/install.sh"], steps
    root = tmp_path_factory.mktemp("root")
    done = subprocess.run(
        ["bash", "-c", f"{install[0]} --root {shlex.quote(str(root))}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return root, done.stderr


def test_install_lays_out_a_wheel_venv_the_codex_and_the_units(installed):
    root, log = installed
    dest = root / PREFIX.lstrip("/")
    venv_python = dest / "venv/bin/python"
    assert "installed in" in log
    assert (dest / "README.md").is_file() and (dest / "systemd/n7web-egress-lockdown.conf").is_file()
    for unit in (
        "etc/systemd/system/n7web.service",
        "etc/systemd/system/n7web-ecu-sim.service",
        "etc/systemd/network/vcan0.netdev",
        "etc/systemd/network/vcan0.network",
    ):
        assert (root / unit).read_text() == (ROOT / "systemd" / Path(unit).name).read_text()
    env_file = root / "etc/n7web/n7web.env"
    assert env_file.stat().st_mode & 0o777 == 0o600 and (root / "etc/n7web").stat().st_mode & 0o777 == 0o700

    # The wheel, not the checkout: code and data live in the venv's site-packages.
    where = subprocess.run(
        [
            str(venv_python),
            "-c",
            "import app, catalog, vehicle, mcp_server, json; "
            "print(json.dumps([m.__file__ for m in (app, catalog, vehicle, mcp_server)]))",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
        check=True,
    )
    for file in json.loads(where.stdout):
        assert file.startswith(str(dest / "venv/lib/")), file
    site = next((dest / "venv/lib").glob("python3*/site-packages"))
    assert not list(site.glob("__editable__*")), "an editable install points back at the checkout"
    for data in (
        "catalog/n7web.dbc",
        "catalog/vocabulary/common.yaml",
        "catalog/vocabulary/en.yaml",
        "catalog/vocabulary/zh.yaml",
        "app/static/index.html",
        "app/static/js/main.js",
        "app/static/vendor/swagger-ui/swagger-ui-bundle.js",
    ):
        assert (site / data).is_file(), data

    # Exactly the lock's pins (runtime + build system) and n7web itself.
    listed = subprocess.run(
        [str(venv_python), "-m", "pip", "list", "--format=json", "--disable-pip-version-check"],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    have = {canonicalize_name(p["name"]): p["version"] for p in json.loads(listed.stdout)}
    want = locked_pins("requirements.lock", "requirements-build.lock") | {"n7web": "0.1.0"}
    assert have == want

    for argv in (["--version"], ["serve", "--version"]):
        version = subprocess.run([str(dest / "venv/bin/n7web"), *argv], capture_output=True, text=True, check=True)
        assert version.stdout == "n7web 0.1.0\n", argv
    _, unit_env = unit_service(root / "etc/systemd/system/n7web.service")
    codex = root / unit_env["CODEX_ASSISTANT_COMMAND"].lstrip("/")
    assert (
        subprocess.run([str(codex), "--version"], capture_output=True, text=True, check=True).stdout.strip()
        == "codex-cli 0.147.0"
    )


def test_the_installed_service_starts_as_its_unit_and_serves(installed, tmp_path):
    root, _ = installed
    steps = deployment_steps()
    assert any(s.startswith("systemctl enable --now") and s.split()[-1] == "n7web" for s in steps), steps
    health = [s for s in steps if s.startswith("curl")]
    assert health == [f"curl -sf http://127.0.0.1:{README_PORT}/healthz"], steps

    unit = root / "etc/systemd/system/n7web.service"
    argv, unit_env = unit_service(unit)
    assert argv[:2] == [f"{PREFIX}/venv/bin/n7web", "serve"]
    from service.harness import free_port

    port = free_port()
    argv = [a.replace(PREFIX, str(root / PREFIX.lstrip("/"))) for a in argv]
    argv[argv.index("--port") + 1] = str(port)
    state = tmp_path / "var-lib-n7web"  # StateDirectory=n7web
    state.mkdir(mode=0o700)
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update({k: v.replace(PREFIX, str(root / PREFIX.lstrip("/"))) for k, v in unit_env.items()})
    # This machine has no vcan0 and no ECU unit: the virtual bus with the in-process ECU.
    env.update(
        {
            "N7WEB_STATE_DIR": str(state),
            "HOME": str(state),
            "N7WEB_CAN_INTERFACE": "virtual",
            "N7WEB_CAN_CHANNEL": f"deploy-{port}",
            "N7WEB_SIMULATOR": "in-process",
        }
    )
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(
            argv,
            cwd=elsewhere,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=10, trust_env=False) as c:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, log.read_text()
                try:
                    if c.get("/healthz").status_code == 200:  # the documented curl -sf
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)

            page = c.get("/")
            assert page.status_code == 200 and "text/html" in page.headers["content-type"]
            for asset in re.findall(r'(?:src|href)="\./([^"]+)"', page.text):
                assert c.get("/" + asset).status_code == 200, asset
            docs = c.get("/docs")
            assert docs.status_code == 200
            for asset in re.findall(r"""['"](/vendor/swagger-ui/[^'"]+)['"]""", docs.text):
                assert c.get(asset).status_code == 200, asset
            assert c.get("/api/v1/catalog").status_code == 200

            session = c.post("/api/v1/sessions", json={}).json()["session_id"]
            reply = c.post(
                f"/api/v1/sessions/{session}/messages", json={"text": "把副驾温度调到二十四度", "source": "voice"}
            ).json()
            assert reply["status"] == "applied", reply
            assert c.get("/api/v1/vehicle/state").json()["controls"]["climate.set_temperature"]["passenger"] == {
                "celsius": 24.0
            }

            # The unit's codex path is the installed one: found, right version, no login yet.
            deadline = time.monotonic() + 60
            while (assistant := c.get("/api/v1/status").json()["assistant"])["reason"] == "starting":
                assert time.monotonic() < deadline, assistant
                time.sleep(0.2)
            assert assistant["codex_version"] == "0.147.0" and assistant["reason"] == "not_logged_in", assistant
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = log.read_text(errors="replace")
    # uvicorn drains, then re-raises the SIGTERM it caught: a clean stop for systemd.
    assert proc.returncode in (0, -signal.SIGTERM), text
    hint = f"`CODEX_HOME={state}/codex-home {env['CODEX_ASSISTANT_COMMAND']} login`"
    assert hint in text, text[-3000:]
    assert "Traceback" not in text


# -- issue 18: the unit's ProtectHome=yes hides /root, /home and /run/user ----------------
HIDDEN_BY_PROTECT_HOME = ("/root", "/home", "/run/user")


def _under_home(path: str) -> bool:
    real = os.path.realpath(path)
    return any(real == h or real.startswith(h + "/") for h in HIDDEN_BY_PROTECT_HOME)


def _without_home(argv: list[str]) -> list[str]:
    """argv run as ProtectHome=yes runs it: an empty tmpfs over each home directory
    in a mount namespace of its own (what systemd does for the unit)."""
    mounts = " && ".join(
        f"mount -t tmpfs -o mode=0755 n7web-protect-home {h}" for h in HIDDEN_BY_PROTECT_HOME if os.path.isdir(h)
    )
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", f'{mounts} && exec "$@"', "sh", *argv]


def test_the_installed_venv_uses_no_interpreter_under_a_home_directory(installed):
    root, _ = installed
    venv = root / PREFIX.lstrip("/") / "venv"
    assert not _under_home(str(venv / "bin/python")), os.path.realpath(venv / "bin/python")
    cfg = dict(line.split(" = ", 1) for line in (venv / "pyvenv.cfg").read_text().splitlines() if " = " in line)
    for key in ("home", "executable"):
        if key in cfg:
            assert not _under_home(cfg[key]), (key, cfg[key])
    # everything the interpreter maps and imports at start-up, as the service's own python sees it
    code = (
        "import json, os, sys, sqlite3, ssl, ctypes; print(json.dumps([sys._base_executable, "
        "sys.base_prefix, os.__file__, sqlite3.__file__, ssl.__file__] + "
        "[l.split(None, 5)[5].strip() for l in open('/proc/self/maps') if len(l.split(None, 5)) == 6]))"
    )
    seen = subprocess.run(
        [str(venv / "bin/python"), "-I", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    hidden = sorted({os.path.realpath(p) for p in json.loads(seen.stdout) if p.startswith("/") and _under_home(p)})
    assert hidden == [], hidden


def test_the_installed_service_starts_with_home_directories_hidden(installed, tmp_path):
    """The unit's ExecStart under ProtectHome=yes's view of the file system: it serves."""
    probe = subprocess.run(_without_home(["true"]), capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"no mount namespace here (ProtectHome cannot be imitated): {probe.stderr.strip()[:200]}")
    root, _ = installed
    argv, unit_env = unit_service(root / "etc/systemd/system/n7web.service")
    from service.harness import free_port

    port = free_port()
    argv = [a.replace(PREFIX, str(root / PREFIX.lstrip("/"))) for a in argv]
    argv[argv.index("--port") + 1] = str(port)
    state = tmp_path / "var-lib-n7web"
    state.mkdir(mode=0o700)
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update({k: v.replace(PREFIX, str(root / PREFIX.lstrip("/"))) for k, v in unit_env.items()})
    env.update(
        {
            "N7WEB_STATE_DIR": str(state),
            "HOME": str(state),
            "N7WEB_CAN_INTERFACE": "virtual",
            "N7WEB_CAN_CHANNEL": f"home-{port}",
            "N7WEB_SIMULATOR": "in-process",
            "N7WEB_NO_ASSISTANT": "1",
        }
    )
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(
            _without_home(argv),
            cwd=tmp_path,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10, trust_env=False) as c:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, log.read_text()
                try:
                    if c.get("/healthz").status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
            session = c.post("/api/v1/sessions", json={}).json()["session_id"]
            reply = c.post(f"/api/v1/sessions/{session}/messages", json={"text": "open the sunroof"}).json()
            assert reply["status"] == "applied", reply
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    # the state dir as the service left it: 0700, its files 0600
    assert state.stat().st_mode & 0o777 == 0o700
    for f in state.iterdir():
        if f.is_file():
            assert f.stat().st_mode & 0o777 == 0o600, f
