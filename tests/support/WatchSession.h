#pragma once

#include "common/CancellationToken.h"
#include "inspect/watch/LockWatcher.h"
#include "sandbox/RedisServerProcess.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace lockscope::test {

// A LockWatcher running on its own thread against a test server, recording every event with
// the moment it reached the event callback.
class WatchSession
{
public:
    using Clock = std::chrono::steady_clock;
    struct Received
    {
        LockEvent event;
        Clock::time_point at;
    };

    WatchSession(RedisServerProcess& server, WatchOptions options);
    // One watcher over several servers, each a master named by its node label.
    WatchSession(
        const std::vector<std::pair<std::string, RedisServerProcess*>>& masters, WatchOptions options);
    ~WatchSession();
    WatchSession(const WatchSession&) = delete;
    WatchSession& operator=(const WatchSession&) = delete;

    Result<std::string> start();
    void stop();
    // The first event of `type` for lock `name`, if any yet.
    std::optional<Received> find(LockEvent::Type type, const std::string& name);
    // Waits up to `timeout` for it.
    std::optional<Received> waitFor(
        LockEvent::Type type, const std::string& name, std::chrono::milliseconds timeout);
    size_t count(LockEvent::Type type, const std::string& name);
    // The gaps the watcher caught up from (LockWatcher::setGapHandler), in order.
    struct Gap
    {
        long long fromMs = 0;
        long long untilMs = 0;
        std::string reason;
    };
    std::vector<Gap> gaps();

private:
    std::vector<std::unique_ptr<RedisConnection>> m_connections; // a reader and a subscriber each
    std::unique_ptr<LockWatcher> m_watcher;
    CancellationToken m_cancel;
    std::thread m_thread;
    std::mutex m_mutex;
    std::vector<Received> m_events;
    std::vector<Gap> m_gaps;
};

} // namespace lockscope::test
