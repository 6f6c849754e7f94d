#!/usr/bin/env bash
# Prints one of the README's two set-up commands, so that CI and the fresh-machine checks run
# exactly what a user reads: `readme-command.sh gui` (the first ```sh block: builds the programs
# only, `--build --preset programs`) or `test` (the second: builds and runs everything).
set -euo pipefail
case "${1:-}" in
  gui) block=1 ;;
  test) block=2 ;;
  *) echo "usage: readme-command.sh gui|test" >&2; exit 2 ;;
esac
readme="$(dirname "$0")/../README.md"
command=$(awk -v want="$block" '/^```sh/{n++; f=(n==want); next} /^```/{f=0} f' "$readme" | head -n 1)
[ -n "$command" ] || { echo "readme-command: no ${1} command in $readme" >&2; exit 1; }
# The GUI command must not build the test suites (issue 42: that took most of 20 minutes).
if [ "$1" = gui ] && [[ "$command" != *"--build --preset programs"* ]]; then
  echo "readme-command: the README's GUI command should build --preset programs: $command" >&2
  exit 1
fi
printf '%s\n' "$command"
