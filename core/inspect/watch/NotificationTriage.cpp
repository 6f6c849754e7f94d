#include "inspect/watch/NotificationTriage.h"

#include "inspect/recognizers/RecognizerCatalog.h"
#include "inspect/watch/KeyspaceEvents.h"

#include <algorithm>

namespace lockscope {

NotificationTriage::NotificationTriage(std::vector<std::string> lockPatterns)
{
    for (auto& pattern : lockPatterns)
        m_lockPatterns.emplace_back(pattern);
}

bool NotificationTriage::claims(std::string_view name) const
{
    if (RecognizerCatalog::claimsName(name))
        return true;
    return std::ranges::any_of(
        m_lockPatterns, [name](const GlobPattern& glob) { return glob.matches(name); });
}

void NotificationTriage::shapeOf(std::string_view key, std::string& shape)
{
    auto isAlnum
        = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    shape.clear();
    size_t at = 0;
    while (at < key.size()) {
        if (!isAlnum(key[at])) {
            shape += key[at++];
            continue;
        }
        size_t end = at;
        bool digits = true;
        while (end < key.size() && isAlnum(key[end])) {
            digits = digits && key[end] >= '0' && key[end] <= '9';
            ++end;
        }
        // A word of digits only, shorter than any digest or token a format reads (a 32-hex
        // digest may happen to be all decimal digits: kept as it is).
        if (digits && end - at < 16)
            shape += '#';
        else
            shape.append(key.substr(at, end - at));
        at = end;
    }
}

bool NotificationTriage::claimsByShape(std::string_view key) const
{
    shapeOf(key, m_shape);
    if (auto known = m_claimsByShape.find(std::string_view(m_shape)); known != m_claimsByShape.end())
        return known->second;
    // The key itself is asked (the shape only files the answer); the user's globs, which may
    // well name digits, are not cached.
    const bool claimed = RecognizerCatalog::claimsName(key);
    if (m_claimsByShape.size() >= shapesKept)
        m_claimsByShape.clear();
    m_claimsByShape.emplace(m_shape, claimed);
    return claimed;
}

NotificationTriage::Verdict NotificationTriage::judge(std::string_view key, unsigned events) const
{
    {
        std::lock_guard guard(m_mutex);
        if (!m_plainNamedLocks.empty() && m_plainNamedLocks.find(key) != m_plainNamedLocks.end())
            return Verdict::Candidate;
    }
    if (claimsByShape(key)
        || std::ranges::any_of(m_lockPatterns, [key](const GlobPattern& glob) { return glob.matches(key); }))
        return Verdict::Candidate;
    return (events & KeyspaceEvents::ttlSet) != 0 ? Verdict::TtlOnly : Verdict::Ignore;
}

void NotificationTriage::know(const std::string& lockName)
{
    if (claims(lockName))
        return;
    std::lock_guard guard(m_mutex);
    m_plainNamedLocks.insert(lockName);
}

void NotificationTriage::forget(const std::string& lockName)
{
    std::lock_guard guard(m_mutex);
    if (!m_plainNamedLocks.empty())
        m_plainNamedLocks.erase(lockName);
}

} // namespace lockscope
