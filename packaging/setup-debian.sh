#!/usr/bin/env bash
# Installs what LockScope needs to build, test and run on Debian 12, from Debian's packages
# only, and only what is missing (so it is quick to run again). Needs root or sudo.
# Packages given as arguments are installed as well (packaging/setup-sanitize.sh adds its own).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  clang-format # CI: the source_formatting test (Debian 12's clang-format is 14, as .clang-format expects)
  ccache # a compiler cache for rebuilds from scratch (CI's fresh roots keep one between runs); used only when asked for: CMAKE_CXX_COMPILER_LAUNCHER=ccache
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqt6opengl6-dev # Qt6Charts' CMake package requires Qt6OpenGL (a Recommends we do not install)
  qtkeychain-qt6-dev
  libhiredis-dev libssl-dev openssl
  libxxhash-dev # the seeded hash of a lock's identity (core/inspect/LockId.cpp, header-only: XXH_INLINE_ALL)
  redis-server redis-tools
  libsqlite3-dev sqlite3 # the lock history (core/history); sqlite3: tests hold a lock on a history file from another process
  libpq-dev # a team's shared lock history in PostgreSQL (core/history/postgres)
  postgresql # tests only: a real PostgreSQL 15 (initdb, postgres) started by the tests; its own service is kept from starting (below)
  libcli11-dev # lockscope-cli's commands and flags, defined once (cli/CommandLine.cpp); 2.1.2 here, 2.4.1 in Debian 13
  libhowardhinnant-date-dev # the times people type (ISO 8601 with offsets and fractions) read by a tested parser (cli/TimeArgument.cpp)
  libutf8proc-dev # how many terminal columns a lock name takes (core/common/DisplayText.cpp): tables line up with Chinese and emoji names
  libcpp-httplib-dev # the /metrics endpoint of `lockscope-cli record` (cli/MetricsServer.cpp)
  prometheus # tests only: promtool check metrics/rules and a real scrape (tst_MetricsEndpoint); its own service is kept from starting (below)
  file dpkg-dev # CPack's .deb generator: file(1) and dpkg-shlibdeps (the packaging_deb test)
  lintian desktop-file-utils appstream # tests only: packaging_deb checks the .deb, the .desktop file and the metainfo with them
  man-db groff-base bash-completion zsh fish # tests only: the man pages render without warnings (man -l), the completions run in bash, zsh and fish
  gnome-keyring # tests only: a real Secret Service for the keyring path (tst_PasswordVaultKeyring)
  php-cli php-laravel-framework php-redis # tests only: Laravel's own Cache::lock over phpredis takes a lock that `lockscope-cli release` frees by its name (tst_CliAdmin)
  python3-rq # tests only: RQ's own scheduler takes its lock, LockScope lists and frees it (tst_LibraryLocks)
  nodejs # tests only: node-redlock and redis-semaphore hold locks whose connections LockScope names (tst_LibraryHolders, which runs npm ci on tests/core/identity/node)
  "$@"
)
# npm comes with some builds of nodejs (NodeSource's, which conflicts with Debian's npm); Debian's own needs it.
command -v npm >/dev/null || packages+=(npm)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "$(basename "$0" .sh): installing ${missing[*]}" >&2
run=()
[[ $(id -u) -eq 0 ]] || run=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
# Packages such as prometheus start a service of their own when installed; the tests start the
# servers they need themselves, on loopback, so no service is started during this install.
policy=/usr/sbin/policy-rc.d
own_policy=false
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' | "${run[@]}" tee "$policy" >/dev/null
  "${run[@]}" chmod +x "$policy"
  own_policy=true
fi
code=0
"${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || code=$?
[[ $own_policy == true ]] && "${run[@]}" rm -f "$policy"
if [[ " ${missing[*]} " == *" prometheus "* ]] && [[ -d /run/systemd/system ]]; then
  "${run[@]}" systemctl disable --now prometheus.service >/dev/null 2>&1 || true
fi
if [[ " ${missing[*]} " == *" postgresql "* ]] && [[ -d /run/systemd/system ]]; then
  "${run[@]}" systemctl disable --now postgresql.service >/dev/null 2>&1 || true
fi
exit $code
