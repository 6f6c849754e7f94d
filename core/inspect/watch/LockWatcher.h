#pragma once

#include "common/UserText.h"
#include "inspect/BlockedPopCensus.h"
#include "inspect/LockId.h"
#include "inspect/LockInspector.h"
#include "inspect/ServerClock.h"
#include "inspect/SharedHolderMemory.h"
#include "inspect/watch/ExpirySchedule.h"
#include "inspect/watch/LockEvent.h"
#include "inspect/watch/NotificationTriage.h"
#include "inspect/watch/PendingNotifications.h"
#include "inspect/watch/SubscriptionDrain.h"
#include "inspect/watch/UnknownKeyGate.h"
#include "inspect/watch/WatchStats.h"
#include "inspect/watch/WatchingMode.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace lockscope {

class CancellationToken;

// One master to watch: a connection for reads, a dedicated one for the subscription and,
// optionally, readers that read the listings' keys in parallel (see InspectTarget::readers).
struct WatchTarget
{
    std::string node;
    RedisConnection* connection = nullptr;
    RedisConnection* subscriber = nullptr;
    std::vector<RedisConnection*> readers;

    // The extra connections a watch wants per master (MasterConnections::open): the
    // subscription's and two readers, so that listing a hundred thousand locks overlaps the
    // server's reads with recognising what came back.
    static constexpr int extraConnections = 3;
    // Targets from `masters`, each one's first extra connection carrying the subscription and
    // the rest reading. A master without extra connections is polled.
    static std::vector<WatchTarget> of(const std::vector<InspectTarget>& masters);
    InspectTarget forInspection() const { return {node, connection, readers}; }
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
    // With notifications, the locks are listed again this often (0: never): a lock under a plain
    // name written without a TTL raises nothing the watcher reads (NotificationTriage), and a
    // notification skipped over the budget below is found this way.
    std::chrono::milliseconds rescanInterval {300000};
    // How far the subscription may run ahead of the reads before the watcher re-lists, and how
    // many keys of unknown locks it reads (see SubscriptionDrain, UnknownKeyGate).
    SubscriptionDrain::Limits drainLimits;
    UnknownKeyGate::Limits unknownKeys;
};

// Turns changes in Redis into lock events (appeared, changed, released, expired, and
// force-released where LockScope announced it, see ForceRelease). With keyspace
// notifications (NotificationClasses::needed) it subscribes per master, drains the subscription
// on a thread of its own (SubscriptionDrain), and re-reads only the locks notified keys can
// belong to (NotificationTriage, UnknownKeyGate: unrelated writes cost nothing), each once for all
// its notifications pending together (a burst costs one re-read per lock, not one per key
// written); falling too far behind, it re-lists instead of queueing; without them
// (managed services often forbid CONFIG) it re-lists every poll interval and says so. After a
// subscriber reconnects it re-lists its master, so nothing missed meanwhile stays unseen.
// Expiry does not wait for Redis to notice: each lock is re-read when its TTL runs out
// (ExpirySchedule), which expires the key on the spot and reports it.
class LockWatcher
{
public:
    using EventHandler = std::function<void(const LockEvent&)>;
    // The watcher stopped hearing changes from `fromMs` (its subscription broke) and caught up
    // by re-listing at `untilMs`; the events of that re-listing carry missedSinceMs.
    using GapHandler = std::function<void(long long fromMs, long long untilMs, const std::string& reason)>;
    // The stats as they are now, from run()'s thread, about once a second while they change (for
    // a status line or /metrics).
    using StatsHandler = std::function<void(const WatchStats&)>;

    LockWatcher(std::vector<WatchTarget> targets, WatchOptions options);
    ~LockWatcher();
    LockWatcher(const LockWatcher&) = delete;
    LockWatcher& operator=(const LockWatcher&) = delete;

    // Decides the mode (and enables notifications if asked and allowed), lists the current
    // locks as the baseline. Describes the mode in one line for people. `listing`, if given,
    // receives the baseline's locks by name (what locks() would give now, without sorting a
    // million locks a second time).
    Result<UserText> start(std::vector<SharedLockSnapshot>* listing = nullptr);
    bool usesNotifications() const { return m_notifications; }
    // How start() decided to watch, as data (after start()).
    WatchingMode mode() const;
    // Read it on the thread that runs run() (e.g. from the event handler), or after.
    const WatchStats& stats() const { return m_stats; }
    std::vector<SharedLockSnapshot> locks() const; // in node and name order

    // Runs until cancelled (checked every ~100 ms), a Redis error, or (if asked to) a
    // connection that ended up on another server.
    Status run(const CancellationToken& cancel, const EventHandler& onEvent);
    // Called on run()'s thread after each gap it caught up from (set before run()).
    void setGapHandler(GapHandler onGap) { m_onGap = std::move(onGap); }
    void setStatsHandler(StatsHandler onStats) { m_onStats = std::move(onStats); }

    // Whether a notify-keyspace-events value carries everything the watcher needs.
    static bool notificationsSuffice(const std::string& flags);

private:
    // Lists the locks again and reports what changed: on every master, or on `onlyNode`'s.
    Status pollOnce(const EventHandler& onEvent, const std::string* onlyNode = nullptr);
    // Hands `event` on, marked as found by a re-listing after a gap while there is one.
    void report(LockEvent event, const EventHandler& onEvent) const;
    // Takes what target `at`'s drain has coalesced, then re-reads each lock it names once (and
    // the unknown keys the gate lets through); re-lists when the drain fell too far behind.
    Status followNotifications(size_t at, SubscriptionDrain::Batch batch, const EventHandler& onEvent);
    // Reads unknown keys (key, claimed by a format) as locks of their own names; those found
    // to be no lock are remembered by the gate.
    Status readUnknown(const WatchTarget& target, const std::vector<std::pair<std::string, bool>>& keys,
        PendingNotifications& pending, const EventHandler& onEvent);
    NotificationTriage* triageOf(const std::string& node);
    void startDrains();
    void stopDrains();
    // Calls the stats handler if a second has passed since the last call.
    void publishStats(bool now = false);
    // Re-reads locks of one master, in inspections of up to rereadBatch locks each (a pass of
    // a thousand notifications costs a few pipelined rounds, not five round trips per lock).
    // Each lock's `keys` are keys of it that were notified (read even if its format would not
    // name them); `expired` says how a lock found gone ended.
    Status reread(const WatchTarget& target, const std::vector<PendingNotifications::Lock>& locks,
        const EventHandler& onEvent);
    static constexpr size_t rereadBatch = 256;
    // Whether the watch's patterns (if any) cover the lock or one of its notified keys.
    bool isWatched(const PendingNotifications::Lock& lock) const;
    // Subscribes again after the subscription broke, and re-lists that master's locks to catch
    // what was missed (the other masters' subscriptions heard theirs).
    Status resubscribe(size_t at, const EventHandler& onEvent, const RedisError& why);
    // The server's count of clients it cut for their output buffers (INFO stats), or -1.
    static long long outputBufferCuts(RedisConnection& connection);
    // The options of every inspection this watcher makes, with its shared-holder memory.
    InspectOptions inspectOptions();
    // Locks without keys (portalocker) are found and re-checked through CLIENT LIST this often.
    static constexpr std::chrono::milliseconds keylessRecheck {1000};
    Status findNewKeylessLocks(const EventHandler& onEvent);
    struct Seen;
    using Entry = std::pair<const LockIdView, Seen>;
    // `seen`: the lock's entry, when the caller has it (saves looking it up again).
    void apply(const std::string& node, const std::string& name, std::vector<LockSnapshot> now, bool expired,
        const EventHandler& onEvent, Entry* seen = nullptr);
    Status subscribe(WatchTarget& target);
    // A force-release announced on `target`'s server for lock `name`: marks a lock still listed
    // (and returns true: re-read it), or reports one already released as force-released.
    bool takeAnnouncedRelease(
        const WatchTarget& target, const std::string& name, const EventHandler& onEvent);
    // An error when a connection is no longer where it was at first (see stopWhenAMasterMoves).
    Status checkStillOnNodes() const;
    // Re-reads the locks whose TTL has run out by now.
    Status rereadDue(const EventHandler& onEvent);
    // How long a wait may last before the next lock is due (at most `slice`).
    std::chrono::milliseconds untilNextDue(std::chrono::milliseconds slice) const;

    std::vector<WatchTarget> m_targets;
    WatchOptions m_options;
    bool m_notifications = false;
    std::string m_description; // start()'s line, in English
    // What the watcher last saw of a lock: the snapshot it reported (shared with the event) and
    // when it read it (epoch ms).
    struct Seen
    {
        SharedLockSnapshot lock;
        long long atMs = 0;
        ExpirySchedule::Slot due; // its place in m_expiries
    };
    // (views of the snapshot's node and name) -> last seen
    std::unordered_map<LockIdView, Seen, LockIdHash> m_current;
    // A lock to re-read: what was notified of it and, when it is known with keys, its entry.
    struct Reread
    {
        const PendingNotifications::Lock* lock;
        Entry* seen;
    };
    // Known locks, each read by its own and its notified keys and recognised by its format alone,
    // one inspection per format; a lock that read finds gone, in another format, or not
    // accounting for a notified key is put in `unsettled` instead of being applied.
    Status rereadKnown(const WatchTarget& target, const std::vector<Reread>& wanted,
        const InspectOptions& inspect, std::vector<Reread>& unsettled, const EventHandler& onEvent);
    // Locks read by every key a format could give their names, one inspection per rereadBatch.
    Status rereadBatches(const WatchTarget& target, const std::vector<Reread>& wanted,
        const InspectOptions& inspect, const EventHandler& onEvent);
    // Adds a lock seen for the first time to m_current and schedules it.
    void remember(SharedLockSnapshot lock, long long atMs);
    // Keeps `lock` as the entry's last-seen state (its id's views move to it).
    void replace(Entry& entry, SharedLockSnapshot lock, long long atMs);
    // Puts a lock (an entry of m_current) in m_expiries by its TTL, or takes it out.
    void schedule(Entry& entry);
    static LockIdView idOf(const std::string& node, const std::string& name) { return {0, node, name}; }
    // Locks a LockScope force-release was announced for (LockNaming::forceReleaseChannel) that
    // are still to be seen gone: their end is reported as ForceReleased, not Released.
    std::set<LockId> m_announcedReleases;
    // The locks that ended lately (-> last snapshot, when), for an announcement that arrives
    // after the release was reported: a few seconds' worth, bounded.
    std::map<LockId, std::pair<SharedLockSnapshot, long long>> m_recentlyReleased;
    long long m_recentlySweptMs = 0; // when m_recentlyReleased last dropped its old entries
    std::map<const RedisConnection*, std::string> m_endpoints; // where each connection was at first
    ExpirySchedule m_expiries; // when each lock with a TTL is due
    // One per node: a burst of changes costs the server one CLIENT LIST a second, not one each.
    std::map<std::string, BlockedPopCensus> m_blockedPops;
    // One per node: re-reads judge deadlines by the server's clock without a TIME each.
    std::map<std::string, ServerClock> m_serverClocks;
    // Holder values seen shared by several keys, so a lock re-read alone keeps its library.
    SharedHolderMemory m_sharedHolders;
    ExpirySchedule::Clock::time_point m_keylessCheckedAt {};
    WatchStats m_stats;
    GapHandler m_onGap;
    StatsHandler m_onStats;
    std::chrono::steady_clock::time_point m_statsPublishedAt {};
    WatchStats m_statsPublished;
    // Per target (same order as m_targets), with notifications: what may be a lock, the thread
    // that reads the subscription, and (per node) which unknown keys are read.
    std::vector<std::unique_ptr<NotificationTriage>> m_triages;
    std::vector<std::unique_ptr<SubscriptionDrain>> m_drains;
    std::vector<UnknownKeyGate> m_gates;
    std::vector<long long> m_outputBufferCuts; // per target, when subscribed
    SubscriptionDrain::Signal m_signal;
    std::chrono::steady_clock::time_point m_listedAt {}; // the last full listing
    // While re-listing after a gap: when it began (the events found carry it).
    std::optional<long long> m_missedSinceMs;
};

} // namespace lockscope
