#!/bin/sh
# make-manpage.sh PROGRAM TEMPLATE OUTPUT VERSION DATE: writes OUTPUT (roff) and OUTPUT.gz (as
# Debian ships manual pages) from `PROGRAM --help`, in English, and TEMPLATE (see help-to-man.awk).
set -eu
program=$1 template=$2 output=$3 version=$4 date=$5
LC_ALL=C LANG=C LANGUAGE='' QT_QPA_PLATFORM=offscreen "$program" --help > "$output.help"
awk -v program="$(basename "$program")" -v version="$version" -v date="$date" \
  -f "$(dirname "$0")/help-to-man.awk" "$output.help" "$template" > "$output.tmp"
mv "$output.tmp" "$output"
gzip -9n -c "$output" > "$output.gz"
