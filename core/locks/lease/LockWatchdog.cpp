#include "locks/lease/LockWatchdog.h"

#include "redis/LazyConnection.h"

#include <algorithm>
#include <unistd.h>
#include <vector>

namespace lockscope {

namespace {
using Clock = std::chrono::steady_clock;

std::chrono::milliseconds periodOf(const LockWatchdog::Renewal& renewal)
{
    return std::max(renewal.lease / 3, std::chrono::milliseconds(1));
}
} // namespace

LockWatchdog::LockWatchdog(ConnectionOptions options)
    : m_options(std::move(options))
{
    // Named after the role of the locks it renews (lockscope:<role>:watchdog): a command sample
    // that sees it renew then names the service that holds them (core/identity).
    m_options.clientRole = m_options.clientRole.empty() ? "watchdog" : m_options.clientRole + ":watchdog";
    // A reconnect must not stall every other hold's renewal for long; the next batch retries.
    m_options.reconnect.budget = std::min(m_options.reconnect.budget, std::chrono::milliseconds(1000));
    m_thread = std::thread([this] { run(); });
}

LockWatchdog::~LockWatchdog()
{
    stop();
}

std::shared_ptr<LockWatchdog> LockWatchdog::sharedFor(const ConnectionOptions& options)
{
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<LockWatchdog>> watchdogs;
    // The pid is part of the key: a forked child must not use its parent's (threadless) copy.
    const std::string key = std::to_string(getpid()) + "|" + options.describe() + "|" + options.user + "|"
        + std::to_string(options.database);
    std::lock_guard lock(mutex);
    if (auto existing = watchdogs[key].lock())
        return existing;
    auto created = std::make_shared<LockWatchdog>(options);
    watchdogs[key] = created;
    return created;
}

LockWatchdog::WatchId LockWatchdog::watch(Renewal renewal)
{
    std::lock_guard lock(m_mutex);
    const auto now = Clock::now();
    Entry entry;
    entry.nextDue = now + periodOf(renewal);
    entry.lastSuccess = now;
    entry.renewal = std::move(renewal);
    const WatchId id = m_nextId++;
    m_entries.emplace(id, std::move(entry));
    m_wake.notify_all();
    return id;
}

void LockWatchdog::unwatch(WatchId id)
{
    std::lock_guard lock(m_mutex);
    m_entries.erase(id);
}

void LockWatchdog::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable() && m_thread.get_id() != std::this_thread::get_id())
        m_thread.join();
}

size_t LockWatchdog::watchedCount() const
{
    std::lock_guard lock(m_mutex);
    return m_entries.size();
}

long long LockWatchdog::roundTrips() const
{
    std::lock_guard lock(m_mutex);
    return m_roundTrips;
}

long long LockWatchdog::renewalsSent() const
{
    std::lock_guard lock(m_mutex);
    return m_renewalsSent;
}

void LockWatchdog::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        if (m_entries.empty()) {
            m_wake.wait(lock, [this] { return m_stopping || !m_entries.empty(); });
            continue;
        }
        auto earliest = Clock::time_point::max();
        for (const auto& [id, entry] : m_entries)
            earliest = std::min(earliest, entry.nextDue);
        if (Clock::now() < earliest) {
            // Woken early by watch()/stop(): look again, a new hold may be due sooner.
            m_wake.wait_until(lock, earliest);
            continue;
        }
        renewBatch(lock);
    }
    m_connection.reset();
}

void LockWatchdog::renewBatch(std::unique_lock<std::mutex>& lock)
{
    // Everything due now, and everything due within a quarter of its period, goes in this
    // round trip: holds taken at about the same moment keep sharing one round trip.
    const auto now = Clock::now();
    std::vector<WatchId> ids;
    std::vector<RedisCommand> commands;
    for (const auto& [id, entry] : m_entries) {
        if (entry.nextDue <= now + periodOf(entry.renewal) / 4) {
            ids.push_back(id);
            commands.push_back(entry.renewal.command);
        }
    }
    ++m_roundTrips;
    m_renewalsSent += static_cast<long long>(commands.size());

    lock.unlock();
    Result<std::vector<RedisReply>> replies = makeError(ErrorKind::Internal, "not sent");
    if (auto connection = LazyConnection::in(m_connection, m_options))
        replies = (*connection)->pipeline(commands);
    else
        replies = connection.error();
    lock.lock();

    const auto done = Clock::now();
    std::vector<std::pair<std::shared_ptr<RenewalState>, RenewalEvent>> reports;
    for (size_t i = 0; i < ids.size(); ++i) {
        auto found = m_entries.find(ids[i]);
        if (found == m_entries.end())
            continue; // released while the renewal was in flight: nothing to report
        Entry& entry = found->second;
        const auto period = periodOf(entry.renewal);
        std::optional<long long> answer;
        if (replies && i < replies->size())
            answer = (*replies)[i].toInteger();
        if (answer && *answer == 1) {
            entry.renewal.state->recordRenewal();
            ++entry.renewals;
            entry.lastSuccess = done;
            entry.nextDue = done + period;
            if (entry.renewal.maxRenewals > 0 && entry.renewals >= entry.renewal.maxRenewals) {
                reports.emplace_back(entry.renewal.state, RenewalEvent::CapReached);
                m_entries.erase(found);
            }
        } else if (answer && *answer == 0) {
            reports.emplace_back(entry.renewal.state, RenewalEvent::HoldGone);
            m_entries.erase(found);
        } else if (done - entry.lastSuccess >= entry.renewal.lease) {
            // Redis unreachable (or answering errors) for a whole lease: the hold has expired.
            reports.emplace_back(entry.renewal.state, RenewalEvent::Unreachable);
            m_entries.erase(found);
        } else {
            // A transient failure: try again soon, well before the lease runs out.
            entry.nextDue = done + std::max(period / 4, std::chrono::milliseconds(20));
        }
    }
    lock.unlock();
    for (auto& [state, event] : reports)
        state->report(event);
    lock.lock();
}

} // namespace lockscope
