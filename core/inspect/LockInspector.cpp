#include "inspect/LockInspector.h"

#include "inspect/LockClassifier.h"
#include "inspect/NameOrder.h"

#include <algorithm>

namespace lockscope {

namespace {

// Stable, by name then node. The positions are sorted (NameOrder) and the snapshots then moved
// along the permutation's cycles, each once: a sort of the snapshots themselves moves each one
// some twenty times and takes a buffer of them as large as the list.
void sortByNameAndNode(std::vector<LockSnapshot>& locks)
{
    std::vector<size_t> order = NameOrder::of(
        locks.size(), [&locks](size_t i) { return std::string_view(locks[i].name); },
        [&locks](size_t a, size_t b) {
            const LockSnapshot& left = locks[a];
            const LockSnapshot& right = locks[b];
            return left.name != right.name ? left.name < right.name : left.node < right.node;
        });
    // order[i]: where the snapshot that belongs at i is now.
    for (size_t start = 0; start < order.size(); ++start) {
        if (order[start] == start)
            continue;
        LockSnapshot moving = std::move(locks[start]);
        size_t at = start;
        while (order[at] != start) {
            const size_t from = order[at];
            locks[at] = std::move(locks[from]);
            order[at] = at;
            at = from;
        }
        locks[at] = std::move(moving);
        order[at] = at;
    }
}

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
        // Reader threads drop ordinary data where they read it and note each kept key's
        // candidacy, beside this thread, which classifies. The candidates' TTLs are read here,
        // in rounds of a few thousand: a PTTL round trip per batch in the readers held up the
        // scan of a keyspace of mostly ordinary data by a fifth (bench_ListLocks).
        if (!scan.readers.empty())
            scan.keep = classifier.candidateFilter();
        scan.readTtl = false;
        auto summary = scanner.scan(scan, [&](std::vector<RawKey>&& batch) {
            return classifier.addBatch(std::move(batch), LockClassifier::Ttls::NotRead);
        });
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
    sortByNameAndNode(result.locks);
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
