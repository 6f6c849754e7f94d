# Sourced by completion_bash.sh and completion_zsh.zsh (so written for both shells): a throw-away
# HOME, removed on exit, whose profile store (the QSettings file the GUI reads,
# ~/.config/LockScope/LockScope.conf) holds two profiles, "staging" and "prod eu".
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config HOME=$work
mkdir -p "$XDG_CONFIG_HOME/LockScope"
printf '[connections]\nprofiles\\1\\id=p1\nprofiles\\1\\name=staging\nprofiles\\2\\id=p2\nprofiles\\2\\name=prod eu\nprofiles\\size=2\n' \
  > "$XDG_CONFIG_HOME/LockScope/LockScope.conf"
