#pragma once

#include "locks/DistributedLock.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace lockscope {

// The waiters of one lock inside this process, in arrival order; only the one at the front
// waits at the Redis level (subscribed, retrying on unlock notices), the others wait here for
// their turn. This is what Redisson does inside one JVM (one subscription per lock, one retry
// per unlock notice) and what keeps an unlock from waking every local waiter at once: with 16
// threads on one lock, each unlock would wake 15 threads that all run the acquire script,
// and the CPU that herd burns would be most of the handoff time. Between processes nothing
// changes: waiters still race, as Redisson's do.
class LocalWaitLine : public std::enable_shared_from_this<LocalWaitLine>
{
public:
    // One line per key (server + lock name) and process; it lives while someone uses it.
    static std::shared_ptr<LocalWaitLine> forKey(const std::string& key);

    // Being at the front of the line; leaving it (destruction) lets the next waiter in.
    class Turn
    {
    public:
        Turn(std::shared_ptr<LocalWaitLine> line, std::uint64_t ticket);
        ~Turn();
        Turn(const Turn&) = delete;
        Turn& operator=(const Turn&) = delete;
        // Leaves the line from any thread (for a holder that hands the lock to this turn's
        // waiter, so the next waiter moves up without the new holder paying for its wake-up);
        // the destructor then has nothing left to do.
        std::function<void()> leaver() const;

    private:
        std::shared_ptr<LocalWaitLine> m_line;
        std::uint64_t m_ticket;
    };

    // Waits until this caller is at the front (a Turn), or the deadline passes or `cancel`
    // fires (null, with `outcome` saying which). `whileWaiting` runs about every `slice` (the
    // caller's waiter-registry refresh); an error it returns ends the wait with that error.
    Result<std::unique_ptr<Turn>> await(std::optional<std::chrono::steady_clock::time_point> deadline,
        const CancellationToken* cancel, const std::function<Status()>& whileWaiting, AcquireOutcome& outcome,
        std::chrono::milliseconds slice = std::chrono::milliseconds(100));

private:
    void leave(std::uint64_t ticket);

    struct Place
    {
        std::uint64_t ticket;
        std::condition_variable* turnCame; // the waiter's own: a leave wakes only the new front
    };

    std::mutex m_mutex;
    std::deque<Place> m_line; // front = the one waiting at the Redis level
    std::uint64_t m_nextTicket = 1;
};

} // namespace lockscope
