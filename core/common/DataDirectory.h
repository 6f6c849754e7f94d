#pragma once

#include <map>
#include <string>

namespace lockscope {

// Where LockScope keeps what it writes for the user (audit log, history): $XDG_DATA_HOME/lockscope,
// else $HOME/.local/share/lockscope; empty when neither variable is set.
std::string lockscopeDataDirectory(const std::map<std::string, std::string>& environment);

} // namespace lockscope
