#pragma once

#include "common/CancellationToken.h"
#include "common/RedisError.h"
#include "common/UserText.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

namespace lockscope {

class IdentityLedger;
class RedisConnection;
struct MonitorLine;

struct SampleOptions
{
    // One lease period by default (Redisson's watchdog renews every 10 s of its 30 s lease;
    // node-redlock, redis-semaphore and python-redis-lock renew well within theirs), and never
    // more than a minute whatever is asked: MONITOR costs the server for as long as it runs.
    std::chrono::milliseconds duration {30000};
    static constexpr std::chrono::milliseconds longest {60000};
    // Bytes of the command stream read, kept or not, before the sample stops.
    size_t maxBytes = 64u * 1024 * 1024;
    // The server's INFO instantaneous_ops_per_sec above which a sample does not start, or stops
    // (the figure it comes from: docs/benchmarks.md, "Holder identity").
    long long busyOpsPerSecond = 20000;
    bool insist = false; // sample even when busier than that
};

// How a sample ended.
enum class SampleEnd
{
    Elapsed, // it ran its time
    Satisfied, // every holder it looked for was seen before the time was up
    Busy, // the server was busier than SampleOptions::busyOpsPerSecond
    ByteLimit, // it read SampleOptions::maxBytes
    Refused, // MONITOR refused (an ACL without +monitor) or could not be opened
    Cut, // the connection broke (a restart, a timeout): what it saw is kept
    Cancelled,
};

std::string_view sampleEndName(SampleEnd end);

struct SampleReport
{
    SampleEnd end = SampleEnd::Elapsed;
    size_t linesRead = 0;
    size_t linesKept = 0; // touching a lock key: the only ones looked at
    size_t linesSkipped = 0; // not exactly a MONITOR line
    size_t bytesRead = 0;
    std::optional<long long> opsPerSecond; // the busiest reading of the server's load
    std::optional<RedisError> error; // why it was refused or cut

    // For people, when the sample did not run its course (empty otherwise): said once per
    // server, not per lock.
    UserText why() const;
};

// An opt-in, bounded sample of one server's command stream (MONITOR) that learns which
// connection sends which holder value: renewals (Redisson's watchdog with its `<uuid>:<thread>`,
// node-redlock's extension, redis-semaphore's refresh, python-redis-lock's renewal, LockScope's
// own) and acquisitions. Only the lines whose keys are lock keys are looked at; every other line
// (other keys' values: sessions, personal data) is dropped as soon as it is read, never stored,
// logged or shown. Bounded in time, bytes and load; a sample cut short keeps what it learned.
class CommandSample
{
public:
    using KeyFilter = std::function<bool(std::string_view key)>;

    // Runs MONITOR on `monitor` (a dedicated connection, closed when the sample ends) and reads
    // the server's load on `control` about every second. `satisfied` is asked a few times a second
    // whether the sample may end early (everything looked for was found).
    static SampleReport run(RedisConnection& monitor, RedisConnection& control, const KeyFilter& isLockKey,
        IdentityLedger& ledger, const SampleOptions& options, const std::function<bool()>& satisfied = {},
        const CancellationToken* cancel = nullptr);

    // One line into the ledger if one of its keys is a lock key; whether it was.
    static bool take(const MonitorLine& line, const KeyFilter& isLockKey, IdentityLedger& ledger);

    // INFO's instantaneous_ops_per_sec, or nullopt if the server does not say.
    static std::optional<long long> opsPerSecond(RedisConnection& control);
};

} // namespace lockscope
