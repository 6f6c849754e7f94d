#include "support/WatchSession.h"

#include "support/RedisTestServer.h"

#include <QtGlobal>

#include <algorithm>

namespace lockscope::test {

WatchSession::WatchSession(RedisServerProcess& server, WatchOptions options)
    : WatchSession({{"n", &server}}, std::move(options))
{
}

WatchSession::WatchSession(
    const std::vector<std::pair<std::string, RedisServerProcess*>>& masters, WatchOptions options)
{
    std::vector<WatchTarget> targets;
    for (const auto& [node, server] : masters) {
        m_connections.push_back(connectTo(*server));
        m_connections.push_back(connectTo(*server));
        targets.push_back(
            {node, m_connections[m_connections.size() - 2].get(), m_connections.back().get(), {}});
    }
    m_watcher = std::make_unique<LockWatcher>(std::move(targets), std::move(options));
}

WatchSession::~WatchSession()
{
    stop();
}

Result<std::string> WatchSession::start()
{
    if (std::ranges::any_of(m_connections, [](const auto& connection) { return !connection; }))
        return makeError(ErrorKind::Disconnected, "could not connect to the test server");
    auto started = m_watcher->start();
    if (!started)
        return started.error();
    m_watcher->setGapHandler([this](long long fromMs, long long untilMs, const std::string& reason) {
        std::lock_guard lock(m_mutex);
        m_gaps.push_back({fromMs, untilMs, reason});
    });
    m_thread = std::thread([this] {
        auto ran = m_watcher->run(m_cancel, [this](const LockEvent& event) {
            const auto at = Clock::now();
            std::lock_guard lock(m_mutex);
            m_events.push_back({event, at});
        });
        if (!ran)
            qWarning("watcher stopped: %s", ran.error().toString().c_str());
    });
    return started->english();
}

std::vector<WatchSession::Gap> WatchSession::gaps()
{
    std::lock_guard lock(m_mutex);
    return m_gaps;
}

void WatchSession::stop()
{
    m_cancel.cancel();
    if (m_thread.joinable())
        m_thread.join();
}

std::optional<WatchSession::Received> WatchSession::find(LockEvent::Type type, const std::string& name)
{
    std::lock_guard lock(m_mutex);
    for (const auto& received : m_events) {
        if (received.event.type == type && received.event.lock->name == name)
            return received;
    }
    return std::nullopt;
}

std::optional<WatchSession::Received> WatchSession::waitFor(
    LockEvent::Type type, const std::string& name, std::chrono::milliseconds timeout)
{
    const auto until = Clock::now() + timeout;
    for (;;) {
        if (auto found = find(type, name))
            return found;
        if (Clock::now() >= until)
            return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

size_t WatchSession::count(LockEvent::Type type, const std::string& name)
{
    std::lock_guard lock(m_mutex);
    size_t n = 0;
    for (const auto& received : m_events)
        n += received.event.type == type && received.event.lock->name == name ? 1 : 0;
    return n;
}

} // namespace lockscope::test
