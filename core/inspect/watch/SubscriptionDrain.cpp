#include "inspect/watch/SubscriptionDrain.h"

#include "common/WallClock.h"
#include "inspect/LockNaming.h"
#include "redis/RedisConnection.h"

namespace lockscope {

namespace {

// Replies taken off the socket before the pending set is locked once for all of them.
constexpr size_t chunk = 256;

} // namespace

void SubscriptionDrain::Signal::raise()
{
    {
        std::lock_guard guard(m_mutex);
        m_raised = true;
    }
    m_condition.notify_one();
}

void SubscriptionDrain::Signal::wait(std::chrono::milliseconds timeout)
{
    std::unique_lock guard(m_mutex);
    m_condition.wait_for(guard, timeout, [this] { return m_raised; });
    m_raised = false;
}

SubscriptionDrain::SubscriptionDrain(
    RedisConnection& subscriber, const NotificationTriage& triage, Limits limits, Signal& signal)
    : m_subscriber(subscriber)
    , m_triage(triage)
    , m_limits(limits)
    , m_signal(signal)
{
    m_lastHeardMs = epochMillisNow();
}

SubscriptionDrain::~SubscriptionDrain()
{
    stop();
}

void SubscriptionDrain::start()
{
    stop();
    m_stop = false;
    m_lastHeardMs = epochMillisNow();
    m_thread = std::thread([this] { drain(); });
}

void SubscriptionDrain::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

SubscriptionDrain::Batch SubscriptionDrain::take()
{
    std::lock_guard guard(m_mutex);
    Batch taken = std::move(m_taken);
    m_taken = Batch {};
    m_pendingAt.clear();
    m_ttlOnlyPending = 0;
    return taken;
}

void SubscriptionDrain::drain()
{
    std::vector<RedisReply> replies;
    replies.reserve(chunk);
    while (!m_stop.load(std::memory_order_relaxed)) {
        // The first reply waits (briefly, to see stop()); then whatever has arrived already.
        std::optional<RedisError> broken;
        for (size_t i = 0; i < chunk; ++i) {
            auto reply = m_subscriber.readReply(std::chrono::milliseconds(i == 0 ? 100 : 0));
            if (!reply) {
                if (reply.error().kind != ErrorKind::Timeout)
                    broken = reply.error();
                break;
            }
            replies.push_back(std::move(*reply));
        }
        m_lastHeardMs.store(epochMillisNow(), std::memory_order_relaxed);
        if (replies.empty() && !broken)
            continue;
        bool wake = false;
        {
            const auto at = std::chrono::steady_clock::now();
            std::lock_guard guard(m_mutex);
            const bool wasEmpty = m_taken.isEmpty();
            for (const RedisReply& reply : replies)
                add(reply, at);
            if (broken)
                m_taken.broken = std::move(broken);
            wake = wasEmpty && !m_taken.isEmpty();
            wake = wake || m_taken.broken.has_value();
        }
        replies.clear();
        if (wake)
            m_signal.raise();
        if (broken)
            return;
    }
}

void SubscriptionDrain::add(const RedisReply& reply, std::chrono::steady_clock::time_point at)
{
    if (!reply.isArray())
        return;
    // ["message", channel, lock name]: a force-release announced
    if (reply.size() == 3 && reply.at(0).text() == "message"
        && reply.at(1).text() == LockNaming::forceReleaseChannel) {
        if (m_taken.isEmpty())
            m_taken.oldest = at;
        m_taken.announcements.push_back(reply.at(2).text());
        return;
    }
    // ["pmessage", pattern, "__keyspace@<db>__:<key>", "<event>"]
    if (reply.size() != 4 || reply.at(0).text() != "pmessage")
        return;
    ++m_taken.notifications;
    const std::string& channel = reply.at(2).text();
    const size_t colon = channel.find("__:");
    if (colon == std::string::npos)
        return;
    const std::string_view key = std::string_view(channel).substr(colon + 3);
    const KeyspaceEvents::Set events = KeyspaceEvents::of(reply.at(3).text());
    const auto verdict = m_triage.judge(key, events);
    if (verdict == NotificationTriage::Verdict::Ignore)
        return;
    std::string name(key);
    if (auto pending = m_pendingAt.find(name); pending != m_pendingAt.end()) {
        ++m_taken.candidates;
        m_taken.keys[pending->second].events |= events;
        return;
    }
    if (m_taken.overflowed > 0) {
        ++m_taken.overflowed; // behind already: the watcher re-lists
        return;
    }
    const bool ttlOnly = verdict == NotificationTriage::Verdict::TtlOnly;
    if (ttlOnly && m_ttlOnlyPending >= m_limits.ttlOnlyKeys) {
        ++m_taken.skippedTtlOnly;
        return;
    }
    if (m_taken.keys.size() >= m_limits.pendingKeys) {
        // Too far behind: what is pending is dropped (the re-listing finds it), and counted.
        m_taken.overflowed = 1 + m_taken.candidates;
        m_taken.candidates = 0;
        m_taken.keys.clear();
        m_pendingAt.clear();
        m_ttlOnlyPending = 0;
        return;
    }
    if (m_taken.isEmpty())
        m_taken.oldest = at;
    ++m_taken.candidates;
    m_ttlOnlyPending += ttlOnly ? 1 : 0;
    m_pendingAt.emplace(name, m_taken.keys.size());
    m_taken.keys.push_back({std::move(name), events, ttlOnly});
}

} // namespace lockscope
