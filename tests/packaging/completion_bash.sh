#!/usr/bin/env bash
# The bash completions as built, driven the way bash drives them on Tab: the script is sourced,
# COMP_WORDS and COMP_CWORD say the command line, the function fills COMPREPLY.
#   completion_bash.sh BUILD_DIR
set -u
build=$1
completions=$build/packaging/completions/bash
source "$(dirname "${BASH_SOURCE[0]}")/completion_home.sh" || exit 1
export PATH=$build/app:$PATH
source "$completions/lockscope-cli" || exit 1
source "$completions/lockscope" || exit 1

failures=0
# complete FUNCTION WORD...: what the function offers for the last word of the command line.
complete_words() {
  local function=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  "$function"
  printf '%s\n' "${COMPREPLY[@]}" | sort
}
# offers WHAT "WORD ..." FUNCTION LINE...: every WORD is offered for the last word of LINE.
offers() {
  local what=$1 expected=$2 function=$3
  shift 3
  local got
  got=$(complete_words "$function" "$@")
  local word
  for word in $expected; do
    grep -qxF -- "$word" <<<"$got" || { echo "FAIL $what: '$*' does not offer $word; it offers: $(echo $got)"; failures=$((failures + 1)); }
  done
}
# offers_only WHAT "WORD,..." FUNCTION LINE...: exactly these words (separated by commas) are offered.
offers_only() {
  local what=$1 expected=$2 function=$3
  shift 3
  local got want
  local -a words
  got=$(complete_words "$function" "$@")
  IFS=, read -ra words <<<"$expected"
  want=$(printf '%s\n' "${words[@]}" | sort)
  [[ "$got" == "$want" ]] || { echo "FAIL $what: '$*' offers [$(echo $got)], not [$(echo $want)]"; failures=$((failures + 1)); }
}
offers_nothing_of() {
  local what=$1 unexpected=$2 function=$3
  shift 3
  local got word
  got=$(complete_words "$function" "$@")
  for word in $unexpected; do
    grep -qxF -- "$word" <<<"$got" && { echo "FAIL $what: '$*' offers $word"; failures=$((failures + 1)); }
  done
}

cli=_lockscope_cli
offers "commands" "ping list watch release extend lock stress demo record history" $cli lockscope-cli ""
offers_only "a command by its start" "list,lock" $cli lockscope-cli l
offers "global options" "--url --user --password-env --tls-ca --read-only --sandbox --help --version" $cli lockscope-cli --
offers "the command after global options and their values" "stress watch" $cli lockscope-cli --url redis://h:1 --read-only ""
offers "a command's options" "--pattern --lock-pattern --no-possible --json" $cli lockscope-cli list --
offers "global options after the command" "--url --read-only --tls-ca" $cli lockscope-cli list --
offers_nothing_of "another command's options" "--kind --clients --fault" $cli lockscope-cli list --
offers "stress options" "--kind --clients --locks --hold-ms --duration --fault --wait-replicas" $cli lockscope-cli --sandbox stress --
offers_only "lock kinds" "legacy,naive,token,reentrant,fair,read,write,semaphore,redlock" $cli lockscope-cli stress --kind ""
offers_only "lock kinds by their start" "read,reentrant,redlock" $cli lockscope-cli lock x --kind re
offers "demo scenarios" "naive-race getset-recovery token-crash fencing watchdog fair-vs-unfair redlock failover" $cli lockscope-cli demo ""
offers_only "choices of a value" "held,contended,expired" $cli lockscope-cli history --top ""
offers_only "saved profiles' names" "staging,prod\\ eu" $cli lockscope-cli record --profile ""
offers_only "saved profiles' names by their start" "staging" $cli lockscope-cli history x --profile st
mkdir -p "$work/certs" && touch "$work/certs/ca.pem"
offers_only "files for a FILE value" "$work/certs/ca.pem" $cli lockscope-cli --tls-ca "$work/certs/c"
offers_only "files for a FILE value after =" "$work/certs/ca.pem" $cli lockscope-cli "--tls-ca=$work/certs/c"
offers_only "the commands help knows" "list,lock" $cli lockscope-cli help l
export LOCKSCOPE_COMPLETION_TEST_VARIABLE=1
offers_only "variables for --password-env" "LOCKSCOPE_COMPLETION_TEST_VARIABLE" $cli lockscope-cli --password-env LOCKSCOPE_COMPLETION_TEST
offers_only "nothing for a free value" "" $cli lockscope-cli --connect-timeout ""
offers "the program after lock's --" "bash" $cli lockscope-cli lock job -- bas

gui=_lockscope
offers "GUI options" "--url --screenshot --screenshot-tool --sample-locks --read-only --version --help" $gui lockscope --
offers_nothing_of "hidden options" "--list-profiles" $gui lockscope --
offers_only "GUI options by their start" "--screenshot,--screenshot-tool" $gui lockscope --scr

if ((failures > 0)); then
  echo "$failures completion check(s) failed"
  exit 1
fi
echo "bash completions of lockscope-cli and lockscope: all offers as expected"
