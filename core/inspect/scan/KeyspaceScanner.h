#pragma once

#include "inspect/scan/BoundedKeyReader.h"
#include "inspect/scan/RawKey.h"
#include "redis/RedisConnection.h"

#include <functional>
#include <string>
#include <vector>

namespace lockscope {

class CancellationToken;

struct ScanProgress
{
    std::string node;
    size_t keysSeen = 0; // names SCAN returned so far on this node
    size_t keysRead = 0; // of them, read (matched the patterns and still existed)
    long long totalKeys = -1; // DBSIZE at the start, -1 when unknown
    // Names handed to the reader threads and not read yet: bounded by a few SCAN pages per
    // reader whatever the keyspace size (the scanner waits for the readers, it never queues
    // the keyspace).
    size_t keysInFlight = 0;
    // With ScanOptions::maxServerLoad: the time waited so far to stay within it.
    long long pacedMs = 0;
    double serverLoad = 0; // the budget it keeps to (ScanOptions::maxServerLoad), 0: unpaced
    bool finished = false;
};

struct ScanOptions
{
    // Glob patterns; empty scans everything. One pattern goes to SCAN MATCH; several are
    // matched here so that the keyspace is walked once.
    std::vector<std::string> patterns;
    int count = 1000; // SCAN COUNT hint
    ReadLimits limits;
    // Read the PTTL of every key that `keep` accepts.
    bool readTtl = true;
    // Keys worth reading beyond their type (the classifier's: no lock format uses a plain list).
    BoundedKeyReader::ContentFilter wantContents;
    // Keys worth handing on once read (the classifier's candidates). Applied where the keys are
    // read, on the reader threads, so ordinary data costs neither a PTTL nor the caller's time.
    BoundedKeyReader::KeepFilter keep;
    // More connections to the same node: batches are then read on them in parallel (see
    // ParallelKeyReader) while this scanner's own connection walks the cursor.
    std::vector<RedisConnection*> readers;
    const CancellationToken* cancel = nullptr;
    // The share of the server's time the walk and its reads may take (0.1: 10%), paced after
    // every page (ServerLoadBudget): pages of at most pacedCount keys, read on this connection
    // only (the readers are not used), so that other clients wait behind a small burst at most.
    // 0: as fast as it can.
    double maxServerLoad = 0;
    static constexpr int pacedCount = 100;
    // The budget of a connection marked production when none was given.
    static constexpr double productionServerLoad = 0.1;
    // `maxServerLoad` as given, else the production default for such a connection.
    static double serverLoadFor(double given, bool production)
    {
        return given > 0 ? given : production ? productionServerLoad : 0;
    }
    std::function<void(const ScanProgress&)> progress; // after every batch
};

struct ScanSummary
{
    size_t keysSeen = 0;
    size_t keysRead = 0;
    bool cancelled = false;
};

// Walks one node's keyspace with a SCAN cursor and reads every key in bounded, pipelined
// batches (see BoundedKeyReader). For a cluster the caller runs one scanner per master: SCAN only
// covers the node it is sent to. Memory stays bounded: each batch goes to `onBatch` and is
// not kept.
class KeyspaceScanner
{
public:
    using BatchHandler = std::function<Status(std::vector<RawKey>&& batch)>;

    KeyspaceScanner(RedisConnection& connection, std::string nodeLabel);
    Result<ScanSummary> scan(const ScanOptions& options, const BatchHandler& onBatch);

private:
    RedisConnection& m_connection;
    std::string m_node;
};

} // namespace lockscope
