#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15+ cluster: DATABASE_URL points at it while
# the command runs; the cluster is stopped and deleted afterwards, whatever happens.
# Usage: scripts/with-postgres.sh <command> [args...]
set -euo pipefail

. "$(dirname "$0")/postgres-common.sh"

if ! bin=$(find_bin); then
  echo "with-postgres: no PostgreSQL server binaries (initdb) found; install PostgreSQL 15 or newer" >&2
  exit 127
fi

tmp=$(mktemp -d /tmp/ecogrid-pg.XXXXXX)
port=${PG_PORT:-$(( 20000 + RANDOM % 20000 ))}
run_as_postgres "$tmp"

cleanup() {
  (cd / && "${as_pg[@]}" "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1) || true
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

(cd / && "${as_pg[@]}" "$bin/initdb" -D "$tmp/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null)
(cd / && "${as_pg[@]}" "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $tmp -c fsync=off -c max_connections=300" -w start >/dev/null)
(cd / && "${as_pg[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres ecogrid)

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/ecogrid"
"$@"
