#!/usr/bin/env bash
# Install N7Web for systemd (as root): a built wheel in its own virtual
# environment, never a copy of the checkout.
#
#   scripts/install.sh [--root DIR]
#
#   /opt/n7web/venv/                 Python venv: the lock's pinned packages + the n7web wheel
#   /opt/n7web/codex/                the pinned codex (npm ci from scripts/codex/package-lock.json)
#   /opt/n7web/README.md, systemd/   documentation, the units and the egress drop-in for reference
#   /etc/systemd/system/             n7web.service, n7web-ecu-sim.service
#   /etc/systemd/network/            vcan0.netdev, vcan0.network
#   /etc/n7web/n7web.env             created empty (0600) if absent; never overwritten
#
# --root DIR puts all of that under DIR (a staging or test root). A Python
# venv is not relocatable: one installed under DIR runs from DIR, as the
# install test does. Re-running upgrades in place; stop the service first
# (systemctl stop n7web), then `systemctl daemon-reload && systemctl start n7web`.
#
# The venv's interpreter must live outside /root, /home and /run/user: the
# unit's ProtectHome=yes hides them, and a venv made from, say, pyenv's
# ~/.pyenv Python could not start. When $PYTHON (default python3) lives
# there, the same Python version from /usr/local/bin or /usr/bin is used
# instead; with none, the install stops and says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT=${2:?--root needs a directory}; shift 2 ;;
        --root=*) ROOT=${1#--root=}; shift ;;
        -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$ROOT" ]; then
    mkdir -p "$ROOT"
    ROOT=$(cd "$ROOT" && pwd)
fi
PYTHON=${PYTHON:-python3}
PREFIX=/opt/n7web
DEST=$ROOT$PREFIX

"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "install: Python >= 3.11 is needed as $PYTHON (set PYTHON=...)" >&2; exit 1; }
"$PYTHON" scripts/lock_inputs.py check requirements.lock requirements-build.lock
command -v npm >/dev/null 2>&1 || {
    echo "install: npm is needed for the pinned codex: apt-get install -y nodejs npm" >&2; exit 1; }

# Files a Python needs that sit under a directory ProtectHome=yes hides: its
# executable, its prefix, its standard library and every shared object it
# maps at start-up (a shared libpython found through an RPATH, say).
hidden_paths() {
    "$1" -I - <<'PY' 2>/dev/null || echo "$1: does not run"
import os, sys
hidden = ("/root", "/home", "/run/user")
def under(p):
    p = os.path.realpath(p)
    return any(p == h or p.startswith(h + "/") for h in hidden)
paths = [getattr(sys, "_base_executable", sys.executable), sys.base_prefix, os.__file__]
with open("/proc/self/maps") as maps:
    paths += [line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6]
for p in sorted({os.path.realpath(p) for p in paths if p.startswith("/") and under(p)}):
    print(p)
PY
}
usable_python() {  # $1 runs, is >= 3.11, can make a venv with pip, and nothing of it is hidden
    "$1" -I -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 \
        && [ -z "$(hidden_paths "$1")" ]
}
VENV_PYTHON=$(command -v "$PYTHON")
if ! usable_python "$VENV_PYTHON"; then
    minor=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    VENV_PYTHON=
    for candidate in "/usr/local/bin/python$minor" "/usr/bin/python$minor"; do
        if [ -x "$candidate" ] && usable_python "$candidate"; then VENV_PYTHON=$candidate; break; fi
    done
    if [ -z "$VENV_PYTHON" ]; then
        echo "install: $PYTHON runs from a home directory ($(hidden_paths "$PYTHON" | head -1)), which the" \
             "unit's ProtectHome=yes hides; install Python $minor outside /root and /home" \
             "(apt-get install -y python$minor python$minor-venv) or set PYTHON=/usr/bin/python3.X" >&2
        exit 1
    fi
    echo "install: $PYTHON lives under a home directory (hidden from the service); the venv uses $VENV_PYTHON" >&2
fi

echo "install: building the wheel" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wheel=$(PYTHON=$PYTHON bash scripts/build_wheel.sh "$work/dist")

echo "install: $DEST/venv" >&2
install -d -m 0755 "$DEST"
"$VENV_PYTHON" -m venv --clear "$DEST/venv"
if [ -n "$(hidden_paths "$DEST/venv/bin/python")" ]; then
    echo "install: the venv's Python uses $(hidden_paths "$DEST/venv/bin/python" | head -1)," \
         "which the unit's ProtectHome=yes hides" >&2
    exit 1
fi
pip_install() { "$DEST/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"; }
pip_install --require-hashes -r requirements-build.lock
pip_install --require-hashes -r requirements.lock
pip_install --no-deps --no-index "$wheel"
"$DEST/venv/bin/python" -m compileall -q "$DEST/venv/lib" >/dev/null || true

echo "install: $DEST/codex" >&2
install -d -m 0755 "$DEST/codex"
cp scripts/codex/package.json scripts/codex/package-lock.json "$DEST/codex/"
npm ci --prefix "$DEST/codex" --no-audit --no-fund --loglevel=error

install -m 0644 README.md "$DEST/README.md"
install -d -m 0755 "$DEST/systemd"
install -m 0644 systemd/* "$DEST/systemd/"
install -d -m 0755 "$ROOT/etc/systemd/system" "$ROOT/etc/systemd/network"
install -m 0644 systemd/n7web.service systemd/n7web-ecu-sim.service "$ROOT/etc/systemd/system/"
install -m 0644 systemd/vcan0.netdev systemd/vcan0.network "$ROOT/etc/systemd/network/"
install -d -m 0700 "$ROOT/etc/n7web"
[ -e "$ROOT/etc/n7web/n7web.env" ] || install -m 0600 /dev/null "$ROOT/etc/n7web/n7web.env"

echo "install: N7Web $("$DEST/venv/bin/n7web" --version | cut -d' ' -f2) installed in $DEST" >&2
