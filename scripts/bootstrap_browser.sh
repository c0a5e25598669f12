#!/usr/bin/env bash
# Idempotent set-up of the browser the console tests drive: Debian's chromium
# (/usr/bin/chromium, never a browser download by a test tool) and fonts with
# CJK coverage so Chinese text renders in screenshots.
#
# As root, missing packages are installed (apt-get update, apt-get install -y).
# As any other user the script stops with the exact apt-get line and exit 1.
# Playwright (python, from the test extra) is told never to fetch a browser.
set -euo pipefail

PACKAGES=(chromium fonts-noto-cjk)

missing=()
for pkg in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [ "$status" != "install ok installed" ]; then
        missing+=("$pkg")
    fi
done
if ! [ -x /usr/bin/chromium ]; then
    case " ${missing[*]-} " in *" chromium "*) ;; *) missing+=(chromium) ;; esac
fi

if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "bootstrap_browser: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
    else
        echo "bootstrap_browser: missing Debian packages: ${missing[*]}" >&2
        echo "run: sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

if ! /usr/bin/chromium --version >/dev/null 2>&1; then
    echo "bootstrap_browser: /usr/bin/chromium is installed but does not run" >&2
    exit 1
fi
echo "bootstrap_browser: $(/usr/bin/chromium --version 2>/dev/null) ready" >&2
