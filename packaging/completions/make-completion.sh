#!/bin/sh
# make-completion.sh PROGRAM TEMPLATE OUTPUT [ARGS...]: writes the completion script OUTPUT from
# `PROGRAM --help`, in English, and TEMPLATE (see help-to-completion.awk); with ARGS, the demo
# scenarios are read from `PROGRAM ARGS...` (lockscope-cli demo --list).
set -eu
program=$1 template=$2 output=$3
shift 3
LC_ALL=C LANG=C LANGUAGE='' QT_QPA_PLATFORM=offscreen "$program" --help > "$output.help"
: > "$output.scenarios"
[ $# -eq 0 ] || LC_ALL=C "$program" "$@" > "$output.scenarios"
awk -v program="$(basename "$program")" -v scenarioList="$output.scenarios" \
  -f "$(dirname "$0")/help-to-completion.awk" "$output.help" "$template" > "$output.tmp"
mv "$output.tmp" "$output"
