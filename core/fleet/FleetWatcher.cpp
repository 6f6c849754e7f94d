#include "fleet/FleetWatcher.h"

namespace lockscope {

namespace {

// Tells the fleet's observer what one member's ServerWatch sees, naming the member.
class MemberReport : public ServerWatchObserver
{
public:
    MemberReport(const FleetMember& member, const FleetWatchOptions& options, FleetObserver& observer,
        std::atomic<size_t>& gaveUp)
        : m_member(member)
        , m_options(options)
        , m_observer(observer)
        , m_gaveUp(gaveUp)
    {
    }

    void statusChanged(const WatchStatus& status) override
    {
        if (status.state == WatchStatus::State::Reconnecting)
            m_observer.lost(m_member, *status.reason, status.attempt, status.retryIn);
        if (status.state == WatchStatus::State::GaveUp) {
            ++m_gaveUp;
            m_observer.gaveUp(m_member, *status.reason);
        }
    }
    void listed(const std::vector<SharedLockSnapshot>& locks, const WatchingMode& mode, bool again) override
    {
        m_observer.watching(m_member, locks, mode, again);
    }
    void changedWhileAway(const LockEvent& event) override
    {
        if (m_options.reportChangesWhileAway)
            m_observer.lockChanged(m_member, event);
    }
    void lockChanged(const LockEvent& event) override { m_observer.lockChanged(m_member, event); }
    void gap(long long fromMs, long long untilMs, const std::string& reason) override
    {
        m_observer.gap(m_member, fromMs, untilMs, reason);
    }
    void watchStats(const WatchStats& stats) override { m_observer.watchStats(m_member, stats); }

private:
    const FleetMember& m_member;
    const FleetWatchOptions& m_options;
    FleetObserver& m_observer;
    std::atomic<size_t>& m_gaveUp;
};

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
    // A production server's listings are paced unless the user set a budget (see ScanOptions).
    ServerWatchOptions options = m_options.server;
    options.watch.inspect.scan.maxServerLoad
        = ScanOptions::serverLoadFor(options.watch.inspect.scan.maxServerLoad, member.production);
    ServerWatch watch(member.connection, options);
    MemberReport report(member, m_options, m_observer, m_gaveUp);
    (void)watch.run(m_cancel, report);
}

} // namespace lockscope
