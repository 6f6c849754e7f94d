#include "fleet/FleetListing.h"

#include "inspect/scan/MasterConnections.h"

#include <thread>

namespace lockscope {

std::vector<MemberListing> FleetListing::list(
    const std::vector<FleetMember>& members, const InspectOptions& options, int readersPerMaster)
{
    std::vector<MemberListing> listings(members.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < members.size(); ++i) {
        listings[i].member = &members[i];
        threads.emplace_back([&, i] {
            ConnectionOptions connection = members[i].connection;
            connection.clientRole = "cli";
            auto masters = MasterConnections::open(connection, readersPerMaster);
            if (!masters) {
                listings[i].unreachable = masters.error();
                return;
            }
            listings[i].result = LockInspector::inspect(masters->targets(), options);
        });
    }
    for (auto& thread : threads)
        thread.join();
    return listings;
}

} // namespace lockscope
