#!/usr/bin/env zsh
# The zsh completions as built, driven as zsh's completion system drives them: `words` and
# CURRENT say the command line, the script is run, and what it hands to compadd (or _files,
# _parameters) is what it offers. compadd is replaced by a function that filters by the current
# word, as the real one does.
#   completion_zsh.zsh BUILD_DIR
build=$1
completions=$build/packaging/completions/zsh
source "${0:A:h}/completion_home.sh" || exit 1
path=($build/app $path)

typeset -a offered words
typeset -i CURRENT failures=0
compadd() { [[ $1 == -- ]] && shift; local w; for w in "$@"; do [[ $w == "${words[CURRENT]}"* ]] && offered+=("$w"); done }
_files() { offered+=("(files)") }
_parameters() { offered+=("(parameters)") }
_command_names() { offered+=("(commands)") }

# offers_only WHAT "EXPECTED,..." SCRIPT WORD...: exactly EXPECTED (words separated by commas) is
# offered for the last word.
offers_only() {
  local what=$1 expected=$2 script=$3
  shift 3
  words=("$@")
  CURRENT=$#
  offered=()
  source "$completions/$script"
  local got=${(j:,:)${(o)offered}} want=${(j:,:)${(o)${(s:,:)expected}}}
  if [[ $got != $want ]]; then
    print "FAIL $what: '$*' offers [$got], not [$want]"
    failures+=1
  fi
}

cli=_lockscope-cli
offers_only "commands" "clients,demo,extend,help,history,list,lock,ping,record,release,stress,watch" $cli lockscope-cli ""
offers_only "a command by its start" "list,lock" $cli lockscope-cli l
offers_only "a command's options by their start" "--no-possible" $cli lockscope-cli list --no
offers_only "lock kinds" "legacy,naive,token,reentrant,fair,read,write,semaphore,redlock" $cli lockscope-cli --sandbox stress --kind ""
offers_only "demo scenarios by their start" "fair-vs-unfair,failover,fencing" $cli lockscope-cli demo f
offers_only "choices of a value" "held,contended,expired" $cli lockscope-cli history --top ""
offers_only "files for a FILE value" "(files)" $cli lockscope-cli record --db ""
offers_only "variables for --password-env" "(parameters)" $cli lockscope-cli --password-env ""
offers_only "the program after lock's --" "(commands)" $cli lockscope-cli lock job -- ""
offers_only "saved profiles' names" "staging,prod eu" $cli lockscope-cli record --profile ""
offers_only "GUI options by their start" "--screenshot,--screenshot-tool" _lockscope lockscope --scr

if ((failures > 0)); then
  print "$failures completion check(s) failed"
  exit 1
fi
print "zsh completions of lockscope-cli and lockscope: all offers as expected"
