#include "fleet/FleetListing.h"

#include "identity/IdentifiedListing.h"
#include "inspect/scan/MasterConnections.h"

#include <thread>

namespace lockscope {

std::vector<MemberListing> FleetListing::list(const std::vector<FleetMember>& members,
    const InspectOptions& options, int readersPerMaster, const SampleOptions* identify)
{
    std::vector<MemberListing> listings(members.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < members.size(); ++i) {
        listings[i].member = &members[i];
        threads.emplace_back([&, i] {
            ConnectionOptions connection = members[i].connection;
            connection.clientRole = "cli";
            if (identify) {
                auto identified = IdentifiedListing::list(connection, options, *identify, readersPerMaster);
                if (!identified) {
                    listings[i].unreachable = identified.error();
                    return;
                }
                listings[i].result = std::move(identified->result);
                listings[i].notes = std::move(identified->notes);
                return;
            }
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
