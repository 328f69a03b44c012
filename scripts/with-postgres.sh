#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15+ cluster: DATABASE_URL points at it while
# the command runs; the cluster is stopped and deleted afterwards, whatever happens.
# Usage: scripts/with-postgres.sh <command> [args...]
set -euo pipefail

find_bin() {
  for dir in "${PG_BIN:-}" /usr/lib/postgresql/{18,17,16,15}/bin; do
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return 0
  return 1
}

if ! bin=$(find_bin); then
  echo "with-postgres: no PostgreSQL server binaries (initdb) found; install PostgreSQL 15 or newer" >&2
  exit 127
fi

tmp=$(mktemp -d /tmp/ecogrid-pg.XXXXXX)
port=${PG_PORT:-$(( 20000 + RANDOM % 20000 ))}
as_pg=()
if [ "$(id -u)" = "0" ]; then
  # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$tmp"
  as_pg=(runuser -u postgres --)
fi

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
