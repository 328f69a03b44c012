#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15+ primary and a streaming replica of it:
# DATABASE_URL points at the primary and DATABASE_REPLICA_URL at the replica while the command
# runs; both clusters are stopped and deleted afterwards, whatever happens.
# Usage: scripts/with-replica.sh <command> [args...]
set -euo pipefail

. "$(dirname "$0")/postgres-common.sh"

if ! bin=$(find_bin) || [ ! -x "$bin/pg_basebackup" ]; then
  echo "with-replica: no PostgreSQL server binaries (initdb, pg_basebackup) found; install PostgreSQL 15 or newer" >&2
  exit 127
fi

tmp=$(mktemp -d /tmp/ecogrid-replica.XXXXXX)
port=${PG_PORT:-$(( 20000 + RANDOM % 20000 ))}
replica_port=$(( port + 1 ))
run_as_postgres "$tmp"
pg() { (cd / && "${as_pg[@]}" "$@"); }

cleanup() {
  pg "$bin/pg_ctl" -D "$tmp/replica" -m immediate stop >/dev/null 2>&1 || true
  pg "$bin/pg_ctl" -D "$tmp/primary" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

common="-c listen_addresses=127.0.0.1 -k $tmp -c fsync=off -c max_connections=300"
pg "$bin/initdb" -D "$tmp/primary" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# The replica connects over TCP as the replication user; trust is enough on a loopback test cluster.
echo "host replication replicator 127.0.0.1/32 trust" | pg tee -a "$tmp/primary/pg_hba.conf" >/dev/null
pg "$bin/pg_ctl" -D "$tmp/primary" -l "$tmp/primary.log" \
  -o "$common -p $port -c wal_level=replica -c max_wal_senders=4" -w start >/dev/null
pg "$bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
  -c "create role replicator with replication login" >/dev/null
pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres ecogrid

# A copy of the primary that follows it (-R writes standby.signal and primary_conninfo).
pg "$bin/pg_basebackup" -h 127.0.0.1 -p "$port" -U replicator -D "$tmp/replica" -R -X stream -c fast
pg "$bin/pg_ctl" -D "$tmp/replica" -l "$tmp/replica.log" -o "$common -p $replica_port" -w start >/dev/null

# Ready when the primary sees the replica streaming.
for _ in $(seq 1 100); do
  state=$(pg "$bin/psql" -Atq -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c "select state from pg_stat_replication limit 1")
  [ "$state" = "streaming" ] && break
  sleep 0.1
done
if [ "$state" != "streaming" ]; then
  echo "with-replica: the replica did not start streaming; its log:" >&2
  cat "$tmp/replica.log" >&2
  exit 1
fi

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/ecogrid"
export DATABASE_REPLICA_URL="postgres://postgres@127.0.0.1:$replica_port/ecogrid"
"$@"
