#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// The key and channel names Redisson derives from a lock name: the one place that spells them,
// for the lock algorithms that write them and the inspector that reads them back.
// Derived names carry the name as a cluster hash tag, `{<name>}`, so that every key of one lock
// lives in one slot; no braces are added when the name already contains `{`.
class RedissonNames
{
public:
    // `<prefix>:{<name>}`
    static std::string prefixName(std::string_view prefix, std::string_view name);
    // `{<name>}:<suffix>`
    static std::string suffixName(std::string_view name, std::string_view suffix);
    // `{<name>}`: what Redisson's read lock joins reader fields onto.
    static std::string hashTagged(std::string_view name);

    // RLock / FairLock unlock channel: `redisson_lock__channel:{<name>}`.
    static std::string lockChannel(const std::string& name);
    // RFencedLock's fencing counter: `redisson_lock_token:{<name>}`.
    static std::string fenceCounter(const std::string& name);
    // RFairLock waiter queue (LIST) and deadlines (ZSET).
    static std::string fairQueue(const std::string& name);
    static std::string fairTimeouts(const std::string& name);
    // RReadWriteLock channel: `redisson_rwlock:{<name>}`.
    static std::string readWriteChannel(const std::string& name);
    // Prefix of a reader's per-hold keys: `{<name>}:<field>:rwlock_timeout` (":<n>" follows).
    static std::string readTimeoutPrefix(const std::string& name, const std::string& readerField);
};

} // namespace lockscope
