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

NotificationTriage::Verdict NotificationTriage::judge(std::string_view key, unsigned events) const
{
    {
        std::lock_guard guard(m_mutex);
        if (!m_plainNamedLocks.empty() && m_plainNamedLocks.find(key) != m_plainNamedLocks.end())
            return Verdict::Candidate;
    }
    if (claims(key))
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
