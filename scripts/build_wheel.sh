#!/usr/bin/env bash
# Build the n7web wheel into DIR (default dist/) with the locked build system,
# from a clean copy of the packaged sources (the checkout gets no build/ or
# egg-info). Prints the wheel's path. Used by `make dist` and scripts/install.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)
PYTHON=${PYTHON:-python3}
"$PYTHON" scripts/lock_inputs.py check requirements-build.lock >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --require-hashes -r requirements-build.lock >&2
mkdir "$work/src"
# What the wheel is made of: pyproject.toml's packages and their data, nothing else.
tar -cf - --exclude='__pycache__' --exclude='*.pyc' pyproject.toml README.md app vehicle mcp_server catalog \
    | tar -xf - -C "$work/src"
rm -f "$OUT"/n7web-*.whl
"$work/venv/bin/python" -m pip wheel --quiet --no-deps --no-build-isolation -w "$OUT" "$work/src" >&2
ls "$OUT"/n7web-*.whl
