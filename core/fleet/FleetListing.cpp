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
            InspectOptions paced = options;
            paced.scan.maxServerLoad
                = ScanOptions::serverLoadFor(options.scan.maxServerLoad, members[i].production);
            listings[i].result = LockInspector::inspect(masters->targets(), paced);
        });
    }
    for (auto& thread : threads)
        thread.join();
    return listings;
}

} // namespace lockscope
