#pragma once

#include "inspect/LockSnapshot.h"
#include "redis/RedisConnection.h"

#include <map>
#include <random>
#include <string>

namespace lockscope {
class RedisServerProcess;
}

namespace lockscope::test {

// One change a churn benchmark writes: the command, the lock it changes and the state (holders,
// hold counts, waiters, in ChurnWorkload::stateOf's words) the lock is in once it ran.
struct ChurnChange
{
    RedisCommand command;
    std::string lockName;
    std::string state;
};

// What a churn benchmark writes and how it reads the outcome, for runChurn.
class ChurnWorkload
{
public:
    virtual ~ChurnWorkload() = default;
    // Writes every lock in its first state (the writer's model starts there too).
    virtual Status populate(RedisConnection& writer) = 0;
    virtual ChurnChange next(std::mt19937& random) = 0;
    // The state of a lock as the watcher reported it.
    virtual std::string stateOf(const LockSnapshot& lock) const = 0;
    // Every lock's state as Redis holds it, read from Redis directly (not through the inspector).
    virtual Result<std::map<std::string, std::string>> stateInRedis(RedisConnection& reader) const = 0;
};

struct ChurnResult
{
    double p50 = 0, p99 = 0, max = 0;
    long long written = 0, reported = 0, notifications = 0, coalesced = 0, rereads = 0;
    double cpuPerEventUs = 0; // the watcher thread's CPU (user + system) per reported change
    // The same per change written: a pass that finds a lock changed twice reports it once.
    double cpuPerChangeUs = 0;
    // What the other parties spent per change written: the writer thread (its commands, the
    // lag bookkeeping), and redis-server (the writes, their notifications, the watcher's reads)
    // until the watcher caught up. With 2 cores these share the machine with the watcher.
    double writerCpuPerChangeUs = 0;
    double serverCpuPerChangeUs = 0;
    long long wrong = -1; // locks whose final state in the watcher differs from Redis's (-1: not run)
    double catchUpSeconds = 0; // after the last write, until the watcher had reported it
};

// Writes the workload's changes at `rate` a second for `seconds`, every millisecond the changes
// due by then in one pipeline, while a LockWatcher follows them through keyspace notifications
// on its own thread; then compares the watcher's final state with Redis's and flushes the server.
// The lag of a change runs from its write's reply to the event that shows its state.
ChurnResult runChurn(RedisServerProcess& server, ChurnWorkload& workload, int rate, int seconds);

void printChurnHeader();
void printChurnRow(int rate, const ChurnResult& result);

} // namespace lockscope::test
