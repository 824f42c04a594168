#!/usr/bin/env bash
# The unit tests and the API suite on PostgreSQL again, on Node.js 24 (LTS), the other supported
# version (the machines ship Node 20). Node 24 comes from the npm registry (scripts/ensure-node24.sh)
# and is put first on PATH, so vitest, its workers and every server a test spawns run on it.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$(bash scripts/ensure-node24.sh):$PATH"
export PATH
echo "== unit and API tests (PostgreSQL) on node $(node --version)"
npx vitest run --project unit --project api-postgres "$@"
