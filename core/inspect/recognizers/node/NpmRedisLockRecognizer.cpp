#include "inspect/recognizers/node/NpmRedisLockRecognizer.h"

#include <algorithm>

namespace lockscope {

std::optional<StringLockReading> NpmRedisLockRecognizer::read(const RawKey& key, long long nowMs) const
{
    const std::string& value = key.value;
    if (!key.name.starts_with("lock.") || key.name.size() == 5 || value.size() != 13 || !key.ttlMs()
        || !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const long long expiresAt = std::stoll(value);
    // Written as now + timeout: near the key's own expiry, never far in the past or the future.
    constexpr long long dayMs = 24LL * 3600 * 1000;
    if (expiresAt < nowMs - dayMs || expiresAt > nowMs + 30 * dayMs)
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::NpmRedisLock;
    reading.confidence = 0.85;
    reading.reason = UserText(LOCKSCOPE_TEXT("NpmRedisLockRecognizer",
        "lock.<name> holding an epoch-ms expiry, with a TTL: the npm redis-lock package"));
    reading.holder.owner = "(redis-lock stores no holder, only its expiry)";
    reading.holder.expiresAtMs = expiresAt;
    return reading;
}

} // namespace lockscope
