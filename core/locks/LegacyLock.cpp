#include "locks/LegacyLock.h"

namespace lockscope {

LegacyLock::LegacyLock(std::shared_ptr<RedisConnection> connection, std::string name, Options options)
    : TimestampLock(LockAlgorithm::Legacy, std::move(connection), std::move(name), options.clock)
{
}

Result<bool> LegacyLock::tryOnce(std::chrono::milliseconds lease)
{
    // Two rounds: a key released between our SETNX and our GET is retried at once.
    for (int round = 0; round < 2; ++round) {
        auto now = m_clock.nowMillis();
        if (!now)
            return now.error();
        const long long expiry = *now + lease.count() + 1;
        auto set = setIfAbsent(expiry);
        if (!set || *set)
            return set;
        auto current = m_connection->command({"GET", m_name});
        if (!current)
            return current.error();
        if (current->isNil())
            continue;
        const auto stored = ExpiryClock::parseExpiry(current->text());
        if (!stored || *stored > *now)
            return false; // held (or not a timestamp at all: never taken over)
        // Expired: take it over with GETSET, and win only if what we replaced was still expired.
        auto old = m_connection->command({"GETSET", m_name, std::to_string(expiry)});
        if (!old)
            return old.error();
        if (old->isNil()) {
            m_expiry = expiry; // deleted meanwhile: our GETSET created it, nobody else holds it
            return true;
        }
        const auto replaced = ExpiryClock::parseExpiry(old->text());
        if (replaced && *replaced <= *now) {
            m_expiry = expiry;
            return true;
        }
        return false; // another contender won the GETSET race
    }
    return false;
}

Result<bool> LegacyLock::stillOurs()
{
    if (!m_expiry)
        return false;
    auto now = m_clock.nowMillis();
    if (!now)
        return now.error();
    if (*now >= *m_expiry)
        return false; // past our expiry: someone may have taken it over, never DEL it
    return keyExists();
}

Result<bool> LegacyLock::mayChange()
{
    auto ours = stillOurs();
    if (ours && !*ours)
        m_expiry.reset();
    return ours;
}

} // namespace lockscope
