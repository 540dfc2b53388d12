#!/bin/sh
# Container entry point: restore the database from the replica when the volume is fresh, then run
# the app under Litestream so that every write is replicated. Without a bucket, run the app alone.
set -eu
: "${DATABASE_PATH:=/data/vigimmo.db}"
export DATABASE_PATH
mkdir -p "$(dirname "$DATABASE_PATH")"

if [ -n "${LITESTREAM_BUCKET:-}" ]; then
  if [ ! -f "$DATABASE_PATH" ]; then
    echo "Restauration de la base depuis la réplique Litestream..."
    litestream restore -config /etc/litestream.yml -if-replica-exists "$DATABASE_PATH"
  fi
  exec litestream replicate -config /etc/litestream.yml -exec "node server.mjs"
fi
exec node server.mjs
