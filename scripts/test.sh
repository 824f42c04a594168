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
echo "== browser tests (Chromium)"; npm run --silent test:e2e
