#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lockscope {

// When each watched lock's lease runs out, earliest first. Redis only reports `expired` once
// its active-expiry cycle (hz 10 by default, sampling) or an access removes the key, which can
// lag; the watcher instead re-reads a lock when its own TTL says it is due, and that read makes
// Redis expire the key there and then. One deadline per lock, one timer (the earliest) for all:
// the cost is a read per lock that expires, never a poll of every lock.
//
// The schedule keeps no copy of the locks' ids: with 100,000 locks a map of its own cost about
// 100 bytes a lock. Each lock's entry in the caller's map holds its id (the map's key) and a
// Slot with its deadline, both where they are until the entry is erased (a std::map's nodes do
// not move), and the queue points at the id. The caller removes a lock before erasing its entry.
class ExpirySchedule
{
public:
    using Clock = std::chrono::steady_clock;
    // Set while the lock is in the queue: its deadline.
    using Slot = std::optional<Clock::time_point>;

    void set(const std::string& id, Slot& slot, Clock::time_point deadline);
    void remove(const std::string& id, Slot& slot);
    std::optional<Clock::time_point> earliest() const;
    // The ids whose deadline is at or before `now`, taken out of the queue. Their slots still
    // name the deadline until the caller clears them (a remove() of such a slot does nothing);
    // the pointers stay valid until their entries are erased.
    std::vector<const std::string*> takeDue(Clock::time_point now);
    size_t size() const { return m_queue.size(); }

private:
    std::set<std::pair<Clock::time_point, const std::string*>> m_queue; // earliest first
};

} // namespace lockscope
