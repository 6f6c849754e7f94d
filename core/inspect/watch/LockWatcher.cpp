#include "inspect/watch/LockWatcher.h"

#include "common/CancellationToken.h"
#include "common/WallClock.h"
#include "inspect/LockNaming.h"
#include "inspect/NameOrder.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/scan/GlobPattern.h"
#include "inspect/watch/NotificationClasses.h"
#include "redis/ServerProbe.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace lockscope {

namespace {

// How many released locks are kept for a late force-release announcement
// (LockEvent::announcementLateByMs).
constexpr size_t recentlyReleasedLimit = 10000;

std::string channelPattern(const RedisConnection& connection)
{
    return "__keyspace@" + std::to_string(connection.options().database) + "__:*";
}

} // namespace

LockWatcher::LockWatcher(std::vector<WatchTarget> targets, WatchOptions options)
    : m_targets(std::move(targets))
    , m_options(std::move(options))
{
    for (const auto& target : m_targets)
        for (const RedisConnection* connection : {target.connection, target.subscriber})
            if (connection)
                m_endpoints.emplace(connection, connection->endpoint());
}

LockWatcher::~LockWatcher()
{
    stopDrains();
}

void LockWatcher::startDrains()
{
    for (auto& drain : m_drains) {
        if (!drain->isRunning())
            drain->start();
    }
}

void LockWatcher::stopDrains()
{
    for (auto& drain : m_drains)
        drain->stop();
}

NotificationTriage* LockWatcher::triageOf(const std::string& node)
{
    for (size_t i = 0; i < m_triages.size(); ++i) {
        if (m_targets[i].node == node)
            return m_triages[i].get();
    }
    return nullptr;
}

long long LockWatcher::outputBufferCuts(RedisConnection& connection)
{
    auto stats = connection.command({"INFO", "stats"});
    if (!stats || !stats->isString())
        return -1;
    const std::string cuts = infoField(stats->text(), "client_output_buffer_limit_disconnections");
    return cuts.empty() ? -1 : std::atoll(cuts.c_str());
}

void LockWatcher::publishStats(bool now)
{
    if (!m_onStats)
        return;
    const auto at = std::chrono::steady_clock::now();
    if (!now && at - m_statsPublishedAt < std::chrono::seconds(1))
        return;
    m_statsPublishedAt = at;
    m_onStats(m_stats);
}

bool LockWatcher::notificationsSuffice(const std::string& flags)
{
    return NotificationClasses::missing(flags).empty();
}

std::vector<WatchTarget> WatchTarget::of(const std::vector<InspectTarget>& masters)
{
    std::vector<WatchTarget> targets;
    targets.reserve(masters.size());
    for (const auto& master : masters) {
        WatchTarget target {master.node, master.connection, nullptr, {}};
        if (!master.readers.empty()) {
            target.subscriber = master.readers.front();
            target.readers.assign(master.readers.begin() + 1, master.readers.end());
        }
        targets.push_back(std::move(target));
    }
    return targets;
}

std::vector<SharedLockSnapshot> LockWatcher::locks() const
{
    std::vector<const Seen*> seen;
    seen.reserve(m_current.size());
    for (const auto& entry : m_current)
        seen.push_back(&entry.second);
    auto less = [&seen](size_t a, size_t b) {
        const LockSnapshot& left = *seen[a]->lock;
        const LockSnapshot& right = *seen[b]->lock;
        return left.node != right.node ? left.node < right.node : left.name < right.name;
    };
    std::vector<size_t> order(seen.size());
    std::iota(order.begin(), order.end(), size_t(0));
    // On one node (a standalone server: the large case) the order is the names', which NameOrder
    // sorts mostly without reading the names themselves.
    if (std::ranges::all_of(
            seen, [&seen](const Seen* entry) { return entry->lock->node == seen.front()->lock->node; }))
        order = NameOrder::of(
            seen.size(), [&seen](size_t i) { return std::string_view(seen[i]->lock->name); }, less);
    else
        std::sort(order.begin(), order.end(), less);
    std::vector<SharedLockSnapshot> all;
    all.reserve(seen.size());
    for (size_t at : order)
        all.push_back(seen[at]->lock);
    return all;
}

Status LockWatcher::subscribe(WatchTarget& target)
{
    auto ready = target.subscriber->ensureConnected();
    if (!ready)
        return ready;
    auto sent = target.subscriber->send({"PSUBSCRIBE", channelPattern(*target.connection)});
    if (!sent)
        return sent;
    auto confirmed = target.subscriber->readReply(std::chrono::milliseconds(5000));
    if (!confirmed)
        return confirmed.error();
    // Force-release announcements: a user whose ACL refuses the channel still watches, and sees
    // those releases as ordinary ones.
    sent = target.subscriber->send({"SUBSCRIBE", std::string(LockNaming::forceReleaseChannel)});
    if (!sent)
        return sent;
    auto announcements = target.subscriber->readReply(std::chrono::milliseconds(5000));
    if (!announcements && announcements.error().kind != ErrorKind::NoPermission)
        return announcements.error();
    return Done {};
}

Result<UserText> LockWatcher::start(std::vector<SharedLockSnapshot>* listing)
{
    m_notifications = !m_options.forcePolling;
    UserText why;
    for (auto& target : m_targets) {
        if (!m_notifications)
            break;
        if (!target.subscriber) {
            m_notifications = false;
            why = UserText(LOCKSCOPE_TEXT("LockWatcher", "no subscriber connection"));
            break;
        }
        auto config = target.connection->command({"CONFIG", "GET", "notify-keyspace-events"});
        if (!config || !config->isArray() || config->size() < 2) {
            m_notifications = false;
            why = UserText(
                LOCKSCOPE_TEXT("LockWatcher", "CONFIG GET notify-keyspace-events is not allowed on %1"),
                target.node);
            break;
        }
        const std::string flags = config->at(1).text();
        if (notificationsSuffice(flags))
            continue;
        if (!m_options.enableNotifications) {
            m_notifications = false;
            why = UserText(LOCKSCOPE_TEXT("LockWatcher",
                               "notify-keyspace-events is '%1' on %2, without '%3' (enable with "
                               "--enable-notifications, i.e. CONFIG SET notify-keyspace-events %4)"),
                flags, target.node, NotificationClasses::missing(flags),
                NotificationClasses::withNeeded(flags));
            break;
        }
        // The classes the watcher reads added to what is there, nothing more: each class costs the
        // server a message per write whether anyone listens or not.
        auto set = target.connection->command(
            {"CONFIG", "SET", "notify-keyspace-events", NotificationClasses::withNeeded(flags)});
        if (!set) {
            m_notifications = false;
            why = UserText(
                LOCKSCOPE_TEXT("LockWatcher", "CONFIG SET notify-keyspace-events was refused on %1: %2"),
                target.node, set.error().message);
            break;
        }
    }
    if (m_options.forcePolling)
        why = UserText(LOCKSCOPE_TEXT("LockWatcher", "polling was asked for"));
    if (m_notifications) {
        for (auto& target : m_targets) {
            auto subscribed = subscribe(target);
            if (!subscribed)
                return subscribed.error();
            m_outputBufferCuts.push_back(outputBufferCuts(*target.connection));
            m_triages.push_back(std::make_unique<NotificationTriage>(m_options.inspect.lockPatterns));
            m_drains.push_back(std::make_unique<SubscriptionDrain>(
                *target.subscriber, *m_triages.back(), m_options.drainLimits, m_signal));
            m_gates.emplace_back(m_options.unknownKeys);
        }
        // Read from now on, while the baseline is listed: nothing piles up on the server.
        startDrains();
    }
    auto baseline = LockInspector::inspect(
        [&] {
            std::vector<InspectTarget> targets;
            for (const auto& target : m_targets)
                targets.push_back(target.forInspection());
            return targets;
        }(),
        inspectOptions());
    if (!baseline.failures.empty())
        return baseline.failures.front().error;
    const long long seen = epochMillisNow();
    m_current.reserve(baseline.locks.size()); // grown once, not rehashed a million locks over
    if (listing) {
        listing->clear();
        listing->reserve(baseline.locks.size());
    }
    for (auto& lock : baseline.locks) {
        SharedLockSnapshot shared(std::move(lock));
        if (listing)
            listing->push_back(shared);
        remember(std::move(shared), seen);
    }
    // The inspection orders by name, then node; locks() by node, then name.
    if (listing && m_targets.size() > 1)
        *listing = locks();
    m_listedAt = std::chrono::steady_clock::now();
    UserText said = m_notifications
        ? UserText(LOCKSCOPE_TEXT("LockWatcher", "watching through keyspace notifications"))
        : UserText(
            LOCKSCOPE_TEXT("LockWatcher", "keyspace notifications unavailable (%1): polling every %2 ms"),
            std::move(why), static_cast<long long>(m_options.pollInterval.count()));
    m_description = said.english();
    return said;
}

WatchingMode LockWatcher::mode() const
{
    if (m_notifications)
        return {m_description, std::nullopt};
    return {m_description, static_cast<long long>(m_options.pollInterval.count())};
}

InspectOptions LockWatcher::inspectOptions()
{
    InspectOptions inspect = m_options.inspect;
    inspect.sharedHolders = &m_sharedHolders;
    return inspect;
}

void LockWatcher::apply(const std::string& node, const std::string& name, std::vector<LockSnapshot> now,
    bool expired, const EventHandler& onEvent, Entry* seen)
{
    Entry* previous = seen;
    if (!previous) {
        auto found = m_current.find(idOf(node, name));
        previous = found != m_current.end() ? &*found : nullptr;
    }
    const long long at = epochMillisNow();
    if (now.empty()) {
        if (!previous)
            return;
        const LockId id(0, node, name);
        const bool announced = m_announcedReleases.erase(id) > 0;
        LockEvent event {announced ? LockEvent::Type::ForceReleased
                : expired          ? LockEvent::Type::Expired
                                   : LockEvent::Type::Released,
            previous->second.lock, at};
        if (event.type == LockEvent::Type::Released) {
            // Swept now and then, not at every release (nor at every release while full): 50,000
            // releases a second would walk the whole memory each time. An entry lives at most a
            // sweep's interval longer; while full, releases are not remembered.
            if (at - m_recentlySweptMs >= LockEvent::announcementLateByMs / 10) {
                std::erase_if(m_recentlyReleased, [at](const auto& entry) {
                    return entry.second.second < at - LockEvent::announcementLateByMs;
                });
                m_recentlySweptMs = at;
            }
            if (m_recentlyReleased.size() < recentlyReleasedLimit)
                m_recentlyReleased[id] = {previous->second.lock, at};
        }
        m_expiries.remove(previous->second.due);
        if (NotificationTriage* triage = triageOf(node))
            triage->forget(name);
        // (The id's views stay valid while erasing: the event keeps the snapshot they point into.)
        m_current.erase(LockIdView(previous->first));
        report(std::move(event), onEvent);
        return;
    }
    const SharedLockSnapshot lock(std::move(now.front()));
    // Taken again before the release was seen: not this hold's end. (Most changes have no
    // announcement pending: no key is built for them.)
    if (!m_announcedReleases.empty())
        m_announcedReleases.erase(LockId(0, node, name));
    if (!previous) {
        remember(lock, at);
        report({LockEvent::Type::Appeared, lock, at}, onEvent);
        return;
    }
    const LockChange changes = LockChange::between(*previous->second.lock, *lock);
    replace(*previous, lock, at);
    if (changes.isMoreThanCountdown())
        report({LockEvent::Type::Changed, lock, at, changes}, onEvent);
}

void LockWatcher::report(LockEvent event, const EventHandler& onEvent) const
{
    event.missedSinceMs = m_missedSinceMs;
    onEvent(event);
}

void LockWatcher::remember(SharedLockSnapshot lock, long long atMs)
{
    const LockIdView id = idOf(lock->node, lock->name); // views of the snapshot the entry keeps
    if (NotificationTriage* triage = triageOf(lock->node))
        triage->know(lock->name);
    schedule(*m_current.emplace(id, Seen {std::move(lock), atMs, {}}).first);
}

void LockWatcher::replace(Entry& entry, SharedLockSnapshot lock, long long atMs)
{
    // The same node and name, in the new snapshot: the old one may go now.
    entry.first.repoint(lock->node, lock->name);
    entry.second.lock = std::move(lock);
    entry.second.atMs = atMs;
    schedule(entry);
}

void LockWatcher::schedule(Entry& entry)
{
    const auto& [id, seen] = entry;
    const LockSnapshot& lock = *seen.lock;
    if (lock.keys.empty()) {
        // A lock without a key (portalocker's subscription) raises no keyspace event when it
        // ends: re-checked every second instead.
        m_expiries.set(id, entry.second.due, ExpirySchedule::Clock::now() + keylessRecheck);
        return;
    }
    if (!lock.ttlMs) {
        m_expiries.remove(entry.second.due);
        return;
    }
    // A millisecond past the TTL: PTTL rounds down, and a read before the end finds it alive.
    m_expiries.set(
        id, entry.second.due, ExpirySchedule::Clock::now() + std::chrono::milliseconds(*lock.ttlMs + 1));
}

std::chrono::milliseconds LockWatcher::untilNextDue(std::chrono::milliseconds slice) const
{
    auto due = m_expiries.earliest();
    if (!due)
        return slice;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(*due - ExpirySchedule::Clock::now());
    return std::clamp(left, std::chrono::milliseconds(1), slice);
}

Status LockWatcher::findNewKeylessLocks(const EventHandler& onEvent)
{
    const auto now = ExpirySchedule::Clock::now();
    if (now - m_keylessCheckedAt < keylessRecheck)
        return Done {};
    m_keylessCheckedAt = now;
    for (const auto& target : m_targets) {
        auto& census = m_blockedPops.try_emplace(target.node, std::chrono::milliseconds(1000)).first->second;
        std::vector<PendingNotifications::Lock> unknown;
        for (const auto& client : census.lockNamedSubscribers(*target.connection)) {
            if (!m_current.count(idOf(target.node, client.lockName)))
                unknown.push_back({client.lockName, {}, false});
        }
        if (auto read = reread(target, unknown, onEvent); !read)
            return read;
    }
    return Done {};
}

Status LockWatcher::rereadDue(const EventHandler& onEvent)
{
    if (auto found = findNewKeylessLocks(onEvent); !found)
        return found;
    const auto due = m_expiries.takeDue(ExpirySchedule::Clock::now());
    if (due.empty())
        return Done {};
    std::map<std::string, std::vector<PendingNotifications::Lock>> byNode;
    for (const LockIdView* id : due) {
        auto seen = m_current.find(*id);
        if (seen == m_current.end())
            continue;
        const LockSnapshot& lock = *seen->second.lock;
        // Reading the key makes Redis expire it now; a lock still there (its lease was renewed
        // unnoticed) is simply due again at its new TTL. A lock without a key that is gone
        // from CLIENT LIST was released (its holder disconnected), not expired.
        if (lock.keys.empty()) {
            byNode[lock.node].push_back({lock.name, {}, false});
            continue;
        }
        const std::string& key = lock.keys.front();
        byNode[lock.node].push_back({RecognizerCatalog::lockNameForKey(key), {key}, true});
    }
    for (const auto& target : m_targets) {
        auto locks = byNode.find(target.node);
        if (locks == byNode.end())
            continue;
        auto reread = this->reread(target, locks->second, onEvent);
        if (!reread)
            return reread;
    }
    return Done {};
}

bool LockWatcher::isWatched(const PendingNotifications::Lock& lock) const
{
    const auto& patterns = m_options.inspect.scan.patterns;
    if (patterns.empty())
        return true;
    return std::ranges::any_of(patterns, [&lock](const std::string& pattern) {
        const GlobPattern glob(pattern);
        return glob.matches(lock.name)
            || std::ranges::any_of(lock.keys, [&glob](const std::string& key) { return glob.matches(key); });
    });
}

Status LockWatcher::reread(const WatchTarget& target, const std::vector<PendingNotifications::Lock>& locks,
    const EventHandler& onEvent)
{
    // A lock seen before is read by the keys it had and the keys notified now: its format named
    // all its keys, and any other key of its name that changed since was notified. A lock new to
    // the watcher (or without keys) is read by every key a format could give its name.
    std::vector<Reread> known;
    std::vector<Reread> unknown;
    for (const auto& lock : locks) {
        if (!isWatched(lock))
            continue;
        auto seen = m_current.find(idOf(target.node, lock.name));
        if (seen != m_current.end() && !seen->second.lock->keys.empty())
            known.push_back({&lock, &*seen});
        else
            unknown.push_back({&lock, nullptr});
    }
    InspectOptions inspect = inspectOptions();
    inspect.blockedPops
        = &m_blockedPops.try_emplace(target.node, std::chrono::milliseconds(1000)).first->second;
    inspect.serverClock
        = &m_serverClocks.try_emplace(target.node, std::chrono::milliseconds(1000)).first->second;
    // Known locks found gone or in another format by their keys: read again by every key.
    std::vector<Reread> unsettled;
    if (auto read = rereadKnown(target, known, inspect, unsettled, onEvent); !read)
        return read;
    for (const Reread& lock : unsettled)
        unknown.push_back({lock.lock, nullptr});
    return rereadBatches(target, unknown, inspect, onEvent);
}

Status LockWatcher::rereadKnown(const WatchTarget& target, const std::vector<Reread>& wanted,
    const InspectOptions& inspect, std::vector<Reread>& unsettled, const EventHandler& onEvent)
{
    // Grouped by format; each format's locks in one inspection (one pipelined round).
    std::map<std::uint16_t, std::vector<const Reread*>> byFormat;
    for (const Reread& lock : wanted) {
        const std::uint16_t format = lock.seen->second.lock->format;
        if (format == LockSnapshot::noFormat)
            unsettled.push_back(lock);
        else
            byFormat[format].push_back(&lock);
    }
    std::vector<std::string> names;
    for (const auto& [format, locks] : byFormat) {
        names.clear();
        for (const Reread* lock : locks) {
            const auto& keys = lock->seen->second.lock->keys;
            names.insert(names.end(), keys.begin(), keys.end());
            names.insert(names.end(), lock->lock->keys.begin(), lock->lock->keys.end());
        }
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        auto found
            = LockInspector::inspectKnownKeys({target.node, target.connection}, names, format, inspect);
        if (!found)
            return found.error();
        // Several snapshots may share a name (a lock held on several keys, a holder per mode).
        // Views of the names in `found`, each taken out of the map before its snapshots move.
        std::unordered_map<std::string_view, std::vector<size_t>> byName;
        byName.reserve(found->size());
        for (size_t i = 0; i < found->size(); ++i)
            byName[(*found)[i].name].push_back(i);
        for (const Reread* wantedLock : locks) {
            const PendingNotifications::Lock& lock = *wantedLock->lock;
            const LockSnapshot& before = *wantedLock->seen->second.lock;
            auto named = byName.find(lock.name);
            std::vector<LockSnapshot> now;
            if (named != byName.end()) {
                const std::vector<size_t> at = std::move(named->second);
                byName.erase(named);
                for (size_t i : at)
                    now.push_back(std::move((*found)[i]));
            }
            // Settled: still this format, and every key notified is one of its keys (a key it
            // does not account for may make another lock, or be one a format before it takes).
            const bool settled = !now.empty() && now.front().kind == before.kind
                && now.front().library == before.library
                && std::ranges::all_of(lock.keys, [&now](const std::string& key) {
                       return std::ranges::any_of(now, [&key](const LockSnapshot& snapshot) {
                           return std::ranges::find(snapshot.keys, key) != snapshot.keys.end();
                       });
                   });
            if (!settled) {
                unsettled.push_back(*wantedLock);
                continue;
            }
            ++m_stats.rereads;
            apply(target.node, lock.name, std::move(now), lock.expired, onEvent, wantedLock->seen);
        }
    }
    return Done {};
}

Status LockWatcher::rereadBatches(const WatchTarget& target, const std::vector<Reread>& wanted,
    const InspectOptions& inspect, const EventHandler& onEvent)
{
    std::vector<std::string> names;
    for (size_t start = 0; start < wanted.size(); start += rereadBatch) {
        const size_t end = std::min(wanted.size(), start + rereadBatch);
        names.clear();
        for (size_t i = start; i < end; ++i) {
            if (!wanted[i].lock->byItsKeysOnly) {
                for (auto& key : RecognizerCatalog::keysOfLock(wanted[i].lock->name))
                    names.push_back(std::move(key));
            }
            names.insert(names.end(), wanted[i].lock->keys.begin(), wanted[i].lock->keys.end());
        }
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        auto found = LockInspector::inspectKeys({target.node, target.connection}, names, inspect);
        if (!found)
            return found.error();
        // Several snapshots may share a name (a lock held on several keys, a holder per mode).
        std::map<std::string, std::vector<LockSnapshot>> byName;
        for (auto& lock : *found)
            byName[lock.name].push_back(std::move(lock));
        for (size_t i = start; i < end; ++i) {
            const PendingNotifications::Lock& lock = *wanted[i].lock;
            auto now = byName.find(lock.name);
            ++m_stats.rereads;
            apply(target.node, lock.name,
                now != byName.end() ? std::move(now->second) : std::vector<LockSnapshot> {}, lock.expired,
                onEvent, nullptr);
        }
    }
    return Done {};
}

Status LockWatcher::followNotifications(
    size_t at, SubscriptionDrain::Batch batch, const EventHandler& onEvent)
{
    WatchTarget& target = m_targets[at];
    m_stats.notifications += batch.notifications;
    m_stats.ignored += batch.notifications - batch.candidates - batch.skippedTtlOnly - batch.overflowed;
    m_stats.skipped += batch.skippedTtlOnly;
    PendingNotifications pending;
    for (const std::string& name : batch.announcements) {
        if (takeAnnouncedRelease(target, name, onEvent))
            pending.add(name, name, false);
    }
    if (batch.overflowed > 0) {
        // Too far behind to read each change: the pending keys were dropped, and re-listing the
        // master finds where every lock is now (one listing instead of an unbounded queue).
        m_stats.skipped += batch.overflowed;
        ++m_stats.relistings;
        const long long lagMs = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - batch.oldest)
                                    .count();
        const long long since = epochMillisNow() - lagMs;
        m_missedSinceMs = since;
        auto caughtUp = pollOnce(onEvent, &target.node);
        m_missedSinceMs.reset();
        if (!caughtUp)
            return caughtUp;
        if (m_onGap)
            m_onGap(since, epochMillisNow(),
                "changes on " + target.node
                    + " came faster than they could be read: " + std::to_string(batch.overflowed)
                    + " notifications were skipped and the locks were listed again");
        publishStats(true);
    }
    std::vector<std::pair<std::string, bool>> unknown;
    const long long now = epochMillisNow();
    long long keysRead = 0;
    for (const SubscriptionDrain::PendingKey& notified : batch.keys) {
        const bool expired = (notified.events & KeyspaceEvents::expired) != 0;
        // Most keys are a lock the watcher knows by that name: no need to ask every format.
        auto known = m_current.find(idOf(target.node, notified.key));
        if (known != m_current.end()
            && std::ranges::find(known->second.lock->keys, notified.key) != known->second.lock->keys.end()) {
            pending.add(notified.key, notified.key, expired);
            ++keysRead;
            continue;
        }
        std::string name
            = notified.plainName ? notified.key : RecognizerCatalog::lockNameForKey(notified.key);
        if (m_current.count(idOf(target.node, name))) {
            pending.add(name, notified.key, expired);
            ++keysRead;
            continue;
        }
        // A key of no known lock that is gone has nothing to find.
        if (KeyspaceEvents::onlyRemoved(notified.events)) {
            ++m_stats.ignored;
            continue;
        }
        switch (m_gates[at].admit(notified.key, !notified.plainName, now)) {
        case UnknownKeyGate::Decision::Read:
            unknown.emplace_back(notified.key, !notified.plainName);
            ++keysRead;
            break;
        case UnknownKeyGate::Decision::Deferred:
            break;
        case UnknownKeyGate::Decision::Skipped:
            ++m_stats.skipped;
            break;
        }
    }
    if (auto read = readUnknown(target, unknown, pending, onEvent); !read)
        return read;
    // Coalesced: every notification of a key after its first, and every key read with another of
    // its lock's.
    m_stats.coalesced += batch.candidates - static_cast<long long>(batch.keys.size())
        + std::max(0LL, keysRead - static_cast<long long>(pending.locks().size()));
    if (!batch.keys.empty() || !batch.announcements.empty())
        m_stats.lagMs = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - batch.oldest)
                            .count();
    if (batch.broken)
        return resubscribe(at, onEvent, *batch.broken);
    return Done {};
}

Status LockWatcher::readUnknown(const WatchTarget& target,
    const std::vector<std::pair<std::string, bool>>& keys, PendingNotifications& pending,
    const EventHandler& onEvent)
{
    std::vector<std::string> names;
    names.reserve(keys.size());
    for (const auto& [key, claimed] : keys) {
        names.push_back(claimed ? RecognizerCatalog::lockNameForKey(key) : key);
        pending.add(names.back(), key, false, !claimed);
    }
    m_stats.unknownKeysRead += static_cast<long long>(keys.size());
    if (auto read = reread(target, pending.locks(), onEvent); !read)
        return read;
    if (keys.empty())
        return Done {};
    const size_t at = static_cast<size_t>(&target - m_targets.data());
    const long long now = epochMillisNow();
    for (size_t i = 0; i < keys.size(); ++i) {
        if (!m_current.count(idOf(target.node, names[i])))
            m_gates[at].foundNoLock(keys[i].first, now);
    }
    return Done {};
}

bool LockWatcher::takeAnnouncedRelease(
    const WatchTarget& target, const std::string& name, const EventHandler& onEvent)
{
    // In a cluster every master hears the announcement: only the one that had the lock acts.
    const LockId id(0, target.node, name);
    if (m_current.count(idOf(target.node, name))) {
        m_announcedReleases.insert(id);
        return true;
    }
    auto released = m_recentlyReleased.find(id);
    const long long now = epochMillisNow();
    if (released == m_recentlyReleased.end()
        || released->second.second < now - LockEvent::announcementLateByMs)
        return false; // (an entry too old may wait for the next sweep)
    LockEvent event {LockEvent::Type::ForceReleased, std::move(released->second.first), now};
    m_recentlyReleased.erase(released);
    onEvent(event);
    return false;
}

Status LockWatcher::resubscribe(size_t at, const EventHandler& onEvent, const RedisError& why)
{
    WatchTarget& target = m_targets[at];
    // Notifications sent between the last answer and the new subscription are lost: what
    // changed meanwhile is found by re-listing, at an unknown time since then.
    m_drains[at]->stop();
    const long long since = m_drains[at]->lastHeardMs();
    auto again = subscribe(target);
    if (!again)
        return again;
    if (auto same = checkStillOnNodes(); !same)
        return same;
    // A server cuts a subscriber whose output buffer passed client-output-buffer-limit pubsub: say
    // so when its count of such cuts grew (the watcher fell behind, or the limit is very low).
    std::string reason = why.toString();
    const long long cuts = outputBufferCuts(*target.connection);
    if (cuts >= 0 && m_outputBufferCuts[at] >= 0 && cuts > m_outputBufferCuts[at])
        reason = "the server closed it: its output buffer passed client-output-buffer-limit pubsub";
    m_outputBufferCuts[at] = cuts;
    m_drains[at]->start();
    ++m_stats.relistings;
    m_missedSinceMs = since;
    auto caughtUp = pollOnce(onEvent, &target.node);
    m_missedSinceMs.reset();
    if (!caughtUp)
        return caughtUp;
    if (m_onGap)
        m_onGap(since, epochMillisNow(),
            "the keyspace-notification subscription on " + target.node + " broke (" + reason
                + ") and was made again; changes meanwhile were found by re-listing");
    publishStats(true);
    return Done {};
}

Status LockWatcher::pollOnce(const EventHandler& onEvent, const std::string* onlyNode)
{
    std::vector<InspectTarget> targets;
    for (const auto& target : m_targets) {
        if (!onlyNode || target.node == *onlyNode)
            targets.push_back(target.forInspection());
    }
    auto result = LockInspector::inspect(targets, inspectOptions());
    if (!result.failures.empty())
        return result.failures.front().error;
    m_listedAt = std::chrono::steady_clock::now();
    std::map<LockId, std::vector<LockSnapshot>, std::less<>> byId;
    for (auto& lock : result.locks) {
        LockId id(0, lock.node, lock.name);
        byId[std::move(id)].push_back(std::move(lock));
    }
    const long long at = epochMillisNow();
    std::vector<std::pair<std::string, std::string>> gone;
    for (const auto& [id, seen] : m_current) {
        if ((!onlyNode || seen.lock->node == *onlyNode) && !byId.contains(id))
            gone.emplace_back(seen.lock->node, seen.lock->name);
    }
    for (const auto& [node, name] : gone) {
        // Gone between two polls: expired if its lease had run out by now, released otherwise.
        const Seen& last = m_current.at(idOf(node, name));
        const bool expired = last.lock->ttlMs && last.atMs + *last.lock->ttlMs <= at + 50;
        apply(node, name, {}, expired, onEvent);
    }
    for (auto& [id, locks] : byId)
        apply(id.node(), id.name(), std::move(locks), false, onEvent);
    return Done {};
}

Status LockWatcher::checkStillOnNodes() const
{
    if (!m_options.stopWhenAMasterMoves)
        return Done {};
    for (const auto& [connection, endpoint] : m_endpoints) {
        if (connection->isConnected() && connection->endpoint() != endpoint)
            return makeError(ErrorKind::Disconnected,
                "the master moved from " + endpoint + " to " + connection->endpoint() + " (failover)");
    }
    return Done {};
}

Status LockWatcher::run(const CancellationToken& cancel, const EventHandler& onEvent)
{
    const auto slice = std::chrono::milliseconds(100);
    startDrains();
    while (!cancel.isCancelled()) {
        if (!m_notifications) {
            auto polled = pollOnce(onEvent);
            if (!polled)
                return polled;
            if (auto same = checkStillOnNodes(); !same)
                return same;
            const auto until = std::chrono::steady_clock::now() + m_options.pollInterval;
            while (!cancel.isCancelled() && std::chrono::steady_clock::now() < until) {
                std::this_thread::sleep_for(
                    untilNextDue(std::min<std::chrono::milliseconds>(slice, m_options.pollInterval)));
                auto due = rereadDue(onEvent);
                if (!due)
                    return due;
            }
            continue;
        }
        auto wait = untilNextDue(slice);
        for (const UnknownKeyGate& gate : m_gates) {
            if (const long long due = gate.nextDueMs(); due >= 0)
                wait = std::clamp(
                    std::chrono::milliseconds(due - epochMillisNow()), std::chrono::milliseconds(1), wait);
        }
        m_signal.wait(wait);
        for (size_t at = 0; at < m_targets.size(); ++at) {
            SubscriptionDrain::Batch batch = m_drains[at]->take();
            if (batch.isEmpty() && batch.notifications == 0)
                continue;
            if (auto followed = followNotifications(at, std::move(batch), onEvent); !followed) {
                stopDrains();
                return followed;
            }
        }
        const long long now = epochMillisNow();
        for (size_t at = 0; at < m_targets.size(); ++at) {
            auto due = m_gates[at].due(now);
            if (due.empty())
                continue;
            PendingNotifications pending;
            if (auto read = readUnknown(m_targets[at], due, pending, onEvent); !read) {
                stopDrains();
                return read;
            }
        }
        if (auto due = rereadDue(onEvent); !due) {
            stopDrains();
            return due;
        }
        if (m_options.rescanInterval.count() > 0
            && std::chrono::steady_clock::now() - m_listedAt >= m_options.rescanInterval) {
            if (auto listed = pollOnce(onEvent); !listed) {
                stopDrains();
                return listed;
            }
        }
        publishStats();
    }
    stopDrains();
    return Done {};
}

} // namespace lockscope
