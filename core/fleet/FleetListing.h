#pragma once

#include "fleet/FleetMember.h"
#include "identity/CommandSample.h"
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
    // With holders identified: what kept a master from being sampled, once per master.
    std::vector<UserText> notes;
};

// Lists the locks of every member at once, each on a thread of its own with its own
// connections, so that a server that hangs costs its own timeout, not the others' time.
class FleetListing
{
public:
    // `readersPerMaster` as for MasterConnections::open; `options` as for one server. With
    // `identify`, each member's holders are identified by a command sample (IdentifiedListing).
    static std::vector<MemberListing> list(const std::vector<FleetMember>& members,
        const InspectOptions& options, int readersPerMaster = 2, const SampleOptions* identify = nullptr);
};

} // namespace lockscope
