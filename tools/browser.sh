#!/bin/sh
# Chromium, its driver and CJK fonts from Debian: what the browser tests (tests/browser)
# and tools/replay_screenshot.sh need.  Quiet, and nothing to do when they are there.
set -eu
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing="$missing fonts-noto-cjk"
[ -z "$missing" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
# shellcheck disable=SC2086  # one word per package
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
