#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// The one key that tells locks apart across masters: the master's host:port, a newline, and
// the lock's name. A host:port never holds a newline, so the first one splits the key even when
// the name holds some. The watcher keys its raw names with it, the GUI its escaped ones.
struct LockKey
{
    static std::string of(std::string_view node, std::string_view name);
};

} // namespace lockscope
