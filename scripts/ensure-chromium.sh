#!/usr/bin/env bash
# Makes Debian's Chromium available: its headless shell (/usr/bin/chromium-headless-shell) for the
# journeys, the full browser (/usr/bin/chromium) for the browser benchmarks, with the CJK fonts a
# Chinese or Japanese player's system has (without them, zh/ja screens render as boxes and the
# layout journeys measure the wrong text widths).
# Playwright never downloads a browser here: scripts/chromium.mjs names these binaries.
# Idempotent: returns at once when both binaries and the fonts are present.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
SHELL_BINARY=/usr/bin/chromium-headless-shell
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium fonts-liberation)
[ -x "$SHELL_BINARY" ] || missing+=(chromium-headless-shell)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'ok installed' ||
  missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: missing ${missing[*]}; run as root or: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "ensure-chromium: installing ${missing[*]} with apt-get …" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
"$CHROMIUM" --version >&2
"$SHELL_BINARY" --version >&2
