"""systemd/vcan0.netdev and vcan0.network, read by the real systemd-networkd.

networkd runs in a private network and mount namespace (``unshare``, as
root) with a tmpfs /run, a read-only sysfs of the new namespace (so it does
not wait for udev), our two files as /etc/systemd/network and the shipped
defaults hidden. Its debug log is the evidence:

* ``vcan0: loaded "vcan"`` proves the .netdev parsed with its kind. These
  machines have no vcan in the kernel, so creating it then fails with
  "Operation not supported"; on a Linux with vcan it is created and set up.
* The .network is matched against a stand-in link named vcan0 (a veth: this
  kernel has neither vcan nor dummy) and applied: ActivationPolicy=up brings
  it up.
* A typo (``Kindd=vcan``) is logged as an unknown key, so the check can fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from unitfiles import SYSTEMD_DIR, parse_unit

NETWORKD = Path("/lib/systemd/systemd-networkd")
RUN_SECONDS = 4


def run_networkd(config: Path, empty: Path, *, veth_named_vcan0: bool = False) -> str:
    assert os.geteuid() == 0, "networkd needs root to run in its own namespaces (CI runs as root)"
    assert NETWORKD.exists(), "systemd-networkd is missing: apt-get install -y systemd"
    assert shutil.which("unshare") and shutil.which("ip"), "needs util-linux (unshare) and iproute2 (ip)"
    script = "\n".join(
        [
            "set -e",
            "ip link set lo up",
            "ip link add vcan0 type veth peer name vcan0-peer" if veth_named_vcan0 else ":",
            "mount -t sysfs -o ro sysfs /sys",
            "mount -t tmpfs tmpfs /run",
            "mkdir -p /run/systemd/netif",
            "chown systemd-network:systemd-network /run/systemd/netif || true",
            f"mount --bind {config} /etc/systemd/network",
            f"mount --bind {empty} /usr/lib/systemd/network",
            "set +e",
            f"timeout {RUN_SECONDS} {NETWORKD}",
            'echo "networkd-exit=$?"',
            'echo "link: $(ip -o link show vcan0 2>&1)"',
        ]
    )
    result = subprocess.run(
        ["unshare", "--net", "--mount", "--propagation", "private", "sh", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SYSTEMD_LOG_LEVEL": "debug", "SYSTEMD_LOG_TARGET": "console", "SYSTEMD_LOG_COLOR": "0"},
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, log[-3000:]
    # 124: still running when timeout stopped it, i.e. it did not give up on its own.
    assert "networkd-exit=124" in log, log[-3000:]
    return log


def complaints(log: str) -> list[str]:
    """Lines where networkd objects to a file of ours."""
    return [
        line
        for line in log.splitlines()
        if "/etc/systemd/network/" in line
        and (
            "ignoring" in line.lower()
            or "unknown" in line.lower()
            or "failed" in line.lower()
            or "invalid" in line.lower()
        )
    ]


@pytest.fixture
def dirs(tmp_path):
    config, empty = tmp_path / "network", tmp_path / "empty"
    config.mkdir()
    empty.mkdir()
    return config, empty


def test_files_have_the_documented_keys():
    netdev = parse_unit((SYSTEMD_DIR / "vcan0.netdev").read_text())
    network = parse_unit((SYSTEMD_DIR / "vcan0.network").read_text())
    assert netdev == {"NetDev": {"Name": ["vcan0"], "Kind": ["vcan"]}}
    assert network == {"Match": {"Name": ["vcan0"]}, "Link": {"RequiredForOnline": ["no"], "ActivationPolicy": ["up"]}}


def test_networkd_loads_the_netdev_and_tries_to_create_vcan0(dirs):
    config, empty = dirs
    for name in ("vcan0.netdev", "vcan0.network"):
        shutil.copy(SYSTEMD_DIR / name, config / name)
    log = run_networkd(config, empty)
    assert complaints(log) == []
    assert 'vcan0: loaded "vcan"' in log
    assert "vcan0: Creating" in log
    # Here: no vcan in the kernel. Elsewhere: created, and the .network applies to it.
    no_vcan = "vcan0: netdev could not be created: Operation not supported" in log
    created = "vcan0: Configuring with /etc/systemd/network/vcan0.network" in log
    assert no_vcan or created, log[-3000:]


def test_networkd_applies_the_network_file_to_a_link_named_vcan0(dirs):
    config, empty = dirs
    shutil.copy(SYSTEMD_DIR / "vcan0.network", config / "vcan0.network")
    log = run_networkd(config, empty, veth_named_vcan0=True)
    assert complaints(log) == []
    assert "vcan0: found matching network '/etc/systemd/network/vcan0.network'" in log
    assert "vcan0: Configuring with /etc/systemd/network/vcan0.network." in log
    # ActivationPolicy=up: networkd brings the link up by itself.
    assert "vcan0: Bringing link up" in log
    link = next(line for line in log.splitlines() if line.startswith("link: "))
    assert ",UP" in link or "<UP" in link, link


def test_networkd_check_catches_a_typo(dirs):
    config, empty = dirs
    (config / "vcan0.netdev").write_text((SYSTEMD_DIR / "vcan0.netdev").read_text().replace("Kind=vcan", "Kindd=vcan"))
    (config / "vcan0.network").write_text(
        (SYSTEMD_DIR / "vcan0.network").read_text().replace("RequiredForOnline=", "RequiredForOnlin=")
    )
    log = run_networkd(config, empty)
    found = complaints(log)
    assert any("Unknown key 'Kindd' in section [NetDev]" in line for line in found), log[-3000:]
    assert any("Unknown key 'RequiredForOnlin' in section [Link]" in line for line in found), log[-3000:]
    assert 'vcan0: loaded "vcan"' not in log
