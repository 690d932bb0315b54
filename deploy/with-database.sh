#!/usr/bin/env bash
# `npm run bench` runs its command against PostgreSQL: DATABASE_URL when it is set, else a
# throw-away cluster of the installed PostgreSQL (.ci/with-postgres.sh); with neither, on
# PGlite alone (the order lookup at scale is then skipped, and says so).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ] || ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  exec "$@"
fi
exec bash .ci/with-postgres.sh "$@"
