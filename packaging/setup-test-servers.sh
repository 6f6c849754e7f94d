#!/usr/bin/env bash
# Makes the other servers that the dev test preset also runs the server-dependent suites against
# (tests/CMakeLists.txt registers each such suite again as tst_X@SERVER): the oldest and the
# newest supported, each from its own Debian release's packages, so CI tests them on every run.
#
#   packaging/setup-test-servers.sh          makes every server not made yet (quick when all are)
#   packaging/setup-test-servers.sh --list   prints "SERVER FOLDER" for each made one, makes none
#
# A server is the release's packages and their dependencies unpacked (never configured: no
# chroot, no mounts, no root needed) into SERVER/root, run by that root's own dynamic loader with
# its own libraries through wrapper scripts named redis-server, redis-cli and redis-sentinel in
# SERVER/bin, the folder a test puts first on PATH. Where: $LOCKSCOPE_TEST_SERVERS, else
# /var/cache/lockscope-test-servers as root and ~/.cache/lockscope/test-servers otherwise.
# The downloads and apt's lists of each release are kept apart, in $LOCKSCOPE_TEST_SERVER_DEBS,
# else /var/cache/apt/archives/lockscope-test-servers as root (CI's fresh roots keep that
# folder between runs), so a server is only downloaded again when Debian updates it.
set -euo pipefail

declare -A release=([redis-6.0]=bullseye [valkey-9.1]=forky)
declare -A program=([redis-6.0]=redis [valkey-9.1]=valkey)
servers=(redis-6.0 valkey-9.1)

if [ "$(id -u)" = 0 ]; then
  home=${LOCKSCOPE_TEST_SERVERS:-/var/cache/lockscope-test-servers}
  downloads=${LOCKSCOPE_TEST_SERVER_DEBS:-/var/cache/apt/archives/lockscope-test-servers}
else
  home=${LOCKSCOPE_TEST_SERVERS:-${XDG_CACHE_HOME:-$HOME/.cache}/lockscope/test-servers}
  downloads=${LOCKSCOPE_TEST_SERVER_DEBS:-$home/downloads}
fi

fail() {
  echo "setup-test-servers: $*" >&2
  exit 1
}

# A made server: its wrappers answer with the version its name says.
made() {
  local server=$1 version
  version=$("$home/$server/bin/redis-server" --version 2>/dev/null | grep -o 'v=[0-9.]*' | cut -c3-) || return 1
  [[ $version == "${server#*-}".* ]]
}

if [ "${1:-}" = --list ]; then
  for server in "${servers[@]}"; do
    if made "$server"; then echo "$server $home/$server/bin"; fi
  done
  exit 0
fi

mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || fail "no $keyring (Debian's debian-archive-keyring package) to check the downloads with"
[ "$(dpkg --print-architecture)" = amd64 ] || fail "the wrappers run x86-64 binaries; this machine is $(dpkg --print-architecture)"

# make_server SERVER: downloads the release's packages with a private apt state (an empty dpkg status,
# so every dependency down to libc6 comes from that release), unpacks them, writes the wrappers.
make_server() {
  local server=$1 prog=${program[$1]}
  local state=$downloads/$server
  local root=$home/$server/root bin=$home/$server/bin
  mkdir -p "$state/lists/partial" "$state/archives/partial" "$state/cache" "$state/parts"
  : > "$state/status"
  echo "deb [signed-by=$keyring] $mirror ${release[$server]} main" > "$state/sources.list"
  local apt=(apt-get -q -o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts="$state/parts"
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$state/parts"
    -o Dir::State::Lists="$state/lists" -o Dir::State::status="$state/status" -o Dir::Cache="$state/cache"
    -o Dir::Cache::archives="$state/archives" -o Debug::NoLocking=true -o APT::Install-Recommends=false
    -o Acquire::Check-Valid-Until=false) # a testing release's lists expire within a week; a mirror may be a snapshot
  local packages=("$prog-server" "$prog-tools")
  echo "setup-test-servers: making $server from Debian ${release[$server]}'s ${packages[*]}" >&2
  "${apt[@]}" -qq update > "$state/apt.log" 2>&1 \
    || { tail -5 "$state/apt.log" >&2; fail "cannot read Debian ${release[$server]}'s package lists from $mirror"; }
  "${apt[@]}" -y --download-only install "${packages[@]}" >> "$state/apt.log" 2>&1 \
    || { tail -5 "$state/apt.log" >&2; fail "cannot download ${packages[*]} of Debian ${release[$server]}"; }
  "${apt[@]}" autoclean >> "$state/apt.log" 2>&1 || true # older versions of the same packages

  rm -rf --one-file-system "${home:?}/${server:?}"
  mkdir -p "$root" "$bin"
  local deb
  for deb in "$state/archives"/*.deb; do
    dpkg-deb -x "$deb" "$root" || fail "cannot unpack $deb"
  done
  local libs=$root/usr/lib/x86_64-linux-gnu loader
  [ -d "$root/lib/x86_64-linux-gnu" ] && [ ! -L "$root/lib" ] && libs=$root/lib/x86_64-linux-gnu:$libs
  for loader in "$root/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ""; do
    [ -e "$loader" ] && break
  done
  [ -n "$loader" ] || fail "no dynamic loader among the unpacked packages of $server"

  # name, binary, arguments after the caller's: a sentinel is the server with --sentinel (there
  # is no --argv0 in an old loader to run it under the name redis-sentinel).
  local wrapper name binary after
  for wrapper in "redis-server $prog-server" "redis-cli $prog-cli" "redis-benchmark $prog-benchmark" \
      "redis-sentinel $prog-server --sentinel"; do
    read -r name binary after <<< "$wrapper"
    cat > "$bin/$name" <<WRAPPER
#!/bin/sh
# $name of $server (Debian ${release[$server]}), with its own loader and libraries: packaging/setup-test-servers.sh
exec "$loader" --inhibit-cache --library-path "$libs" "$root/usr/bin/$binary" "\$@" $after
WRAPPER
    chmod +x "$bin/$name"
  done
  made "$server" || fail "$server: the unpacked server does not run as $server: $("$bin/redis-server" --version 2>&1 | head -3)"
}

for server in "${servers[@]}"; do
  made "$server" || make_server "$server"
done
