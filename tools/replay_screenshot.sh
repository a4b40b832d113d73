#!/bin/sh
# docs/images/replay.png: the replay page of a seeded Luzhou simulation, at the settlement
# of its first round (three wins).  Needs hupai installed and sh tools/browser.sh.
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hupai simulate --region luzhou --rounds 3 --seed 7 --agents greedy --records "$work/rounds.jsonl" \
    --no-progress >/dev/null
hupai replay "$work/rounds.jsonl" --html "$work/replay.html" >/dev/null
mkdir -p docs/images
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1440,1000 --screenshot="$PWD/docs/images/replay.png" "file://$work/replay.html#1:end" \
    >/dev/null 2>&1
