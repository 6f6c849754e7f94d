#!/usr/bin/env bash
# lockscope-cli's fish completion as built, asked as fish asks on Tab (`complete -C LINE`).
#   completion_fish.sh BUILD_DIR
set -u
script=$1/packaging/completions/fish/lockscope-cli.fish
failures=0
offered() { fish --no-config -c "source '$script'; complete -C '$1'" | cut -f1 | sort; }
# offers WHAT LINE WORD...: every WORD is offered for the end of LINE.
offers() {
  local what=$1 line=$2 got word
  shift 2
  got=$(offered "$line")
  for word in "$@"; do
    grep -qxF -- "$word" <<<"$got" || { echo "FAIL $what: '$line' does not offer $word; it offers: $(echo $got)"; failures=$((failures + 1)); }
  done
}
offers_nothing_of() {
  local what=$1 line=$2 got word
  shift 2
  got=$(offered "$line")
  for word in "$@"; do
    grep -qxF -- "$word" <<<"$got" && { echo "FAIL $what: '$line' offers $word"; failures=$((failures + 1)); }
  done
}
offers "commands" "lockscope-cli " ping list watch release extend lock stress demo record history help
offers "a command's flags" "lockscope-cli list --" --pattern --lock-pattern --no-possible --json
offers "global flags after the command" "lockscope-cli list --" --url --read-only
offers_nothing_of "another command's flags" "lockscope-cli list --" --clients --fault --ttl
offers "lock kinds" "lockscope-cli stress --kind " token reentrant redlock semaphore
offers "choices of a value" "lockscope-cli history --top " held contended expired
offers "demo scenarios" "lockscope-cli demo " naive-race fencing failover
offers "commands to ask help about" "lockscope-cli help " lock record
if ((failures > 0)); then
  echo "$failures completion check(s) failed"
  exit 1
fi
echo "fish completion of lockscope-cli: all offers as expected"
