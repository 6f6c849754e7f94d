#pragma once

#include "inspect/LockSnapshot.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace lockscope {

// The human-readable table of `list`: one row per lock, names and owners escaped (binary
// bytes as \xHH, never raw control characters), long cells shortened, a footer with the
// count and the stuck locks' reasons. Given `servers` (the server of each lock, same order),
// a SERVER column comes first.
class LockTable
{
public:
    static void print(const std::vector<LockSnapshot>& locks, std::ostream& out,
        const std::vector<std::string>& servers = {});
};

} // namespace lockscope
