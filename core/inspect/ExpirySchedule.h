#pragma once

#include <chrono>
#include <map>
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
class ExpirySchedule
{
public:
    using Clock = std::chrono::steady_clock;

    void set(const std::string& id, Clock::time_point deadline);
    void remove(const std::string& id);
    std::optional<Clock::time_point> earliest() const;
    // The ids whose deadline is at or before `now`, removed from the schedule.
    std::vector<std::string> takeDue(Clock::time_point now);
    size_t size() const { return m_byId.size(); }

private:
    std::map<std::string, Clock::time_point> m_byId;
    // Earliest first; each entry points at its id in m_byId (a map's keys stay where they are
    // until erased, and an id leaves both together): the id is stored once, not twice.
    std::set<std::pair<Clock::time_point, const std::string*>> m_queue;
};

} // namespace lockscope
