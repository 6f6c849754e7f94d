#pragma once

#include <string>

namespace lockscope {

// Where the token and redlock kinds keep the fencing counter of a lock name: a plain integer
// STRING `lockscope:fence:{<name>}`, INCRed in the same atomic step that takes the lock (the
// token kind's MULTI/EXEC, redlock's script), never expiring (a counter that expired would
// start again at 1 and break monotonicity). The braces put it in the lock's cluster slot, so
// one transaction or script may touch both keys. Not written at all with Fencing::Off.
class FencingCounter
{
public:
    static std::string keyFor(const std::string& lockName);
};

} // namespace lockscope
