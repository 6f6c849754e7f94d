#!/usr/bin/env bash
# Runs the README's set-up commands as a new user would: in a brand-new minimal Debian 12 root
# (debootstrap, minbase, plus git and ca-certificates: nothing installed on this machine by hand
# is there), from a clean clone of the committed HEAD.
#
#   packaging/fresh-debian-check.sh test   # the README's test command (what .ci/run runs)
#   packaging/fresh-debian-check.sh gui    # the README's GUI command, offscreen, for 25 s
#   packaging/fresh-debian-check.sh deb    # build the .deb with CPack, apt-get install it into a
#                                          # second fresh root, run both programs from it there
#
# Run from anywhere in the project, as root. What is kept on this machine between runs, under
# $LOCKSCOPE_FRESH_HOME (default /var/cache/lockscope-ci), is only what can be downloaded or
# compiled again; each run works from an empty home too, it is just slower:
#   base.tar        the debootstrap root (remade when older than $base_days days); every run
#                   unpacks a new root from it
#   apt-archives/   downloaded .deb files, bound to the root's /var/cache/apt/archives: every
#                   package is still installed from scratch in every run
#   apt-lists/      apt's package lists, bound to /var/lib/apt/lists: `apt-get update` still runs
#                   in every root, but fetches only what changed
#   ccache/         the compiler cache of the builds in the root (CMake's launcher is ccache,
#                   which packaging/setup-debian.sh installs), bound to /var/cache/lockscope-ccache
# Logs: $home/<mode>.log.
set -euo pipefail
mode=${1:?usage: fresh-debian-check.sh test|gui|deb}
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
home=${LOCKSCOPE_FRESH_HOME:-/var/cache/lockscope-ci}
base=$home/base.tar
base_days=14 # a base this old is made again, so the root does not drift far behind Debian 12's point releases
root=$home/root-$mode
archives=$home/apt-archives
lists=$home/apt-lists
ccache_host=$home/ccache
ccache_root=/var/cache/lockscope-ccache
log=$home/$mode.log
release=bookworm # Debian 12: the release the README's commands are verified on

[ "$(id -u)" = 0 ] || { echo "fresh-debian-check: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
mkdir -p "$home" "$archives/partial" "$lists/partial" "$ccache_host" "$home/debootstrap-debs"


mounted=()
unmount_all() {
  local r
  for r in "$@"; do
    # A server a test left behind would keep the mounts busy: stop whatever runs in the root.
    for p in /proc/[0-9]*; do
      [ "$(readlink "$p/root" 2>/dev/null)" = "$r" ] && kill -9 "${p#/proc/}" 2>/dev/null || true
    done
    for m in ${ccache_root#/} var/lib/apt/lists var/cache/apt/archives dev/shm dev/pts dev sys proc; do umount -l "$r/$m" 2>/dev/null || true; done
  done
}
cleanup() { unmount_all "${mounted[@]+"${mounted[@]}"}"; }
trap cleanup EXIT

make_base() {
  [ -f "$base" ] && [ -z "$(find "$base" -mtime +"$base_days")" ] && return 0
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
  local mirror
  mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
  echo "fresh-debian-check: making the base Debian 12 root (once; a few minutes)" >&2
  rm -rf --one-file-system "$home/base"
  if ! debootstrap --variant=minbase --include=git,ca-certificates --cache-dir="$home/debootstrap-debs" "$release" "$home/base" "$mirror" \
      > "$home/debootstrap.log" 2>&1; then
    tail -5 "$home/debootstrap.log" >&2
    return 3
  fi
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    cp /etc/apt/sources.list.d/debian.sources "$home/base/etc/apt/sources.list.d/"
    rm -f "$home/base/etc/apt/sources.list"
  fi
  tar -C "$home/base" -cf "$base.tmp" . && mv "$base.tmp" "$base" && rm -rf --one-file-system "$home/base"
}

# new_root DIR: a new root from the base tarball, mounted, with the project cloned into /src/project.
new_root() {
  local r=$1
  unmount_all "$r"
  rm -rf --one-file-system "$r"
  mkdir -p "$r"
  tar -C "$r" -xf "$base"
  touch "$r/etc/lockscope-fresh-root" # .ci/run: already on a fresh machine, run the command here
  cp /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
  printf "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n" > "$r/etc/hosts"
  # A root thrown away after the run, set up as Debian's container images are: dpkg does not
  # fsync each unpacked file, and man-db does not index the manual pages that the packages bring
  # (the tests render pages with man -l, which needs no index). Both cost minutes of the set-up.
  echo force-unsafe-io > "$r/etc/dpkg/dpkg.cfg.d/lockscope-ci-unsafe-io"
  echo "man-db man-db/auto-update boolean false" | chroot "$r" debconf-set-selections
  mount --bind /dev "$r/dev"
  mount --bind /dev/pts "$r/dev/pts"
  mount -t tmpfs tmpfs "$r/dev/shm"
  mount -t proc proc "$r/proc"
  mount -t sysfs sys "$r/sys"
  mount --bind "$archives" "$r/var/cache/apt/archives"
  mount --bind "$lists" "$r/var/lib/apt/lists"
  mkdir -p "$r$ccache_root"
  mount --bind "$ccache_host" "$r$ccache_root"
  mounted+=("$r")
}

# run_in ROOT COMMAND: as a login-less root user of a fresh machine would, plus the compiler
# cache: CMake (3.17+) takes its launcher from the environment when a build folder is configured.
# Both builds (dev with g++, sanitize with clang) share the cache; the compiler's content, not
# its file date, decides a hit, since every root installs the compilers anew.
run_in() {
  chroot "$1" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 CI="${CI:-true}" \
    CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache \
    CCACHE_DIR="$ccache_root" CCACHE_MAXSIZE=12G CCACHE_COMPILERCHECK=content \
    /bin/bash -c "cd /src/project 2>/dev/null || cd /; $2"
}

# A test run's log lines start with the seconds since this script began, so the log tells what
# each part of CI costs; the run ends with the steps' start times and the CPU time it took.
stamped() {
  local line
  while IFS= read -r line; do printf '[%5d s] %s\n' "$SECONDS" "$line"; done
}

make_base || exit 3 # .ci/run tells this failure (no fresh root could be made) from a failing test
new_root "$root"
git clone -q "$top" "$root/src/project"
: > "$log"
status=0
case "$mode" in
  test)
    cmd=$("$top/packaging/readme-command.sh" test)
    echo "== fresh Debian 12: $cmd" | tee -a "$log"
    if run_in "$root" "$cmd" 2>&1 | stamped | tee -a "$log"; then # pipefail: the command's status
      echo "PASS test command on a fresh Debian 12 in $SECONDS s: $cmd" | tee -a "$log"
    else
      status=1; echo "FAIL test command on a fresh Debian 12: $cmd (log: $log)"
    fi
    steps=$(grep -E '^\[ *[0-9]+ s\] (setup-|Executing workflow step)' "$log" || true)
    { echo "== steps:"; echo "$steps"
      echo "== CPU time (user, system) of this script, then of everything it ran:"; times; } >> "$log"
    run_in "$root" "ccache --show-stats" >> "$log" 2>&1 || true # how much of both builds the cache served
    ;;
  gui)
    cmd=$("$top/packaging/readme-command.sh" gui)
    pre=${cmd% && *}; program=${cmd##* && } # set-up and build in full, then the program for 25 s
    echo "== fresh Debian 12: $cmd" | tee -a "$log"
    code=0
    run_in "$root" "$pre" >> "$log" 2>&1 || code=$?
    if [ $code = 0 ]; then
      run_in "$root" "export QT_QPA_PLATFORM=offscreen; timeout 25 $program" >> "$log" 2>&1 || code=$?
    fi
    if [ $code = 124 ]; then echo "PASS GUI command still running after 25 s: $cmd" | tee -a "$log"
    else status=1; tail -30 "$log"; echo "FAIL GUI command exited $code: $cmd (log: $log)"; fi
    ;;
  deb)
    echo "== fresh Debian 12: build the .deb, then apt-get install it into a second fresh root" | tee -a "$log"
    if run_in "$root" 'packaging/setup-debian.sh && cmake --preset dev && cmake --build --preset dev && cd build && cpack -G DEB' \
        >> "$log" 2>&1; then
      deb=$(ls "$root"/src/project/build/lockscope_*.deb | head -n 1)
      debname=$(basename "$deb")
      installed=$home/root-deb-installed
      new_root "$installed"
      cp "$deb" "$installed/tmp/"
      if run_in "$installed" "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$debname >/dev/null \
          && dpkg -s lockscope | grep -E '^(Version|Depends|Recommends):' \
          && lockscope-cli --sandbox ping \
          && QT_QPA_PLATFORM=offscreen timeout 60 lockscope --screenshot /tmp/shot.png && test -s /tmp/shot.png" >> "$log" 2>&1; then
        cp "$installed/tmp/shot.png" "$home/deb-shot.png"
        echo "PASS .deb installs and runs on a fresh Debian 12 ($debname; screenshot: $home/deb-shot.png)" | tee -a "$log"
      else
        status=1; tail -30 "$log"; echo "FAIL the installed .deb (log: $log)"
      fi
    else
      status=1; tail -30 "$log"; echo "FAIL building the .deb (log: $log)"
    fi
    ;;
  *) echo "fresh-debian-check: unknown mode '$mode' (test, gui or deb)" >&2; exit 2 ;;
esac
exit $status
