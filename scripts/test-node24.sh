#!/usr/bin/env bash
# The unit tests and the production server's start again, on Node.js 24 (LTS), the other supported
# version (the machines ship Node 20). The whole API suite on Node 24 (`--project api-postgres`) took
# 9 minutes of CI's two cores beside the browser tests and pushed the run past its 30 minutes. Node 24 comes from the npm registry (scripts/ensure-node24.sh)
# and is put first on PATH, so vitest, its workers and every server a test spawns run on it.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$(bash scripts/ensure-node24.sh):$PATH"
export PATH
echo "== unit tests and the server's start on node $(node --version)"
npx vitest run --project unit --project api-pglite apps/api/src packages apps/api/test/production-start.pglite.test.ts "$@"
