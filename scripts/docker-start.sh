#!/bin/sh
# Container entry point (the Dockerfile's CMD).
# 1. Started as root, it gives the database's folder to the `node` user (Fly mounts volumes owned
#    by root) and runs itself again as `node`: Litestream and the app never run as root.
# 2. One-shot restores, asked by a Fly secret and then unset (README, "Sauvegarde et
#    restauration"): RESTORE_FROM_REPLICA=true (the replica's latest state, or its state at
#    LITESTREAM_RESTORE_TIMESTAMP) or RESTORE_FROM_FILE=<a copy made by npm run backup>. The
#    current files are renamed <database>.avant-restauration-<UTC time>, never deleted; if the
#    restore fails they are put back and the script stops, so the app never starts on an empty
#    database by accident.
# 3. With LITESTREAM_BUCKET, a volume without a database file (new volume, new machine) is first
#    restored from the replica if there is one, then the app runs under `litestream replicate`,
#    which sends every write to the replica. Without a bucket, the app runs alone.
# With LITEFS_DIR (fly.litefs.toml, multi-machine mode) none of this applies: LiteFS mounts the
# database, replicates it and runs the migrations and the app itself (litefs.yml). It stays root,
# as FUSE needs, and so does the app it runs (docs/decisions/029-litefs-replicas.md).
set -eu
if [ -n "${LITEFS_DIR:-}" ]; then
  exec litefs mount -config /etc/litefs.yml
fi
: "${DATABASE_PATH:=/data/vigimmo.db}"
export DATABASE_PATH
config=/etc/litestream.yml
dir=$(dirname "$DATABASE_PATH")
base=$(basename "$DATABASE_PATH")
mkdir -p "$dir"

if [ "$(id -u)" = 0 ]; then
  chown -R node:node "$dir"
  export HOME=/home/node
  exec setpriv --reuid=node --regid=node --clear-groups sh "$0"
fi

fail() {
  echo "Erreur : $1" >&2
  exit 1
}

# Renames the database, its -wal and -shm, and Litestream's local state (.<name>-litestream) from
# the names tagged $1 to the names tagged $2 ("" tags the live names).
move_database() {
  for suffix in "" -wal -shm; do
    if [ -e "$DATABASE_PATH$1$suffix" ]; then mv "$DATABASE_PATH$1$suffix" "$DATABASE_PATH$2$suffix"; fi
  done
  if [ -e "$dir/.$base$1-litestream" ]; then mv "$dir/.$base$1-litestream" "$dir/.$base$2-litestream"; fi
}

# Runs "$@", a command that writes a new database at DATABASE_PATH, with the current files aside.
replace_database() {
  aside=".avant-restauration-$(date -u +%Y%m%dT%H%M%SZ)"
  move_database "" "$aside"
  if "$@"; then
    if [ -e "$DATABASE_PATH$aside" ]; then echo "Ancienne base conservée : $DATABASE_PATH$aside"; fi
    return 0
  fi
  # What the failed command left under the live names is not the user's data.
  rm -f "$DATABASE_PATH" "$DATABASE_PATH.tmp" "$DATABASE_PATH-wal" "$DATABASE_PATH-shm"
  move_database "$aside" ""
  fail "la restauration a échoué (message ci-dessus). Les fichiers de la base sont remis en place et l'application ne démarre pas."
}

case "${RESTORE_FROM_REPLICA:-false}" in
  true) request="replica:${LITESTREAM_RESTORE_TIMESTAMP:-latest}" ;;
  false) request="" ;;
  *) fail "RESTORE_FROM_REPLICA vaut true ou false (reçu « $RESTORE_FROM_REPLICA »)." ;;
esac
if [ -n "${RESTORE_FROM_FILE:-}" ]; then
  [ -z "$request" ] || fail "RESTORE_FROM_REPLICA et RESTORE_FROM_FILE sont posés : une seule restauration à la fois."
  request="file:$RESTORE_FROM_FILE"
fi

# The secret stays set until `fly secrets unset`: the restore done last is noted beside the
# database so that a restart in between (crash, host maintenance) does not roll the data back again.
done_note="$DATABASE_PATH.restauration-faite"
if [ -z "$request" ]; then
  rm -f "$done_note"
elif [ -f "$done_note" ] && [ "$(cat "$done_note")" = "$request" ]; then
  echo "Restauration déjà faite ($request), pas refaite : retirez la variable (fly secrets unset)."
  request=""
fi

case "$request" in
  replica:*)
    [ -n "${LITESTREAM_BUCKET:-}" ] || fail "RESTORE_FROM_REPLICA=true demande LITESTREAM_BUCKET (la réplique à lire)."
    echo "Restauration de la base depuis la réplique Litestream (${LITESTREAM_RESTORE_TIMESTAMP:-dernier état})..."
    replace_database litestream restore -config "$config" ${LITESTREAM_RESTORE_TIMESTAMP:+-timestamp "$LITESTREAM_RESTORE_TIMESTAMP"} "$DATABASE_PATH"
    echo "$request" >"$done_note"
    ;;
  file:*)
    [ "$(head -c 15 "$RESTORE_FROM_FILE" 2>/dev/null)" = "SQLite format 3" ] ||
      fail "RESTORE_FROM_FILE : « $RESTORE_FROM_FILE » n'est pas une base SQLite lisible."
    echo "Restauration de la base depuis la copie $RESTORE_FROM_FILE..."
    replace_database cp "$RESTORE_FROM_FILE" "$DATABASE_PATH"
    echo "$request" >"$done_note"
    ;;
  *)
    if [ -n "${LITESTREAM_BUCKET:-}" ] && [ ! -f "$DATABASE_PATH" ]; then
      echo "Volume sans base : restauration depuis la réplique Litestream, si elle existe..."
      replace_database litestream restore -config "$config" -if-replica-exists "$DATABASE_PATH"
    fi
    ;;
esac

if [ -n "${LITESTREAM_BUCKET:-}" ]; then
  exec litestream replicate -config "$config" -exec "node --import tsx server.ts"
fi
exec node --import tsx server.ts
