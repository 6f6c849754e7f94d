#include "fleet/FleetWatcher.h"

#include "common/WallClock.h"
#include "fleet/LocksWhileAway.h"
#include "inspect/scan/MasterConnections.h"

#include <algorithm>

namespace lockscope {

namespace {

// Sleeps `duration` unless cancelled first.
void pause(std::chrono::milliseconds duration, const CancellationToken& cancel)
{
    const auto until = std::chrono::steady_clock::now() + duration;
    while (!cancel.isCancelled() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

} // namespace

FleetWatcher::FleetWatcher(
    std::vector<FleetMember> members, FleetWatchOptions options, FleetObserver& observer)
    : m_members(std::move(members))
    , m_options(std::move(options))
    , m_observer(observer)
{
}

FleetWatcher::~FleetWatcher()
{
    stop();
}

bool FleetWatcher::isSettingsError(const RedisError& error)
{
    return error.kind == ErrorKind::AuthFailed || error.kind == ErrorKind::NoPermission
        || error.kind == ErrorKind::Usage;
}

void FleetWatcher::start()
{
    for (const auto& member : m_members)
        m_threads.emplace_back([this, &member] { watchMember(member); });
}

void FleetWatcher::stop()
{
    m_cancel.cancel();
    for (auto& thread : m_threads) {
        if (thread.joinable())
            thread.join();
    }
    m_threads.clear();
}

void FleetWatcher::watchMember(const FleetMember& member)
{
    ConnectionOptions connection = member.connection;
    connection.clientRole = "monitor";
    // This loop paces the reconnects (and reports each failure); the connection must not retry.
    connection.reconnect.budget = std::chrono::milliseconds(0);
    std::chrono::milliseconds backoff = m_options.firstBackoff;
    int attempt = 0;
    bool watchedBefore = false;
    long long lostAtMs = 0;
    LocksWhileAway known;
    auto fail = [&](const RedisError& error) {
        if (lostAtMs == 0)
            lostAtMs = epochMillisNow();
        if (isSettingsError(error)) {
            ++m_gaveUp;
            m_observer.gaveUp(member, error);
            return false;
        }
        m_observer.lost(member, error, ++attempt, backoff);
        pause(backoff, m_cancel);
        backoff = std::min(backoff * 2, m_options.longestBackoff);
        return true;
    };
    while (!m_cancel.isCancelled()) {
        auto masters = MasterConnections::open(connection, WatchTarget::extraConnections);
        if (!masters) {
            if (!fail(masters.error()))
                return;
            continue;
        }
        WatchOptions watch = m_options.watch;
        watch.inspect.scan.maxServerLoad
            = ScanOptions::serverLoadFor(watch.inspect.scan.maxServerLoad, member.production);
        LockWatcher watcher(WatchTarget::of(masters->targets()), watch);
        watcher.setGapHandler([&](long long fromMs, long long untilMs, const std::string& reason) {
            m_observer.gap(member, fromMs, untilMs, reason);
        });
        watcher.setStatsHandler([&](const WatchStats& stats) { m_observer.watchStats(member, stats); });
        auto started = watcher.start();
        if (!started) {
            if (!fail(started.error()))
                return;
            continue;
        }
        const auto locks = watcher.locks();
        m_observer.watching(member, locks, watcher.mode(), watchedBefore);
        const auto missed = known.restart(locks, lostAtMs, epochMillisNow());
        if (m_options.reportChangesWhileAway) {
            for (const auto& event : missed)
                m_observer.lockChanged(member, event);
        }
        watchedBefore = true;
        lostAtMs = 0;
        attempt = 0;
        backoff = m_options.firstBackoff;
        auto ran = watcher.run(m_cancel, [&](const LockEvent& event) {
            known.apply(event);
            m_observer.lockChanged(member, event);
        });
        if (!ran && !fail(ran.error()))
            return;
    }
}

} // namespace lockscope
