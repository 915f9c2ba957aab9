#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv.
# Re-installs only when pyproject.toml (or this script) changed since the last install.
# Installs the development tools (extra "dev"), Ray (extra "ray": the test
# suite runs a small tournament on a local Ray instance) and the research
# APIs (extra "research": PettingZoo, OpenSpiel, Gymnasium, whose tests run
# in the suite); `pip install -e .` alone is enough to play and to use the
# local process farm.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-python3}"
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Brinkmanship needs Python 3.11 or newer (found: $("$PY" --version 2>&1))." >&2
  exit 1
fi
stamp=".venv/.installed-$(cat pyproject.toml scripts/bootstrap.sh | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
  fi
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev,ray,research]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
