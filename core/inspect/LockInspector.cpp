#include "inspect/LockInspector.h"

#include "inspect/LockClassifier.h"

#include <algorithm>

namespace lockscope {

namespace {

ClassifierOptions classifierOptions(const InspectOptions& options)
{
    ClassifierOptions classifier;
    classifier.userPatterns = options.lockPatterns;
    classifier.limits = options.scan.limits;
    classifier.blockedPops = options.blockedPops;
    classifier.serverClock = options.serverClock;
    classifier.sharedHolders = options.sharedHolders;
    return classifier;
}

// A classifier for `target`, begun, handed to `classify` (which adds named keys and finishes).
template <typename Classify>
Result<std::vector<LockSnapshot>> classifyNamed(
    const InspectTarget& target, const InspectOptions& options, const Classify& classify)
{
    if (!target.connection)
        return makeError(ErrorKind::Internal, "no connection");
    LockClassifier classifier(*target.connection, target.node, classifierOptions(options));
    auto begun = classifier.begin();
    if (!begun)
        return begun.error();
    return classify(classifier);
}

} // namespace

InspectResult LockInspector::inspect(const std::vector<InspectTarget>& targets, const InspectOptions& options)
{
    InspectResult result;
    for (const auto& target : targets) {
        if (!target.connection) {
            result.failures.push_back({target.node, makeError(ErrorKind::Internal, "no connection")});
            continue;
        }
        LockClassifier classifier(*target.connection, target.node, classifierOptions(options));
        auto begun = classifier.begin();
        if (!begun) {
            result.failures.push_back({target.node, begun.error()});
            continue;
        }
        KeyspaceScanner scanner(*target.connection, target.node);
        ScanOptions scan = options.scan;
        scan.readers = target.readers;
        scan.wantContents = classifier.contentFilter();
        scan.keep = classifier.candidateFilter();
        // The candidates' TTLs are read in finish(), in one pipelined round: a PTTL round trip
        // per batch would double the readers' round trips.
        scan.readTtl = false;
        auto summary = scanner.scan(
            scan, [&](std::vector<RawKey>&& batch) { return classifier.addBatch(std::move(batch), false); });
        if (!summary) {
            result.failures.push_back({target.node, summary.error()});
            continue;
        }
        result.keysSeen += summary->keysSeen;
        if (summary->cancelled) {
            result.cancelled = true;
            break;
        }
        auto locks = classifier.finish(options.scan.patterns.empty());
        if (!locks) {
            result.failures.push_back({target.node, locks.error()});
            continue;
        }
        // Moved as a whole, or appended into room made once: a growing vector of snapshots
        // would hold its old and new buffers at once.
        if (result.locks.empty()) {
            result.locks = std::move(*locks);
            continue;
        }
        result.locks.reserve(result.locks.size() + locks->size());
        for (auto& lock : *locks)
            result.locks.push_back(std::move(lock));
    }
    std::stable_sort(
        result.locks.begin(), result.locks.end(), [](const LockSnapshot& a, const LockSnapshot& b) {
            return a.name != b.name ? a.name < b.name : a.node < b.node;
        });
    return result;
}

Result<std::vector<LockSnapshot>> LockInspector::inspectKeys(const InspectTarget& target,
    const std::vector<std::string>& names, const InspectOptions& options, bool namesAreEveryKey)
{
    return classifyNamed(
        target, options, [&](LockClassifier& classifier) -> Result<std::vector<LockSnapshot>> {
            auto added = classifier.addNamed(names, namesAreEveryKey);
            if (!added)
                return added.error();
            return classifier.finish(false, namesAreEveryKey);
        });
}

Result<std::vector<LockSnapshot>> LockInspector::inspectKnownKeys(const InspectTarget& target,
    const std::vector<std::string>& names, std::uint16_t format, const InspectOptions& options)
{
    return classifyNamed(
        target, options, [&](LockClassifier& classifier) -> Result<std::vector<LockSnapshot>> {
            auto added = classifier.addKnown(names, format);
            if (!added)
                return added.error();
            return classifier.finishAs(format);
        });
}

} // namespace lockscope
