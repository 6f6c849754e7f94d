#pragma once

#include "inspect/LockSnapshot.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace lockscope {

// The human-readable table of `list`: one row per lock, names and owners as text when they are
// UTF-8 (DisplayText: invalid bytes as \xHH, never raw control characters), columns as wide as
// the terminal shows them, long cells shortened, a footer with the count and the stuck locks'
// reasons. Given `servers` (the server of each lock, same order), a SERVER column comes first.
// `colour`: a stuck lock's "yes" in red (only on a terminal, never with NO_COLOR: Terminal).
class LockTable
{
public:
    static void print(const std::vector<LockSnapshot>& locks, std::ostream& out,
        const std::vector<std::string>& servers = {}, bool colour = false);
};

} // namespace lockscope
