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
# Run from anywhere in the project, as root. The base root is made once and kept as a tarball
# under $LOCKSCOPE_FRESH_HOME (default /var/tmp/lockscope-fresh-debian); every run unpacks a new
# root from it, so nothing of an earlier run is left but downloaded .deb files (a cache of
# archives only: every package is still installed from scratch). Logs: $home/<mode>.log.
set -euo pipefail
mode=${1:?usage: fresh-debian-check.sh test|gui|deb}
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
home=${LOCKSCOPE_FRESH_HOME:-/var/tmp/lockscope-fresh-debian}
base=$home/base.tar
root=$home/root-$mode
archives=$home/apt-archives
log=$home/$mode.log
release=bookworm # Debian 12: the release the README's commands are verified on

[ "$(id -u)" = 0 ] || { echo "fresh-debian-check: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
mkdir -p "$home" "$archives/partial"


mounted=()
unmount_all() {
  local r
  for r in "$@"; do
    # A server a test left behind would keep the mounts busy: stop whatever runs in the root.
    for p in /proc/[0-9]*; do
      [ "$(readlink "$p/root" 2>/dev/null)" = "$r" ] && kill -9 "${p#/proc/}" 2>/dev/null || true
    done
    for m in var/cache/apt/archives dev/shm dev/pts dev sys proc; do umount -l "$r/$m" 2>/dev/null || true; done
  done
}
cleanup() { unmount_all "${mounted[@]+"${mounted[@]}"}"; }
trap cleanup EXIT

make_base() {
  [ -f "$base" ] && return 0
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
  local mirror
  mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
  echo "fresh-debian-check: making the base Debian 12 root (once; a few minutes)" >&2
  rm -rf --one-file-system "$home/base"
  if ! debootstrap --variant=minbase --include=git,ca-certificates "$release" "$home/base" "$mirror" \
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
  mount --bind /dev "$r/dev"
  mount --bind /dev/pts "$r/dev/pts"
  mount -t tmpfs tmpfs "$r/dev/shm"
  mount -t proc proc "$r/proc"
  mount -t sysfs sys "$r/sys"
  mount --bind "$archives" "$r/var/cache/apt/archives"
  mounted+=("$r")
}

run_in() { # run_in ROOT COMMAND: as a login-less root user of a fresh machine would
  chroot "$1" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 CI="${CI:-true}" /bin/bash -c "cd /src/project 2>/dev/null || cd /; $2"
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
    if run_in "$root" "$cmd" 2>&1 | tee -a "$log"; then # pipefail: the command's status
      echo "PASS test command on a fresh Debian 12: $cmd" | tee -a "$log"
    else
      status=1; echo "FAIL test command on a fresh Debian 12: $cmd (log: $log)"
    fi
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
