#!/usr/bin/env bash
# Idempotent set-up of everything the service and its tests need: the Python
# virtual environment from the lock files (every package pinned and
# hash-checked), the project itself (editable, no dependency resolution), the
# pinned codex from its npm lock, and the browser for the console tests.
# `make` runs it only when a lock file, pyproject.toml or this script changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
LOCKS=(requirements-build.lock requirements-test.lock)
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
# A lock older than pyproject.toml's dependencies is refused, naming the fix.
.venv/bin/python scripts/lock_inputs.py check requirements.lock "${LOCKS[@]}"
pip_install() { .venv/bin/python -m pip install --quiet --disable-pip-version-check "$@"; }
pip_install --require-hashes -r requirements-build.lock   # pip, setuptools, wheel
pip_install --require-hashes -r requirements-test.lock    # runtime + test extra
pip_install --no-deps --no-build-isolation -e .

# The pinned Codex CLI from npm (scripts/codex/package-lock.json), project-local:
# nothing downloads at run time.
CODEX_VERSION=$(sed -n 's/.*"@openai\/codex": "\([0-9.]*\)".*/\1/p' scripts/codex/package.json)
if ! [ -x .tools/codex/node_modules/.bin/codex ] || \
   [ "$(.tools/codex/node_modules/.bin/codex --version 2>/dev/null)" != "codex-cli $CODEX_VERSION" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "bootstrap: npm is required to install @openai/codex@$CODEX_VERSION" >&2
        if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm; else
            echo "run: sudo apt-get install -y nodejs npm" >&2; exit 1; fi
    fi
    mkdir -p .tools/codex
    cp scripts/codex/package.json scripts/codex/package-lock.json .tools/codex/
    npm ci --prefix .tools/codex --no-audit --no-fund --loglevel=error
fi

# Debian Chromium (+ CJK fonts) for the console's browser tests; Playwright drives it, never downloads one.
bash scripts/bootstrap_browser.sh
