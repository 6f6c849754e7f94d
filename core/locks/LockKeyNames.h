#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace lockscope {

// The one place that spells the key and channel names LockScope's own locks and Redisson's
// derive from a lock name, for the lock algorithms that write them and the inspector that reads
// them back (and the reverse: which lock a derived key belongs to).
// Derived names carry the name as a cluster hash tag, `{<name>}`, so that every key of one lock
// lives in one slot; no braces are added when the name already contains `{` (it then carries
// its own hash tag: `orders:{42}` -> `lockscope:fence:orders:{42}`, as Redisson does).
class LockKeyNames
{
public:
    // `<prefix>:{<name>}`
    static std::string prefixName(std::string_view prefix, std::string_view name);
    // `{<name>}:<suffix>`
    static std::string suffixName(std::string_view name, std::string_view suffix);
    // `{<name>}`: what Redisson's read lock joins reader fields onto.
    static std::string hashTagged(std::string_view name);
    // The lock name inside `<prefix>:{<name>}` (or `<prefix>:<name>` when the name holds a brace).
    static std::optional<std::string> nameAfterPrefix(std::string_view key, std::string_view prefix);
    // The lock name inside `{<name>}:<suffix>` (or `<name>:<suffix>` when the name holds a brace).
    static std::optional<std::string> nameBeforeSuffix(std::string_view key, std::string_view suffix);

    // LockScope's own locks: the prefixes their keys start with, then the keys.
    static constexpr std::string_view lockscopeFencePrefix = "lockscope:fence";
    static constexpr std::string_view lockscopeWaitersPrefix = "lockscope:waiters";
    static constexpr std::string_view lockscopeQueuePrefix = "lockscope:queue";
    static constexpr std::string_view lockscopeWakePrefix = "lockscope:wake";
    static constexpr std::string_view lockscopeSemaphorePrefix = "lockscope:semaphore";
    // The fencing counter of a fenced token lock: `lockscope:fence:{<name>}`.
    static std::string lockscopeFence(std::string_view name);
    // The registry of a lock's waiters (ZSET): `lockscope:waiters:{<name>}`.
    static std::string lockscopeWaiters(std::string_view name);
    // A fair token lock's wait queue and a waiter's wake-up list.
    static std::string lockscopeQueue(std::string_view name);
    static std::string lockscopeWake(std::string_view name, std::string_view token);
    // One part of a semaphore: `lockscope:semaphore:{<name>}:<part>`.
    static std::string lockscopeSemaphore(std::string_view name, std::string_view part);
    // The channel a handoff grants a seat on: `lockscope:handoff:{<name>}:<field>:<seat>`.
    static std::string lockscopeHandoff(
        std::string_view name, std::string_view field, unsigned long long seat);

    // The semaphore a key `lockscope:semaphore:{<name>}:<part>` belongs to, for one of `parts`.
    static std::optional<std::string> lockscopeSemaphoreOf(
        std::string_view key, std::span<const std::string_view> parts);

    // Redisson's: the prefixes of its derived keys, then the names.
    static constexpr std::string_view redissonFencePrefix = "redisson_lock_token";
    static constexpr std::string_view redissonQueuePrefix = "redisson_lock_queue";
    static constexpr std::string_view redissonTimeoutPrefix = "redisson_lock_timeout";
    static constexpr std::string_view redissonUnlockLatchPrefix = "redisson_unlock_latch";

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
