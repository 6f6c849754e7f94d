#include "inspect/watch/UnknownKeyGate.h"

#include <algorithm>

namespace lockscope {

UnknownKeyGate::UnknownKeyGate()
    : UnknownKeyGate(Limits {})
{
}

UnknownKeyGate::UnknownKeyGate(Limits limits)
    : m_limits(limits)
    , m_tokens(limits.plainReadsPerSecond)
{
}

bool UnknownKeyGate::spendBudget(long long nowMs)
{
    // A token bucket holding a second's worth.
    if (m_tokensAtMs != 0)
        m_tokens = std::min(m_limits.plainReadsPerSecond,
            m_tokens + double(nowMs - m_tokensAtMs) * m_limits.plainReadsPerSecond / 1000.0);
    m_tokensAtMs = nowMs;
    if (m_tokens < 1)
        return false;
    m_tokens -= 1;
    return true;
}

void UnknownKeyGate::forgetOld(long long nowMs)
{
    while (!m_readOrder.empty()
        && (m_readOrder.front().second <= nowMs - m_limits.windowMs
            || m_readOrder.size() > m_limits.remembered)) {
        auto at = m_readAt.find(m_readOrder.front().first);
        if (at != m_readAt.end() && at->second == m_readOrder.front().second)
            m_readAt.erase(at);
        m_readOrder.pop_front();
    }
}

UnknownKeyGate::Decision UnknownKeyGate::admit(const std::string& key, bool claimed, long long nowMs)
{
    forgetOld(nowMs);
    if (auto read = m_readAt.find(key); read != m_readAt.end()) {
        if (m_deferred.count(key) == 0 && m_deferred.size() >= m_limits.deferred) {
            ++m_skipped;
            return Decision::Skipped;
        }
        m_deferred[key] = {read->second + m_limits.windowMs, claimed};
        return Decision::Deferred;
    }
    if (!claimed && !spendBudget(nowMs)) {
        ++m_skipped;
        return Decision::Skipped;
    }
    return Decision::Read;
}

void UnknownKeyGate::foundNoLock(const std::string& key, long long nowMs)
{
    m_readAt[key] = nowMs;
    m_readOrder.emplace_back(key, nowMs);
    forgetOld(nowMs);
}

std::vector<std::pair<std::string, bool>> UnknownKeyGate::due(long long nowMs)
{
    std::vector<std::pair<std::string, bool>> ready;
    if (m_deferred.empty())
        return ready;
    for (auto at = m_deferred.begin(); at != m_deferred.end();) {
        if (at->second.first > nowMs) {
            ++at;
            continue;
        }
        if (!at->second.second && !spendBudget(nowMs)) {
            ++m_skipped;
        } else {
            ready.emplace_back(at->first, at->second.second);
        }
        at = m_deferred.erase(at);
    }
    return ready;
}

long long UnknownKeyGate::nextDueMs() const
{
    long long next = -1;
    for (const auto& [key, when] : m_deferred)
        next = next < 0 ? when.first : std::min(next, when.first);
    return next;
}

} // namespace lockscope
