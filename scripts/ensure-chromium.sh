#!/usr/bin/env bash
# Makes Debian's Chromium available at /usr/bin/chromium for the Playwright suite.
# Playwright never downloads a browser here: e2e/playwright.config.ts points at this binary.
# Idempotent: returns at once when the binary is present.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing; run as root or: sudo apt-get install -y chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing Debian chromium with apt-get …" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
"$CHROMIUM" --version >&2
