#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/scan/KeyspaceScanner.h"
#include "redis/RedisConnection.h"

#include <string>
#include <vector>

namespace lockscope {

class BlockedPopCensus;
class ServerClock;
class SharedHolderMemory;

// One master to inspect: its connection and the label shown as the lock's node (host:port).
// Standalone: one target. Cluster: one target per master (SCAN sees only its own node).
struct InspectTarget
{
    InspectTarget() = default;
    InspectTarget(
        std::string nodeLabel, RedisConnection* nodeConnection, std::vector<RedisConnection*> extra = {})
        : node(std::move(nodeLabel))
        , connection(nodeConnection)
        , readers(std::move(extra))
    {
    }

    std::string node;
    RedisConnection* connection = nullptr;
    // Optional extra connections to the same node for reading batches in parallel.
    std::vector<RedisConnection*> readers;
};

struct InspectOptions
{
    ScanOptions scan; // SCAN patterns, batch size, read limits, cancellation, progress
    std::vector<std::string> lockPatterns; // the user's "these keys are locks" globs
    // Lets repeated inspections share one CLIENT LIST reading (see BlockedPopCensus); null: each
    // inspection reads its own.
    BlockedPopCensus* blockedPops = nullptr;
    // Lets repeated inspections share one reading of the server's TIME (see ServerClock); null:
    // each inspection reads TIME.
    ServerClock* serverClock = nullptr;
    // Holder values seen shared by earlier inspections (see SharedHolderMemory); null: none.
    SharedHolderMemory* sharedHolders = nullptr;
};

struct NodeFailure
{
    std::string node;
    RedisError error;
};

struct InspectResult
{
    std::vector<LockSnapshot> locks;
    std::vector<NodeFailure> failures; // nodes that could not be inspected (others still are)
    size_t keysSeen = 0;
    bool cancelled = false;
};

// Scan, classify, group: the keyspace of every target turned into a list of locks.
class LockInspector
{
public:
    static InspectResult inspect(const std::vector<InspectTarget>& targets, const InspectOptions& options);
    // Reads the locks that the given key names belong to, without scanning (for re-reading one
    // lock before an admin action). `names` are candidate keys: RecognizerCatalog::keysOfLock.
    // `namesAreEveryKey`: the names are all the keys their locks can have now (a watcher that
    // knows each lock's keys and heard of every other key that changed), so related keys that are
    // not among them are not looked for, and the names' TTLs are read with their values.
    static Result<std::vector<LockSnapshot>> inspectKeys(const InspectTarget& target,
        const std::vector<std::string>& names, const InspectOptions& options, bool namesAreEveryKey = false);
    // The same for `names` that are all the keys of locks of one known format (see
    // LockClassifier::addKnown): their own reads and that format's recogniser only.
    static Result<std::vector<LockSnapshot>> inspectKnownKeys(const InspectTarget& target,
        const std::vector<std::string>& names, std::uint16_t format, const InspectOptions& options);
};

} // namespace lockscope
