#!/usr/bin/env bash
# The whole test suite: lint, types, unit, API on PGlite and PostgreSQL, browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-tools.sh

echo "== lint"; npx biome check .
echo "== typecheck"; npm run --silent typecheck
echo "== unit, API and queue tests (PGlite and PostgreSQL)"; npx vitest run
# CI sets NODE24_ALONGSIDE=1: the Node 24 suites (scripts/test-node24.sh) run beside the browser tests (which
# mostly wait on Chromium and their servers), so the whole run stays within CI's time on two cores.
# With one vitest worker there: with two, they took as long and slowed the browser tests by 2 minutes.
if [ "${NODE24_ALONGSIDE:-}" = 1 ]; then
  mkdir -p .tools
  bash scripts/test-node24.sh --maxWorkers=1 > .tools/node24.log 2>&1 &
  node24=$!
fi
echo "== browser tests (Chromium)"; e2e=0; npm run --silent test:e2e || e2e=$?
if [ -n "${node24:-}" ]; then
  status=0; wait "$node24" || status=$?
  cat .tools/node24.log
  [ "$status" = 0 ] || { echo "Node 24 suites failed ($status)"; exit "$status"; }
fi
exit "$e2e"
