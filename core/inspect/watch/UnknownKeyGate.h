#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace lockscope {

// Which notified keys of no known lock the watcher reads now. A key read lately and found to be
// no lock is not read again within `window`: a notification for it meanwhile is deferred to the
// window's end (a cache key rewritten a thousand times a second costs one read a window, and a
// lock that appears under it is still seen, late by the window at most). Keys under plain names
// (read because they were given a TTL) also spend a budget of reads per second; past it they are
// skipped and counted, and the watcher's periodic re-listing finds what they held. Memory is
// bounded: the keys remembered and deferred are capped, the oldest forgotten first.
class UnknownKeyGate
{
public:
    enum class Decision
    {
        Read,
        Deferred,
        Skipped,
    };
    struct Limits
    {
        long long windowMs = 1000;
        double plainReadsPerSecond = 200; // budget of keys under plain names
        size_t remembered = 100000; // keys found to be no lock, kept for `windowMs`
        size_t deferred = 10000;
    };

    UnknownKeyGate();
    explicit UnknownKeyGate(Limits limits);

    // `claimed`: a format claims the name (not under the budget).
    Decision admit(const std::string& key, bool claimed, long long nowMs);
    // `key` was read at `nowMs` and held no lock.
    void foundNoLock(const std::string& key, long long nowMs);
    // Deferred keys whose window has ended, to read now (each with whether it is claimed).
    std::vector<std::pair<std::string, bool>> due(long long nowMs);
    // When the next deferred key is due, or -1.
    long long nextDueMs() const;
    long long skipped() const { return m_skipped; }

private:
    bool spendBudget(long long nowMs);
    void forgetOld(long long nowMs);

    Limits m_limits;
    std::deque<std::pair<std::string, long long>> m_readOrder; // (key, when read), oldest first
    std::unordered_map<std::string, long long> m_readAt;
    std::unordered_map<std::string, std::pair<long long, bool>> m_deferred; // key -> (due, claimed)
    double m_tokens = 0;
    long long m_tokensAtMs = 0;
    long long m_skipped = 0;
};

} // namespace lockscope
