#!/usr/bin/env bash
# Make sure a PostgreSQL server answers for the tests, and print its URL.
#
# The persistence tests run on SQLite and on a real PostgreSQL server. This
# script finds or makes one, in this order:
#   1. BRINK_TEST_POSTGRES_URL, when it is set and the server answers;
#   2. the cluster this script started before (port $BRINK_PG_PORT, default 55432);
#   3. a new cluster of its own in $BRINK_PG_DIR (default /tmp/brink-pg-$UID),
#      after installing Debian's `postgresql` package when no server binaries
#      are on the machine.
# The URL it prints names a role that may create databases: each test makes
# its own database and drops it afterwards.
set -euo pipefail
PORT="${BRINK_PG_PORT:-55432}"
DIR="${BRINK_PG_DIR:-/tmp/brink-pg-$(id -u)}"
URL="postgresql://brink:brink@127.0.0.1:${PORT}/postgres"

answers() {  # answers URL
  local py
  py="$(dirname "$0")/../.venv/bin/python"
  "$py" - "$1" <<'PY' >/dev/null 2>&1
import sys, psycopg
psycopg.connect(sys.argv[1], connect_timeout=3).close()
PY
}

if [ -n "${BRINK_TEST_POSTGRES_URL:-}" ] && answers "$BRINK_TEST_POSTGRES_URL"; then
  echo "$BRINK_TEST_POSTGRES_URL"; exit 0
fi
if answers "$URL"; then
  echo "$URL"; exit 0
fi

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(bindir)" ]; then
  echo "postgres.sh: installing Debian's postgresql package" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends postgresql >&2
fi
BIN="$(bindir)"
[ -n "$BIN" ] || { echo "postgres.sh: no PostgreSQL server binaries after installing" >&2; exit 1; }

# PostgreSQL refuses to run as root: root runs it as the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
if [ ! -f "$DIR/PG_VERSION" ]; then
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" -eq 0 ] && chown postgres "$DIR"
  pwfile="$(mktemp)"; echo brink > "$pwfile"; chmod 644 "$pwfile"
  as_owner "$BIN/initdb" -D "$DIR" -U brink --pwfile="$pwfile" -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >&2
  rm -f "$pwfile"
fi
sockdir="$DIR/socket"; mkdir -p "$sockdir"; [ "$(id -u)" -eq 0 ] && chown postgres "$sockdir"
as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$sockdir -c max_connections=200 -c fsync=on" \
  start >&2 || { cat "$DIR/server.log" >&2; exit 1; }
for _ in $(seq 30); do answers "$URL" && { echo "$URL"; exit 0; }; sleep 1; done
echo "postgres.sh: the server started but does not answer on $URL" >&2
exit 1
