# Sourced by with-postgres.sh and with-replica.sh: where the PostgreSQL server binaries are, and
# how to run them when this script runs as root.

# Prints the folder of a PostgreSQL 15+ server's binaries (PG_BIN first), or fails.
find_bin() {
  for dir in "${PG_BIN:-}" /usr/lib/postgresql/{18,17,16,15}/bin; do
    if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
  done
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return 0
  return 1
}

# Sets as_pg, the prefix that runs a server binary: PostgreSQL refuses to run as root, so as root
# the clusters in folder $1 belong to the postgres user (made if missing).
run_as_postgres() {
  as_pg=()
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$1"
    as_pg=(runuser -u postgres --)
  fi
}
