#!/usr/bin/env bash
# Tests only: installs the npm Redis lock libraries that tst_NpmLibraryLocks takes real locks with
# (tests/core/inspect/npm/package.json, pinned by its package-lock.json) into that folder, from
# the npm registry. Needs node and npm (Debian: nodejs, npm). Without it the suite is skipped.
set -euo pipefail
cd "$(dirname "$0")/../tests/core/inspect/npm"
npm ci --ignore-scripts --no-audit --no-fund --legacy-peer-deps
