#!/usr/bin/env bash
# Makes Debian's ffmpeg (with ffprobe) available for the video pipeline's tests: they make their
# test videos with its lavfi sources and transcode them with it. The server itself falls back to
# the static build an npm package ships, so `npm start` needs none of this.
# Idempotent: returns at once when both programs are on the PATH.
set -euo pipefail

if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-ffmpeg: ffmpeg is missing; run as root or: sudo apt-get install -y ffmpeg" >&2
  exit 1
fi

echo "ensure-ffmpeg: installing ffmpeg with apt-get …" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
ffmpeg -hide_banner -version | head -n 1 >&2
