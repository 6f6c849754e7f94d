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
    // (The names LockScope's own locks and Redisson's derive from a lock name, and the reverse,
    // are spelled by locks/LockKeyNames, which the lock algorithms write them with.)

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

    // A name whose words say "lock": lock:x, x.lock, locks/x, mutex_x, my-lock, x_lck, jobLock,
    // LEADER.x, countdown-latch ... Words are split on anything that is not a letter or digit
    // and at camelCase humps; `block`, `clock`, `leaderboard` do not count.
    static bool looksLikeLockName(std::string_view key);

    static bool isHex(std::string_view text, size_t length);
    // 8-4-4-4-12 hex digits, any version.
    static bool isUuid(std::string_view text);
    static bool isUuidV4(std::string_view text);
    // uuid1().hex as redis-py writes it: 32 lowercase hex, version nibble 1 and RFC variant;
    // returns the UUID's embedded time as epoch ms.
    static std::optional<long long> uuid1HexTimeMs(std::string_view text);
    // A uuid1().hex minted at epochMs (random clock sequence and node), as redis-py writes it.
    static std::string uuid1Hex(long long epochMs);
    static bool isAlnum(std::string_view text);
};

} // namespace lockscope
