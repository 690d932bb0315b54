#!/usr/bin/env bash
# `npm run bench` runs its command against PostgreSQL: DATABASE_URL when it is set, else a
# throw-away cluster of the installed PostgreSQL (.ci/with-postgres.sh, over its Unix socket);
# with neither, on PGlite alone (the order lookup at scale is then skipped, and says so).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ] || ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  exec "$@"
fi
# A cluster on this machine is reached over its Unix socket, as a deployment beside it would.
CI_POSTGRES_SOCKET=1 exec bash .ci/with-postgres.sh "$@"
