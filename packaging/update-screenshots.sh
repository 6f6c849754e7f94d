#!/bin/sh
# Regenerates the README's pictures in docs/screenshots/ with the real GUI, offscreen, against
# the sandbox redis-server it starts (and stops) itself:
#   monitor.png  the lock monitor filled with sample locks of every library
#   demo.png     Tools › Contention Demo after the first scenario, showing its verdict
#   stress.png   Tools › Stress Test after a short run (charts with real data)
# Usage: packaging/update-screenshots.sh [path/to/lockscope]   (default: build/app/lockscope)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
gui=${1:-$root/build/app/lockscope}
out=$root/docs/screenshots
if [ ! -x "$gui" ]; then
    echo "update-screenshots: $gui is not built (cmake --build build --target lockscope)" >&2
    exit 1
fi
mkdir -p "$out"

# A throw-away settings and data home: no remembered geometry, connection or "don't offer
# again" from the user's own runs, and English whatever the machine's language.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen
export XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" XDG_CACHE_HOME="$scratch/cache"
export LANG=C.UTF-8 LC_ALL=C.UTF-8 LANGUAGE=

shoot() {
    name=$1
    shift
    echo "update-screenshots: $name"
    "$gui" --screenshot "$out/$name" "$@"
}

shoot monitor.png --sample-locks
shoot demo.png --screenshot-tool demo
shoot stress.png --screenshot-tool stress
ls -l "$out"
