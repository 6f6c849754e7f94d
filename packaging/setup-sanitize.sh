#!/usr/bin/env bash
# Installs what the sanitize and tsan presets need on top of packaging/setup-debian.sh, from
# Debian's packages only, and only what is missing; then makes the other servers that the dev
# test preset also runs the server-dependent suites against (packaging/setup-test-servers.sh).
# The README's test command (CI) starts with it:
#   packaging/setup-sanitize.sh && cmake --workflow --preset test && cmake --workflow --preset sanitize
set -euo pipefail
"$(dirname "$0")/setup-debian.sh" \
  clang `# the compiler of the sanitizer and fuzzing builds (libFuzzer is clang's)` \
  libclang-rt-14-dev `# the ASan, UBSan, TSan and libFuzzer runtimes of Debian 12's clang 14` \
  llvm `# llvm-symbolizer: sanitizer reports with file and line instead of raw addresses`
exec "$(dirname "$0")/setup-test-servers.sh"
