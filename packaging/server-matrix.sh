#!/usr/bin/env bash
# server-matrix.sh: builds once, then runs the whole test suite against each supported server and
# prints one summary line per server (its version, ctest's result line, and every feature a test
# skipped for: a test that needs a feature the server lacks QSKIPs naming it, it never passes
# silently). The servers come from ../shared/tools/redis-matrix (or $REDIS_MATRIX), which puts
# that server's redis-server, redis-cli and redis-sentinel first on PATH for the tests.
#
#   packaging/server-matrix.sh                      all supported servers
#   packaging/server-matrix.sh redis-6.0 valkey-9.1 only these
#   CTEST_ARGS="-R tst_Semaphore" packaging/server-matrix.sh redis-6.0
#
# Needs root (redis-matrix chroots). Full logs: build/server-matrix/<server>.log, and every test's
# own output (skips included) in build/server-matrix/<server>.LastTest.log.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${REDIS_MATRIX:-$root/../shared/tools/redis-matrix}
build=$root/build
logs=$build/server-matrix
servers=("$@")
[ ${#servers[@]} -gt 0 ] || servers=(redis-6.0 redis-7.0 redis-8.0 valkey-8.0 valkey-8.1 valkey-9.1)

[ -x "$tool" ] || { echo "server-matrix: no redis-matrix at $tool (set REDIS_MATRIX)" >&2; exit 69; }
(cd "$root" && cmake --build --preset dev) > "$build/server-matrix-build.log" 2>&1 \
  || { tail -20 "$build/server-matrix-build.log" >&2; echo "server-matrix: the build failed" >&2; exit 1; }
mkdir -p "$logs"

failed=0
summary=()
for server in "${servers[@]}"; do
  version=$("$tool" run "$server" -- redis-server --version 2>/dev/null | grep -o 'v=[^ ]*' | cut -c3-)
  # Not the tst_X@SERVER runs of the dev preset (tests/CMakeLists.txt): they bring their own server.
  # shellcheck disable=SC2086 # CTEST_ARGS is a list of words on purpose
  (cd "$root" && "$tool" run "$server" -- ctest --test-dir "$build" -j2 --output-on-failure -LE other-server ${CTEST_ARGS:-}) \
    > "$logs/$server.log" 2>&1 || failed=1
  cp "$build/Testing/Temporary/LastTest.log" "$logs/$server.LastTest.log" 2>/dev/null || true
  result=$(grep -E 'tests passed' "$logs/$server.log" | tail -1)
  # Qt Test prints "SKIP   : tst_Suite::function(row) <reason>"; the reasons, counted.
  skipped=$(grep -hE '^SKIP +: ' "$logs/$server.LastTest.log" 2>/dev/null | sed -E 's/^SKIP +: [^ ]+ //' \
    | sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)/\2 (x\1)/' | paste -sd ';' - | sed 's/;/; /g')
  line=$(printf '%-11s %-8s %s' "$server" "${version:-?}" "${result:-no result (see $logs/$server.log)}")
  [ -z "$skipped" ] || line="$line; skipped: $skipped"
  summary+=("$line")
  echo "$line"
done
echo
echo "server-matrix summary:"
printf '%s\n' "${summary[@]}"
exit $failed
