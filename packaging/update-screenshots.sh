#!/bin/sh
# Regenerates the README's pictures in docs/screenshots/ with the real GUI, offscreen, against
# the sandbox redis-server it starts (and stops) itself:
#   monitor.png  the lock monitor filled with sample locks of every library
#   demo.png     Tools › Contention Demo after the first scenario, showing its verdict
#   stress.png   Tools › Stress Test after a short run (charts with real data)
#   fleet.png    three servers in one window (two with locks, one that refuses connections): the
#                fleet panel and the one table with its Server column
# Usage: packaging/update-screenshots.sh [path/to/lockscope [NAME.png]]   (default: build/app/lockscope,
# every picture; with NAME.png only that one)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
gui=${1:-$root/build/app/lockscope}
only=${2:-}
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
    if [ -n "$only" ] && [ "$only" != "$name" ]; then
        return 0
    fi
    echo "update-screenshots: $name"
    "$gui" --screenshot "$out/$name" "$@"
}

shoot monitor.png --sample-locks
shoot demo.png --screenshot-tool demo
shoot stress.png --screenshot-tool stress

# The fleet: two redis-servers of its own with a few locks each, and a port where nothing listens.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
fleet_pids=
stop_fleet() { for pid in $fleet_pids; do kill "$pid" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap stop_fleet EXIT
urls=
for name in orders billing; do
    port=$(free_port)
    mkdir -p "$scratch/$name"
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$scratch/$name" \
        --notify-keyspace-events KEA --daemonize no >/dev/null &
    fleet_pids="$fleet_pids $!"
    until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.1; done
    for i in 1 2 3 4 5 6; do
        redis-cli -p "$port" set "lock:$name:$i" "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" px $((i * 45000)) >/dev/null
    done
    redis-cli -p "$port" hset "lock:$name:report" "3f2a9c1e-7b4d-4e8a-9c3b-5d6e7f8a9b0c:1" 2 >/dev/null
    redis-cli -p "$port" pexpire "lock:$name:report" 30000 >/dev/null
    urls="$urls --url redis://127.0.0.1:$port"
done
# shellcheck disable=SC2086
shoot fleet.png $urls --url "redis://127.0.0.1:$(free_port)"
ls -l "$out"
