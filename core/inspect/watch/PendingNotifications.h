#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace lockscope {

// The keyspace notifications of one pass, grouped by the lock their keys belong to: one Redisson
// acquire raises two or three (the hash, its TTL, the queue), a burst many more, and each lock
// needs re-reading once however many of its keys were touched.
class PendingNotifications
{
public:
    struct Lock
    {
        std::string name;
        std::vector<std::string> keys; // each notified key once
        bool expired = false; // one of them was an `expired` notification
        // A key of no known lock, under a name no format claims (it was given a TTL): read by its
        // own name, not by every key a format could give it.
        bool byItsKeysOnly = false;
    };

    void add(const std::string& lockName, const std::string& key, bool expired, bool byItsKeysOnly = false);
    // In the order they were first notified.
    const std::vector<Lock>& locks() const { return m_locks; }
    size_t notificationCount() const { return m_notifications; }
    bool isEmpty() const { return m_locks.empty(); }

private:
    std::vector<Lock> m_locks;
    std::unordered_map<std::string, size_t> m_indexOfName;
    size_t m_notifications = 0;
};

} // namespace lockscope
