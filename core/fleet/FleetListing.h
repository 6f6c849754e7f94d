#pragma once

#include "fleet/FleetMember.h"
#include "inspect/LockInspector.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// What one member's listing found: its locks, or why it could not be reached at all; failures
// of some of its masters (a cluster) come with the locks of the others.
struct MemberListing
{
    const FleetMember* member = nullptr;
    std::optional<RedisError> unreachable;
    InspectResult result;
};

// Lists the locks of every member at once, each on a thread of its own with its own
// connections, so that a server that hangs costs its own timeout, not the others' time.
class FleetListing
{
public:
    // `readersPerMaster` as for MasterConnections::open; `options` as for one server.
    static std::vector<MemberListing> list(
        const std::vector<FleetMember>& members, const InspectOptions& options, int readersPerMaster = 2);
};

} // namespace lockscope
