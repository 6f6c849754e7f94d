#include "support/WatchLatencyProbe.h"

#include "support/LockFormats.h"
#include "support/RedisTestServer.h"
#include "support/WatchSession.h"

#include <algorithm>
#include <cstdio>

namespace lockscope::test {

namespace {
const std::string holder = "8f4e1c7a-2b3d-4e5f-9a0b-1c2d3e4f5a6b";
constexpr std::chrono::milliseconds eventTimeout {5000};

double msBetween(WatchSession::Clock::time_point from, WatchSession::Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}
} // namespace

WatchLatencyProbe::WatchLatencyProbe(RedisServerProcess& server)
    : m_server(server)
{
}

Result<WatchLatencyProbe::Latencies> WatchLatencyProbe::measure(int trials, long long expiringTtlMs)
{
    auto redis = connectTo(m_server);
    if (!redis)
        return makeError(ErrorKind::Disconnected, "could not connect to the test server");
    WatchSession session(m_server, {});
    auto started = session.start();
    if (!started)
        return started.error();
    if (started->find("keyspace notifications") == std::string::npos)
        return makeError(ErrorKind::Usage, "the watcher is not using notifications: " + *started);
    Latencies latencies;
    // Waits for one event and records its latency from `since`.
    auto record = [&](LockEvent::Type type, const std::string& name, WatchSession::Clock::time_point since) {
        auto received = session.waitFor(type, name, eventTimeout);
        if (!received)
            return false;
        latencies[type].push_back(msBetween(since, received->at));
        return true;
    };
    auto missing = [](const char* what, const std::string& name) {
        return makeError(
            ErrorKind::Timeout, std::string("no ") + what + " event for " + name + " within 5 s");
    };
    for (int trial = 0; trial < trials; ++trial) {
        const std::string name = "latency:" + std::to_string(trial);
        if (auto taken = LockFormats::redissonLock(*redis, name, holder, 1, 30000); !taken)
            return taken.error();
        if (!record(LockEvent::Type::Appeared, name, WatchSession::Clock::now()))
            return missing("appeared", name);
        if (auto again = LockFormats::redissonLock(*redis, name, holder, 1, 30000); !again)
            return again.error();
        if (!record(LockEvent::Type::Changed, name, WatchSession::Clock::now()))
            return missing("changed", name);
        if (auto deleted = redis->command({"DEL", name}); !deleted)
            return deleted.error();
        if (!record(LockEvent::Type::Released, name, WatchSession::Clock::now()))
            return missing("released", name);

        const std::string expiring = "locks:expiring:" + std::to_string(trial);
        auto set = redis->command(
            {"SET", expiring, LockFormats::randomAlnum(20), "PX", std::to_string(expiringTtlMs)});
        if (!set)
            return set.error();
        const auto runsOut = WatchSession::Clock::now() + std::chrono::milliseconds(expiringTtlMs);
        if (!record(LockEvent::Type::Expired, expiring, runsOut))
            return missing("expired", expiring);
    }
    return latencies;
}

double WatchLatencyProbe::median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

std::string WatchLatencyProbe::describe(const std::vector<double>& values)
{
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    if (sorted.empty())
        return "no samples";
    auto at = [&](double fraction) {
        return sorted[std::min(sorted.size() - 1, static_cast<size_t>(fraction * (sorted.size() - 1) + 0.5))];
    };
    char text[160];
    std::snprintf(text, sizeof text, "n=%zu min %.1f median %.1f p90 %.1f max %.1f ms", sorted.size(),
        sorted.front(), median(sorted), at(0.9), sorted.back());
    return text;
}

} // namespace lockscope::test
