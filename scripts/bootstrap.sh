#!/usr/bin/env bash
# Idempotent set-up of everything the service and its tests need:
# the Python virtual environment with the project (editable) and test extra.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

# The pinned Codex CLI from npm, project-local (nothing downloads at run time).
CODEX_VERSION=0.147.0
if ! [ -x .tools/codex/node_modules/.bin/codex ] || \
   [ "$(.tools/codex/node_modules/.bin/codex --version 2>/dev/null)" != "codex-cli $CODEX_VERSION" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        echo "bootstrap: npm is required to install @openai/codex@$CODEX_VERSION" >&2
        if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm; else
            echo "run: sudo apt-get install -y nodejs npm" >&2; exit 1; fi
    fi
    mkdir -p .tools/codex
    npm install --prefix .tools/codex --no-audit --no-fund --loglevel=error "@openai/codex@$CODEX_VERSION"
fi

# Debian Chromium (+ CJK fonts) for the console's browser tests; Playwright drives it, never downloads one.
bash scripts/bootstrap_browser.sh
