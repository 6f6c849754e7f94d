#include "inspect/watch/LockWatcher.h"

#include "common/CancellationToken.h"
#include "common/WallClock.h"
#include "inspect/LockNaming.h"
#include "inspect/NameOrder.h"
#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/scan/GlobPattern.h"

#include <algorithm>
#include <numeric>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace lockscope {

namespace {

// Notifications taken in one pass at most: a flood must not keep the watcher from expiries
// and cancellation.
constexpr size_t drainLimit = 1000;
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

bool LockWatcher::notificationsSuffice(const std::string& flags)
{
    if (flags.find('K') == std::string::npos)
        return false;
    if (flags.find('A') != std::string::npos)
        return true;
    for (char needed : std::string("g$hlzx")) {
        if (flags.find(needed) == std::string::npos)
            return false;
    }
    return true;
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
    m_lastHeardMs[target.subscriber] = epochMillisNow();
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
            why = UserText(
                LOCKSCOPE_TEXT("LockWatcher",
                    "notify-keyspace-events is '%1' on %2 (enable with --enable-notifications, i.e. "
                    "CONFIG SET notify-keyspace-events KEA)"),
                flags, target.node);
            break;
        }
        auto set = target.connection->command({"CONFIG", "SET", "notify-keyspace-events", "KEA"});
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
        }
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
            for (auto& key : RecognizerCatalog::keysOfLock(wanted[i].lock->name))
                names.push_back(std::move(key));
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
    WatchTarget& target, const RedisReply& message, const EventHandler& onEvent)
{
    PendingNotifications pending;
    auto take = [this, &pending, &target, &onEvent](const RedisReply& notification) {
        // ["message", channel, lock name]: a force-release announced
        if (notification.isArray() && notification.size() == 3 && notification.at(0).text() == "message"
            && notification.at(1).text() == LockNaming::forceReleaseChannel) {
            const std::string& name = notification.at(2).text();
            if (takeAnnouncedRelease(target, name, onEvent))
                pending.add(name, name, false);
            return;
        }
        // ["pmessage", pattern, "__keyspace@<db>__:<key>", "<event>"]
        if (!notification.isArray() || notification.size() != 4 || notification.at(0).text() != "pmessage")
            return;
        const std::string& channel = notification.at(2).text();
        const size_t colon = channel.find("__:");
        if (colon == std::string::npos)
            return;
        const std::string key = channel.substr(colon + 3);
        const bool expired = notification.at(3).text() == "expired";
        // Most keys are a lock the watcher knows by that name: no need to ask every format.
        auto known = m_current.find(idOf(target.node, key));
        if (known != m_current.end()
            && std::ranges::find(known->second.lock->keys, key) != known->second.lock->keys.end())
            pending.add(key, key, expired);
        else
            pending.add(RecognizerCatalog::lockNameForKey(key), key, expired);
    };
    take(message);
    // Only what has arrived already: waiting for more would delay the first change.
    Status broken = Done {};
    for (size_t drained = 0; drained < drainLimit; ++drained) {
        auto more = target.subscriber->readReply(std::chrono::milliseconds(0));
        if (!more) {
            if (more.error().kind != ErrorKind::Timeout)
                broken = more.error();
            break;
        }
        take(*more);
    }
    m_stats.notifications += static_cast<long long>(pending.notificationCount());
    m_stats.coalesced += static_cast<long long>(pending.notificationCount() - pending.locks().size());
    if (auto reread = this->reread(target, pending.locks(), onEvent); !reread)
        return reread;
    if (!broken)
        return resubscribe(target, onEvent, broken.error());
    m_lastHeardMs[target.subscriber] = epochMillisNow();
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

Status LockWatcher::resubscribe(WatchTarget& target, const EventHandler& onEvent, const RedisError& why)
{
    // Notifications sent between the last answer and the new subscription are lost: what
    // changed meanwhile is found by re-listing, at an unknown time since then.
    auto heard = m_lastHeardMs.find(target.subscriber);
    const long long since = heard != m_lastHeardMs.end() ? heard->second : epochMillisNow();
    auto again = subscribe(target);
    if (!again)
        return again;
    if (auto same = checkStillOnNodes(); !same)
        return same;
    m_missedSinceMs = since;
    auto caughtUp = pollOnce(onEvent, &target.node);
    m_missedSinceMs.reset();
    if (!caughtUp)
        return caughtUp;
    if (m_onGap)
        m_onGap(since, epochMillisNow(),
            "the keyspace-notification subscription on " + target.node + " broke (" + why.toString()
                + ") and was made again; changes meanwhile were found by re-listing");
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
        const auto wait = std::max<std::chrono::milliseconds>(
            std::chrono::milliseconds(5), slice / static_cast<long>(std::max<size_t>(1, m_targets.size())));
        for (auto& target : m_targets) {
            auto message = target.subscriber->readReply(untilNextDue(wait));
            if (message || message.error().kind == ErrorKind::Timeout)
                m_lastHeardMs[target.subscriber] = epochMillisNow();
            auto due = rereadDue(onEvent);
            if (!due)
                return due;
            if (!message) {
                if (message.error().kind == ErrorKind::Timeout)
                    continue;
                auto resynced = resubscribe(target, onEvent, message.error());
                if (!resynced)
                    return resynced;
                continue;
            }
            auto followed = followNotifications(target, *message, onEvent);
            if (!followed)
                return followed;
        }
    }
    return Done {};
}

} // namespace lockscope
