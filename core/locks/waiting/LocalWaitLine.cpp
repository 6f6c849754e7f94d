#include "locks/waiting/LocalWaitLine.h"

#include "locks/waiting/SharedPerKey.h"

#include <algorithm>

namespace lockscope {

std::shared_ptr<LocalWaitLine> LocalWaitLine::forKey(const std::string& key)
{
    return sharedPerKey<LocalWaitLine>(key);
}

LocalWaitLine::Turn::Turn(std::shared_ptr<LocalWaitLine> line, std::uint64_t ticket)
    : m_line(std::move(line))
    , m_ticket(ticket)
{
}

LocalWaitLine::Turn::~Turn()
{
    m_line->leave(m_ticket);
}

std::function<void()> LocalWaitLine::Turn::leaver() const
{
    return [line = m_line, ticket = m_ticket] { line->leave(ticket); };
}

void LocalWaitLine::leave(std::uint64_t ticket)
{
    std::lock_guard lock(m_mutex);
    auto it
        = std::find_if(m_line.begin(), m_line.end(), [ticket](const Place& p) { return p.ticket == ticket; });
    if (it == m_line.end())
        return;
    const bool wasFront = it == m_line.begin();
    m_line.erase(it);
    if (wasFront && !m_line.empty() && m_line.front().turnCame)
        m_line.front().turnCame->notify_one();
}

Result<std::unique_ptr<LocalWaitLine::Turn>> LocalWaitLine::await(
    std::optional<std::chrono::steady_clock::time_point> deadline, const CancellationToken* cancel,
    const std::function<Status()>& whileWaiting, AcquireOutcome& outcome, std::chrono::milliseconds slice)
{
    std::condition_variable turnCame;
    std::unique_lock lock(m_mutex);
    const std::uint64_t ticket = m_nextTicket++;
    m_line.push_back({ticket, &turnCame});
    auto quit = [&]() {
        lock.unlock();
        leave(ticket);
    };
    for (;;) {
        if (m_line.front().ticket == ticket) {
            m_line.front().turnCame = nullptr; // ours ends with this call; nobody waits on it now
            return std::make_unique<Turn>(shared_from_this(), ticket);
        }
        if (cancel && cancel->isCancelled()) {
            outcome = AcquireOutcome::Cancelled;
            quit();
            return std::unique_ptr<Turn>();
        }
        const auto now = std::chrono::steady_clock::now();
        if (deadline && now >= *deadline) {
            outcome = AcquireOutcome::TimedOut;
            quit();
            return std::unique_ptr<Turn>();
        }
        if (whileWaiting) {
            lock.unlock();
            auto status = whileWaiting();
            lock.lock();
            if (!status) {
                quit();
                return status.error();
            }
            if (m_line.front().ticket == ticket)
                continue;
        }
        auto until = now + slice;
        if (deadline)
            until = std::min(until, *deadline);
        turnCame.wait_until(lock, until);
    }
}

} // namespace lockscope
