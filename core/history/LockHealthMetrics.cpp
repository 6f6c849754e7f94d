#include "history/LockHealthMetrics.h"

#include "common/Utf8.h"

#include <algorithm>
#include <charconv>
#include <tuple>

namespace lockscope {

namespace {

// Label values are raw bytes from Redis. The format takes any UTF-8 and asks only backslash,
// quote and newline to be escaped, so text passes through ("東京" and "大阪" stay two series);
// a byte that is not UTF-8 becomes U+FFFD, the replacement character.
std::string labelValue(const std::string& bytes)
{
    std::string escaped;
    for (size_t i = 0; i < bytes.size();) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == '\\')
            escaped += "\\\\";
        else if (c == '"')
            escaped += "\\\"";
        else if (c == '\n')
            escaped += "\\n";
        else if (c < 0x80)
            escaped += static_cast<char>(c);
        else if (const size_t length = Utf8::sequenceLength(bytes, i)) {
            escaped.append(bytes, i, length);
            i += length;
            continue;
        } else
            escaped += "\xef\xbf\xbd";
        ++i;
    }
    return escaped;
}

// The shortest text that reads back as the same double: "0.05", not "0.050000000000000003".
std::string number(double value)
{
    char buffer[64];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("NaN");
}

void header(std::string& out, const std::string& name, const std::string& type, const std::string& help)
{
    out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

std::string lockState(const LockSnapshot& lock)
{
    if (lock.stuck)
        return "stuck";
    return lock.holders.empty() ? "free" : "held";
}

} // namespace

void LockHealthMetrics::resync(
    const std::vector<SharedLockSnapshot>& locks, long long atMs, bool notifications)
{
    std::lock_guard guard(m_mutex);
    m_locks.clear();
    for (const auto& lock : locks)
        m_locks[{lock->node, lock->name}] = lock;
    count(m_holds.resume(locks, atMs, atMs));
    m_connected = true;
    m_notifications = notifications;
}

void LockHealthMetrics::observe(const LockEvent& event, long long handledAtMs)
{
    std::lock_guard guard(m_mutex);
    ++m_events[std::string(LockEvent::typeName(event.type))];
    const auto key = std::make_pair(event.lock->node, event.lock->name);
    if (event.type == LockEvent::Type::ForceReleased)
        ++m_forceReleases;
    if (event.ends())
        m_locks.erase(key);
    else
        m_locks[key] = event.lock;
    count(m_holds.apply(event));
    m_lagSeconds = std::max(0LL, handledAtMs - event.atMs) / 1000.0;
}

void LockHealthMetrics::forceReleased(const std::string& node, const std::string& lock, long long atMs)
{
    std::lock_guard guard(m_mutex);
    ++m_forceReleases;
    m_locks.erase({node, lock});
    count(m_holds.forceReleased(node, lock, atMs));
}

void LockHealthMetrics::connectionLost()
{
    std::lock_guard guard(m_mutex);
    if (m_connected)
        ++m_reconnects;
    m_connected = false;
}

void LockHealthMetrics::eventDropped()
{
    std::lock_guard guard(m_mutex);
    ++m_dropped;
}

void LockHealthMetrics::alertRaised(LockAlert::Rule rule)
{
    std::lock_guard guard(m_mutex);
    ++m_alerts[rule];
}

void LockHealthMetrics::setRecording(bool recording)
{
    std::lock_guard guard(m_mutex);
    m_recording = recording;
}

void LockHealthMetrics::count(const std::vector<HoldTracker::Change>& changes)
{
    for (const auto& change : changes) {
        if (change.started)
            continue;
        ++m_holdsCompleted[std::string(holdEndingName(change.hold.ending))];
        // A hold lost in a gap has no known length; only the ones seen ending are timed.
        if (change.hold.ending == HoldEnding::Lost)
            continue;
        const double seconds = static_cast<double>(change.hold.durationMs(0)) / 1000.0;
        for (size_t i = 0; i < durationBucketsSeconds.size(); ++i) {
            if (seconds <= durationBucketsSeconds[i])
                ++m_durationBuckets[i];
        }
        ++m_durationCount;
        m_durationSumSeconds += seconds;
    }
}

std::string LockHealthMetrics::exposition() const
{
    return exposition({{std::string(), this}});
}

std::string LockHealthMetrics::exposition(
    const std::vector<std::pair<std::string, const LockHealthMetrics*>>& servers)
{
    std::vector<Family> all;
    for (const auto& [server, metrics] : servers) {
        auto families = metrics->families(server);
        if (all.empty()) {
            all = std::move(families);
            continue;
        }
        for (size_t i = 0; i < all.size() && i < families.size(); ++i)
            all[i].samples += families[i].samples;
    }
    std::string out;
    for (const auto& family : all) {
        header(out, family.name, family.type, family.help);
        out += family.samples;
    }
    return out;
}

std::vector<LockHealthMetrics::Family> LockHealthMetrics::families(const std::string& server) const
{
    std::lock_guard guard(m_mutex);
    std::vector<Family> families;
    // A sample of the family begun last (a histogram's series add their suffix to its name),
    // its labels after the server's when there is one.
    auto sample = [&](const std::string& labels, const std::string& value, const char* suffix = "") {
        std::string all = server.empty()
            ? labels
            : "server=\"" + labelValue(server) + "\"" + (labels.empty() ? "" : ",") + labels;
        families.back().samples
            += families.back().name + suffix + (all.empty() ? "" : "{" + all + "}") + " " + value + "\n";
    };
    auto family = [&](const char* name, const char* type, const char* help) {
        families.push_back({name, type, help, {}});
    };
    std::map<std::tuple<std::string, std::string, std::string, std::string>, long long> byLabels;
    std::map<std::string, long long> waitersByNode;
    long long stuck = 0;
    for (const auto& [key, shared] : m_locks) {
        const LockSnapshot& lock = shared;
        ++byLabels[{std::string(lockKindName(lock.kind)), std::string(lockLibraryName(lock.library)),
            lock.node, lockState(lock)}];
        waitersByNode[lock.node] += lock.waiterCount;
        stuck += lock.stuck ? 1 : 0;
    }
    family("lockscope_locks", "gauge",
        "Locks present now, by kind, library, node and state (held, free, stuck).");
    for (const auto& [labels, count] : byLabels) {
        const auto& [kind, library, node, state] = labels;
        sample("kind=\"" + labelValue(kind) + "\",library=\"" + labelValue(library) + "\",node=\""
                + labelValue(node) + "\",state=\"" + state + "\"",
            std::to_string(count));
    }
    family("lockscope_stuck_locks", "gauge",
        "Locks that look stuck (held with no TTL, or past their holder's expiry).");
    sample("", std::to_string(stuck));
    family("lockscope_lock_waiters", "gauge", "Waiters seen on the locks of each node.");
    for (const auto& [node, waiters] : waitersByNode)
        sample("node=\"" + labelValue(node) + "\"", std::to_string(waiters));
    family("lockscope_holds_completed_total", "counter", "Holds that ended, by how they ended.");
    for (const char* ending : {"released", "expired", "force-released", "lost"}) {
        auto it = m_holdsCompleted.find(ending);
        sample(std::string("ending=\"") + ending + "\"",
            std::to_string(it == m_holdsCompleted.end() ? 0 : it->second));
    }
    family("lockscope_hold_duration_seconds", "histogram", "How long holds lasted that were seen ending.");
    for (size_t i = 0; i < durationBucketsSeconds.size(); ++i)
        sample("le=\"" + number(durationBucketsSeconds[i]) + "\"", std::to_string(m_durationBuckets[i]),
            "_bucket");
    sample("le=\"+Inf\"", std::to_string(m_durationCount), "_bucket");
    sample("", number(m_durationSumSeconds), "_sum");
    sample("", std::to_string(m_durationCount), "_count");
    family("lockscope_lock_events_total", "counter", "Lock events seen, by type (expired versus released).");
    for (const char* type : {"appeared", "changed", "released", "expired"}) {
        auto it = m_events.find(type);
        sample(std::string("type=\"") + type + "\"", std::to_string(it == m_events.end() ? 0 : it->second));
    }
    family("lockscope_force_releases_total", "counter", "Locks force-released by an administrator.");
    sample("", std::to_string(m_forceReleases));
    family("lockscope_alerts_total", "counter", "Alerts raised by the recorder's rules, by rule.");
    for (const auto rule : {LockAlert::Rule::HeldTooLong, LockAlert::Rule::Stuck,
             LockAlert::Rule::TooManyWaiters, LockAlert::Rule::ForceReleased}) {
        auto it = m_alerts.find(rule);
        sample("rule=\"" + std::string(LockAlert::ruleName(rule)) + "\"",
            std::to_string(it == m_alerts.end() ? 0 : it->second));
    }
    family(
        "lockscope_watcher_lag_seconds", "gauge", "Time from noticing the last lock change to handling it.");
    sample("", number(m_lagSeconds));
    family("lockscope_history_events_dropped_total", "counter", "Lock events the history could not store.");
    sample("", std::to_string(m_dropped));
    family(
        "lockscope_history_recording", "gauge", "1 while lock events are written to the history database.");
    sample("", m_recording ? "1" : "0");
    family("lockscope_redis_connected", "gauge", "1 while the watcher is connected to Redis.");
    sample("", m_connected ? "1" : "0");
    family(
        "lockscope_watch_notifications", "gauge", "1 when following keyspace notifications, 0 when polling.");
    sample("", m_notifications ? "1" : "0");
    family("lockscope_redis_disconnects_total", "counter", "Times the watcher lost its connection to Redis.");
    sample("", std::to_string(m_reconnects));
    // Per server only: with one unnamed server lockscope_redis_connected says it.
    if (!server.empty()) {
        family("lockscope_connection_up", "gauge", "1 while the fleet's server is connected and watched.");
        sample("", m_connected ? "1" : "0");
    }
    return families;
}

} // namespace lockscope
