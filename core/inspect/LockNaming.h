#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// Key-name and value conventions shared by the recognisers.
class LockNaming
{
public:
    // Redisson's derived names: `prefix:{name}` / `{name}:suffix`, no braces added when the
    // name already contains `{` (it then carries its own hash tag). Spelled by RedissonNames,
    // which the lock algorithms write them with.
    static std::string redissonPrefixed(std::string_view prefix, std::string_view name);
    static std::string redissonSuffixed(std::string_view name, std::string_view suffix);
    // The lock name inside `prefix:{name}` (or `prefix:name` when name holds a brace).
    static std::optional<std::string> nameAfterPrefix(std::string_view key, std::string_view prefix);
    // The lock name inside `{name}:suffix` (or `name:suffix` when name holds a brace).
    static std::optional<std::string> nameBeforeSuffix(std::string_view key, std::string_view suffix);

    // LockScope's own auxiliary keys (its fencing counter and waiter registry): `lockscope:<what>:{name}`.
    static std::string lockscopeFenceKey(std::string_view name);
    static std::string lockscopeWaitersKey(std::string_view name);

    // The channel a LockScope force-release is announced on (the message: the lock's name), so
    // that every LockScope watching the server, in this process or another, records who ended it.
    static constexpr std::string_view forceReleaseChannel = "lockscope:force-released";

    // Keys that only ever accompany a lock (queues, timeouts, counters, latches, registries):
    // they are grouped into their lock and never listed as a lock of their own.
    static bool isAuxiliaryKey(std::string_view key);
    // The lock a fence counter or waiter registry belongs to (`redisson_lock_token:{n}`,
    // `lockscope:fence:{n}`, `lockscope:waiters:{n}`): keys any lock may carry, whatever its format.
    static std::optional<std::string> lockOfAttachedKey(std::string_view key);
    // Those keys for the lock `name`.
    static std::vector<std::string> attachedKeysOf(std::string_view name);

    // A name whose words say "lock": lock:x, x.lock, locks/x, mutex_x, my-lock, x_lck ...
    // Words are split on anything that is not a letter or digit; `block`, `clock` do not count.
    static bool looksLikeLockName(std::string_view key);

    static bool isHex(std::string_view text, size_t length);
    // 8-4-4-4-12 hex digits, any version.
    static bool isUuid(std::string_view text);
    static bool isUuidV4(std::string_view text);
    // uuid1().hex as redis-py writes it: 32 lowercase hex, version nibble 1 and RFC variant;
    // returns the UUID's embedded time as epoch ms.
    static std::optional<long long> uuid1HexTimeMs(std::string_view text);
    static bool isAlnum(std::string_view text);
};

} // namespace lockscope
