#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests, and print its path.
#
# The browser tests (tests/web) drive /usr/bin/chromium with Playwright for
# Python; they never download a browser of their own (`playwright install`
# is not used). This script installs Debian's `chromium` package with
# apt-get when /usr/bin/chromium is missing: as root, or through sudo when
# there is one. It prints the path and exits 0, or says why it cannot and
# exits non-zero.
set -euo pipefail
BIN=/usr/bin/chromium

works() { "$BIN" --version >/dev/null 2>&1; }

if [ -x "$BIN" ] && works; then
  echo "$BIN"; exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "chromium.sh: $BIN is missing and I cannot install it (not root, no password-less sudo)." >&2
  echo "chromium.sh: install Debian's package yourself: apt-get install chromium" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium.sh: $BIN is missing and there is no apt-get here: install Chromium at $BIN" >&2
  exit 1
fi

echo "chromium.sh: installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >&2 || { echo "chromium.sh: apt-get update failed" >&2; exit 1; }
# Fonts with Cyrillic glyphs too: the pages are shown in English and Russian.
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  chromium fonts-dejavu-core >&2 || { echo "chromium.sh: apt-get install chromium failed" >&2; exit 1; }

if [ -x "$BIN" ] && works; then
  echo "$BIN"; exit 0
fi
echo "chromium.sh: the chromium package is installed but $BIN does not run" >&2
exit 1
