#!/usr/bin/env bash
# lockscope-cli's commands and flags, as its definition (cli/CommandLine.cpp) lists them
# (`lockscope-cli --generate flags`), against everything written from it: --help of each command,
# the manual page (each flag in its command's section), and the bash, zsh and fish completions
# (each flag offered after its command, driven as each shell drives them on Tab). Fails on the
# first disagreement: a flag missing from any of them.
#   cli_docs_consistency.sh BUILD_DIR [MANUAL_PAGE]
set -u
build=$1
cli=$build/app/lockscope-cli
page=${2:-$build/packaging/manpages/lockscope-cli.1}
completions=$build/packaging/completions
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

definition=$("$cli" --generate flags) || { echo "lockscope-cli --generate flags failed"; exit 1; }
[[ $(wc -l <<<"$definition") -gt 50 ]] || { echo "too few flags defined: $definition"; exit 1; }
commands=$(awk '$1 != "-" { print $1 }' <<<"$definition" | sort -u)
roff=$(cat "$page")

# The roff text of a section: a command's (.SS "NAME ...") or the global OPTIONS (.SH OPTIONS).
section() {
  if [[ $1 == - ]]; then
    awk '/^\.SH OPTIONS/ { on = 1; next } /^\.S[HS] / { on = 0 } on' <<<"$roff"
  else
    awk -v name="$1" 'index($0, ".SS \"" name) == 1 { on = 1; next } /^\.S[HS] / { on = 0 } on' <<<"$roff"
  fi
}
as_roff() { sed 's/-/\\-/g' <<<"$1"; }

# What each shell offers after "lockscope-cli COMMAND --" (or "lockscope-cli --").
bash_offers() {
  (
    source "$completions/bash/lockscope-cli" || exit 1
    if [[ $1 == - ]]; then COMP_WORDS=(lockscope-cli --); else COMP_WORDS=(lockscope-cli "$1" --); fi
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _lockscope_cli
    printf '%s\n' "${COMPREPLY[@]}"
  )
}
zsh_offers() {
  zsh -f -c '
    typeset -a offered words; typeset -i CURRENT
    compadd() { [[ $1 == -- ]] && shift; local w; for w in "$@"; do [[ $w == "${words[CURRENT]}"* ]] && offered+=("$w"); done }
    if [[ $2 == - ]]; then words=(lockscope-cli --); else words=(lockscope-cli $2 --); fi
    CURRENT=$#words
    source $1
    print -l -- $offered' zsh "$completions/zsh/_lockscope-cli" "$1"
}
fish_offers() {
  local line="lockscope-cli $1 --"
  [[ $1 == - ]] && line="lockscope-cli --"
  fish --no-config -c "source '$completions/fish/lockscope-cli.fish'; complete -C '$line'" | cut -f1
}

for command in - $commands; do
  flags=$(awk -v c="$command" '$1 == c { print $2 }' <<<"$definition")
  if [[ $command == - ]]; then help=$("$cli" --help); else help=$("$cli" "$command" --help); fi
  text=$(section "$command")
  [[ -n $text || -z $flags ]] || fail "lockscope-cli(1) has no section for '$command'"
  bash_words=$(bash_offers "$command")
  zsh_words=$(zsh_offers "$command")
  fish_words=$(fish_offers "$command")
  for flag in $flags; do
    where="${command/#-/the global options}: $flag"
    grep -qF -- "$flag" <<<"$help" || fail "$where is not in its --help"
    grep -qF -- "\\fB$(as_roff "$flag")\\fR" <<<"$text" || fail "$where is not in its section of lockscope-cli(1)"
    grep -qxF -- "$flag" <<<"$bash_words" || fail "$where is not offered by the bash completion"
    grep -qxF -- "$flag" <<<"$zsh_words" || fail "$where is not offered by the zsh completion"
    grep -qxF -- "$flag" <<<"$fish_words" || fail "$where is not offered by the fish completion"
  done
done
# Every command: in the manual page, in --help, offered by each shell.
help=$("$cli" --help)
bash_words=$(source "$completions/bash/lockscope-cli"; COMP_WORDS=(lockscope-cli ""); COMP_CWORD=1; COMPREPLY=(); _lockscope_cli; printf '%s\n' "${COMPREPLY[@]}")
fish_words=$(fish --no-config -c "source '$completions/fish/lockscope-cli.fish'; complete -C 'lockscope-cli '" | cut -f1)
for command in $commands; do
  grep -q "^\.SS \"$command" <<<"$roff" || fail "command $command has no section in lockscope-cli(1)"
  grep -q "^  $command " <<<"$help" || fail "command $command is not listed by --help"
  grep -qxF "$command" <<<"$bash_words" || fail "command $command is not offered by bash"
  grep -qxF "$command" <<<"$fish_words" || fail "command $command is not offered by fish"
done
grep -q '^\.SH EXAMPLES' <<<"$roff" || fail "lockscope-cli(1) has no EXAMPLES section"

if ((failures > 0)); then
  echo "$failures disagreement(s) between lockscope-cli's definition and its help, manual page and completions"
  exit 1
fi
echo "lockscope-cli: $(wc -l <<<"$definition") flags of $(wc -w <<<"$commands") commands, in --help, the manual page and the bash, zsh and fish completions"
