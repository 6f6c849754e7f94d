#pragma once

#include "common/UserText.h"
#include "inspect/BlockedPopCensus.h"
#include "inspect/ExpirySchedule.h"
#include "inspect/LockEvent.h"
#include "inspect/LockInspector.h"

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace lockscope {

class CancellationToken;

// One master to watch: a connection for reads and a dedicated one for the subscription.
struct WatchTarget
{
    std::string node;
    RedisConnection* connection = nullptr;
    RedisConnection* subscriber = nullptr;
};

struct WatchOptions
{
    InspectOptions inspect; // patterns and lock patterns, as for list
    std::chrono::milliseconds pollInterval {1000};
    // CONFIG SET notify-keyspace-events when the server's setting lacks what the watcher needs
    // (only when asked: it changes the server for everyone).
    bool enableNotifications = false;
    bool forcePolling = false;
    // Stop run() with an error when a connection ends up on another server than it started on
    // (a sentinel failover: the locks read there would carry the old master's node), so that
    // the caller can start over with new targets. Off: the watch goes on, with the old labels.
    bool stopWhenAMasterMoves = false;
};

// Turns changes in Redis into lock events (appeared, changed, released, expired). With keyspace
// notifications (`K` plus the generic, string, hash, list, zset and expired classes, or `A`) it
// subscribes per master and re-reads only the lock a notified key belongs to; without them
// (managed services often forbid CONFIG) it re-lists every poll interval and says so. After a
// subscriber reconnects it re-lists everything, so nothing missed meanwhile stays unseen.
// Expiry does not wait for Redis to notice: each lock is re-read when its TTL runs out
// (ExpirySchedule), which expires the key on the spot and reports it.
class LockWatcher
{
public:
    using EventHandler = std::function<void(const LockEvent&)>;

    LockWatcher(std::vector<WatchTarget> targets, WatchOptions options);

    // Decides the mode (and enables notifications if asked and allowed), lists the current
    // locks as the baseline. Describes the mode in one line for people.
    Result<UserText> start();
    bool usesNotifications() const { return m_notifications; }
    const std::vector<LockSnapshot> locks() const;

    // Runs until cancelled (checked every ~100 ms), a Redis error, or (if asked to) a
    // connection that ended up on another server.
    Status run(const CancellationToken& cancel, const EventHandler& onEvent);

    // Whether a notify-keyspace-events value carries everything the watcher needs.
    static bool notificationsSuffice(const std::string& flags);

private:
    Status pollOnce(const EventHandler& onEvent);
    Status reread(
        const WatchTarget& target, const std::string& key, bool expired, const EventHandler& onEvent);
    void apply(const std::string& node, const std::string& name, std::vector<LockSnapshot> now, bool expired,
        const EventHandler& onEvent);
    Status subscribe(WatchTarget& target);
    // An error when a connection is no longer where it was at first (see stopWhenAMasterMoves).
    Status checkStillOnNodes() const;
    // Re-reads the locks whose TTL has run out by now.
    Status rereadDue(const EventHandler& onEvent);
    // How long a wait may last before the next lock is due (at most `slice`).
    std::chrono::milliseconds untilNextDue(std::chrono::milliseconds slice) const;
    void schedule(const std::string& id, const LockSnapshot& lock);

    std::vector<WatchTarget> m_targets;
    WatchOptions m_options;
    bool m_notifications = false;
    std::map<std::string, LockSnapshot> m_current; // node + '\n' + name -> last snapshot
    std::map<std::string, long long> m_seenAtMs; // when each was last read (epoch ms)
    std::map<const RedisConnection*, std::string> m_endpoints; // where each connection was at first
    ExpirySchedule m_expiries; // when each lock with a TTL is due
    // One per node: a burst of changes costs the server one CLIENT LIST a second, not one each.
    std::map<std::string, BlockedPopCensus> m_blockedPops;
};

} // namespace lockscope
