#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv.
# Re-installs only when pyproject.toml (or this script) changed since the last install.
# Installs the development tools (extra "dev"), Ray (extra "ray": the test
# suite runs a small tournament on a local Ray instance) and the research
# APIs (extra "research": PettingZoo, OpenSpiel, Gymnasium, whose tests run
# in the suite); `pip install -e .` alone is enough to play and to use the
# local process farm.
# Then the native core (native/, Rust with PyO3): when cargo is present it is
# built by maturin into a wheel installed in .venv (again only when a source
# under native/ changed); without cargo, one line says the Python backend is
# used. BRINK_REQUIRE_NATIVE=1 makes a failed native build an error (CI sets
# it where the native backend must be tested). cargo's parallelism follows
# CARGO_BUILD_JOBS (default: every core).
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

# -- the native core -----------------------------------------------------------
native_fail() {
  if [ "${BRINK_REQUIRE_NATIVE:-0}" = "1" ]; then
    echo "bootstrap: $1 (BRINK_REQUIRE_NATIVE=1)" >&2
    exit 1
  fi
  echo "bootstrap: $1; the Python backend is used" >&2
}
if ! command -v cargo >/dev/null 2>&1; then
  native_fail "cargo not found, so the native core is not built"
else
  # Everything the wheel is built from (not native/target, the build's own output).
  native_hash="$(find native -path native/target -prune -o -type f \( -name '*.rs' -o -name '*.toml' -o -name Cargo.lock \) -print \
    | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)"
  native_stamp=".venv/.native-$native_hash"
  if [ ! -f "$native_stamp" ]; then
    if [ ! -x .venv/bin/maturin ]; then
      .venv/bin/python -m pip install --quiet --disable-pip-version-check "maturin==1.16.0"
    fi
    echo "bootstrap: building the native core (native/, cargo build --release; a few minutes the first time)" >&2
    rm -f native/target/wheels/brinkmanship_native-*.whl
    if (cd native && ../.venv/bin/maturin build --release --quiet -i ../.venv/bin/python -o target/wheels) >&2 \
      && .venv/bin/python -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
        native/target/wheels/brinkmanship_native-*.whl; then
      rm -f .venv/.native-*
      touch "$native_stamp"
    else
      # A stale extension must not stand in for the sources that failed.
      .venv/bin/python -m pip uninstall --quiet --disable-pip-version-check -y brinkmanship-native >/dev/null 2>&1 || true
      rm -f .venv/.native-*
      native_fail "the native core did not build"
    fi
  fi
fi
