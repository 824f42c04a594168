#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (never a downloaded browser build).
set -eu
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "ensure-chromium: installing Debian's chromium"
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; run: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
