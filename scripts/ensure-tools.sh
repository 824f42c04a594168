#!/usr/bin/env bash
# The integration-code and ingest tests run the generated Python and curl programs as a user would:
# install python3, curl and openssl (the sample curl of an ingest URL signs with it) when missing.
set -eu
missing=""
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
if [ -z "$missing" ]; then exit 0; fi
echo "ensure-tools: installing$missing"
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-tools: missing$missing; run: sudo apt-get update && sudo apt-get install -y$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # one word per package
apt-get install -y -qq $missing >/dev/null
