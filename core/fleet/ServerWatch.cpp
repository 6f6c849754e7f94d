#include "fleet/ServerWatch.h"

#include "common/LargeBlockRelease.h"
#include "common/WallClock.h"
#include "fleet/LocksWhileAway.h"
#include "inspect/scan/MasterConnections.h"

#include <algorithm>
#include <thread>

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

ServerWatch::ServerWatch(ConnectionOptions connection, ServerWatchOptions options)
    : m_connection(std::move(connection))
    , m_options(std::move(options))
{
    m_connection.clientRole = "monitor";
    // run() paces the reconnects (and reports each failure); the connection must not retry.
    m_connection.reconnect.budget = std::chrono::milliseconds(0);
}

bool ServerWatch::isSettingsError(const RedisError& error)
{
    return error.kind == ErrorKind::AuthFailed || error.kind == ErrorKind::NoPermission
        || error.kind == ErrorKind::Usage;
}

void ServerWatch::relist()
{
    std::lock_guard lock(m_roundMutex);
    if (m_round)
        m_round->cancel();
}

Status ServerWatch::run(const CancellationToken& cancel, ServerWatchObserver& observer)
{
    std::chrono::milliseconds backoff = m_options.firstBackoff;
    WatchStatus status;
    auto say = [&](WatchStatus::State state) {
        status.state = state;
        if (state != WatchStatus::State::Reconnecting && state != WatchStatus::State::GaveUp)
            status.reason.reset();
        if (state != WatchStatus::State::Live) {
            status.mode.reset();
            status.description = {};
        }
        observer.statusChanged(status);
    };
    // What the watch knew when it was lost (or listed again), and since when it has not heard.
    std::vector<SharedLockSnapshot> known;
    bool watchedBefore = false;
    long long lostAtMs = 0;
    // Whether to go on: false once the settings are given up.
    auto fail = [&](const RedisError& error) {
        if (lostAtMs == 0)
            lostAtMs = epochMillisNow();
        status.reason = error;
        if (isSettingsError(error)) {
            say(WatchStatus::State::GaveUp);
            return false;
        }
        ++status.attempt;
        status.retryIn = backoff;
        say(WatchStatus::State::Reconnecting);
        pause(backoff, cancel);
        backoff = std::min(backoff * 2, m_options.longestBackoff);
        return true;
    };
    while (!cancel.isCancelled()) {
        say(WatchStatus::State::Connecting);
        auto masters = MasterConnections::open(m_connection, WatchTarget::extraConnections);
        if (!masters) {
            if (!fail(masters.error()))
                return masters.error();
            continue;
        }
        LockWatcher watcher(WatchTarget::of(masters->targets()), m_options.watch);
        watcher.setGapHandler([&observer](long long fromMs, long long untilMs, const std::string& reason) {
            observer.gap(fromMs, untilMs, reason);
        });
        watcher.setStatsHandler([&observer](const WatchStats& stats) { observer.watchStats(stats); });
        say(WatchStatus::State::Listing);
        std::vector<SharedLockSnapshot> listing;
        auto started = watcher.start(&listing);
        if (!started) {
            if (!fail(started.error()))
                return started.error();
            continue;
        }
        const long long listedAtMs = epochMillisNow();
        observer.listed(listing, watcher.mode(), watchedBefore);
        if (watchedBefore)
            for (const auto& event : LocksWhileAway::between(known, listing, lostAtMs, listedAtMs))
                observer.changedWhileAway(event);
        // Neither list may stay: each would hold every lock's first snapshot after it changed.
        known = {};
        listing = {};
        // The listing's scratch is freed, some of it in the reader threads' own heaps.
        LargeBlockRelease::returnFreedPages();
        watchedBefore = true;
        lostAtMs = 0;
        backoff = m_options.firstBackoff;
        status.attempt = 0;
        status.mode = watcher.mode();
        status.description = *started;
        say(WatchStatus::State::Live);

        CancellationToken round(&cancel);
        {
            std::lock_guard lock(m_roundMutex);
            m_round = &round;
        }
        auto ran = watcher.run(round, [&observer](const LockEvent& event) { observer.lockChanged(event); });
        {
            std::lock_guard lock(m_roundMutex);
            m_round = nullptr;
        }
        if (cancel.isCancelled())
            break;
        // What the watcher last saw is what the next listing is compared with.
        known = watcher.locks();
        if (ran) {
            // Asked to list again: what differs was missed some time since the last listing.
            lostAtMs = listedAtMs;
            continue;
        }
        if (!fail(ran.error()))
            return ran.error();
    }
    return Done {};
}

} // namespace lockscope
