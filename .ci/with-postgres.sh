#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on a free port, runs the given command with
# DATABASE_URL pointing at it, and removes the cluster afterwards.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/pg-ci-XXXXXX)
chown postgres:postgres "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_postgres() { runuser -u postgres -- "$@"; }
as_postgres "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
cleanup() {
  as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
# Over TCP on 127.0.0.1, or with CI_POSTGRES_SOCKET=1 over the cluster's Unix socket (the bench:
# a PostgreSQL on the server's machine is reached that way; each query costs less to send).
if [ "${CI_POSTGRES_SOCKET:-}" = 1 ]; then
  export DATABASE_URL="postgres://postgres@localhost/postgres?host=$dir&port=$port"
  via="its Unix socket"
else
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  via="TCP"
fi
# For the cluster tests, which restart this server under load.
export CI_POSTGRES_BIN="$bin" CI_POSTGRES_DATA="$dir/data"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port, over $via"
"$@"
