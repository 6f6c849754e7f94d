#!/usr/bin/env bash
# Tests only: installs the npm Redis lock libraries that tst_NpmLibraryLocks takes real locks with
# (tests/core/inspect/npm/package.json, pinned by its package-lock.json) from the npm registry
# into <build dir>/npm-locks (default: build/npm-locks), outside the source tree. Needs node and
# npm (Debian: nodejs, npm). Without it the suite is skipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-$root/build}/npm-locks"
mkdir -p "$target"
cp "$root/tests/core/inspect/npm/package.json" "$root/tests/core/inspect/npm/package-lock.json" "$target/"
cd "$target"
npm ci --ignore-scripts --no-audit --no-fund --legacy-peer-deps
