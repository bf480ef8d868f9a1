#!/usr/bin/env bash
# Makes Debian's redis-server available for the tests of shared state across nodes: each test
# starts its own server on a free loopback port (and may stop it mid-test). The server itself runs
# without Redis unless REDIS_URL is set, so `npm start` needs none of this.
# Idempotent: returns at once when redis-server is on the PATH.
set -euo pipefail

if command -v redis-server >/dev/null; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-redis: redis-server is missing; run as root or: sudo apt-get install -y redis-server" >&2
  exit 1
fi

echo "ensure-redis: installing redis-server with apt-get …" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends redis-server >/dev/null
# The package starts a system service; the tests run their own servers, so stop it.
if command -v service >/dev/null; then service redis-server stop >/dev/null 2>&1 || true; fi
redis-server --version >&2
