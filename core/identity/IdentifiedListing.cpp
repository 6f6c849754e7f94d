#include "identity/IdentifiedListing.h"

#include "identity/HolderIdentifier.h"
#include "inspect/scan/MasterConnections.h"

#include <memory>
#include <thread>

namespace lockscope {

Result<IdentifiedListing> IdentifiedListing::list(const ConnectionOptions& options,
    const InspectOptions& inspect, const SampleOptions& sample, int readersPerMaster)
{
    auto masters = MasterConnections::open(options, readersPerMaster);
    if (!masters)
        return masters.error();
    const auto targets = masters->targets();
    IdentifiedListing listing;
    const InspectResult before = LockInspector::inspect(targets, inspect);
    if (before.cancelled) {
        listing.result = before;
        return listing;
    }

    std::vector<std::unique_ptr<HolderIdentifier>> identifiers;
    std::vector<std::thread> threads;
    listing.samples.resize(targets.size());
    for (size_t i = 0; i < targets.size(); ++i)
        identifiers.push_back(std::make_unique<HolderIdentifier>());
    for (size_t i = 0; i < targets.size(); ++i) {
        threads.emplace_back([&, i] {
            std::vector<LockSnapshot> mine;
            for (const auto& lock : before.locks) {
                if (lock.node == targets[i].node)
                    mine.push_back(lock);
            }
            auto monitor = masters->openAnother(targets[i].node);
            if (!monitor) {
                listing.samples[i].end = SampleEnd::Refused;
                listing.samples[i].error = monitor.error();
                return;
            }
            listing.samples[i] = identifiers[i]->sample(
                **monitor, *targets[i].connection, mine, sample, inspect.scan.cancel);
        });
    }
    for (auto& thread : threads)
        thread.join();

    listing.result = LockInspector::inspect(targets, inspect);
    for (size_t i = 0; i < targets.size(); ++i) {
        // Locks of this master, identified together (one CLIENT LIST reading), then put back.
        std::vector<LockSnapshot> mine;
        std::vector<size_t> at;
        for (size_t j = 0; j < listing.result.locks.size(); ++j) {
            if (listing.result.locks[j].node == targets[i].node) {
                mine.push_back(std::move(listing.result.locks[j]));
                at.push_back(j);
            }
        }
        identifiers[i]->attach(*targets[i].connection, mine);
        for (size_t k = 0; k < at.size(); ++k)
            listing.result.locks[at[k]] = std::move(mine[k]);
        // Said once per master (named when there are several), never once per lock.
        auto note = [&](UserText text) {
            listing.notes.push_back(targets.size() > 1
                    ? UserText(
                        LOCKSCOPE_TEXT("IdentifiedListing", "%1: %2"), targets[i].node, std::move(text))
                    : std::move(text));
        };
        if (UserText why = listing.samples[i].why(); !why.empty())
            note(std::move(why));
        if (const auto& refused = identifiers[i]->clientListRefusal())
            note(UserText(LOCKSCOPE_TEXT("IdentifiedListing",
                              "holders' connections not named: CLIENT LIST refused (%1)"),
                refused->message));
    }
    return listing;
}

} // namespace lockscope
