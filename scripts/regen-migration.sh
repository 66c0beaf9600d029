#!/usr/bin/env bash
# While a schema change is still unreleased (not on main yet), rewrite the newest migration
# instead of stacking another: deletes migration NAME and regenerates it from server/db/schema.
# Serialized with flock so two people (or helpers) regenerating at once do not race.
# Usage: scripts/regen-migration.sh 0001_core
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/regen-migration.sh NNNN_name}
exec 9>/tmp/purchasing-migration.lock
flock 9
idx=$((10#${name%%_*}))
rm -f "server/db/migrations/$name.sql" "server/db/migrations/meta/$(printf '%04d' "$idx")_snapshot.json"
node -e '
const fs = require("fs"); const p = "server/db/migrations/meta/_journal.json";
const j = JSON.parse(fs.readFileSync(p, "utf8"));
j.entries = j.entries.filter((e) => e.idx < Number(process.argv[1]));
fs.writeFileSync(p, JSON.stringify(j, null, 2) + "\n");' "$idx"
node_modules/.bin/drizzle-kit generate --name "${name#*_}" >/dev/null
ls server/db/migrations/*.sql | tail -n 1
