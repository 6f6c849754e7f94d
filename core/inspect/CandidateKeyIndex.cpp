#include "inspect/CandidateKeyIndex.h"

#include "inspect/LockNaming.h"
#include "inspect/NameOrder.h"

#include <algorithm>

namespace lockscope {

void CandidateKeyIndex::add(RawKey key, Recognizers candidacy)
{
    if (!m_absent.empty())
        m_absent.erase(key.name);
    auto found = m_keys.find(key.name);
    if (found != m_keys.end()) {
        found->second.key = std::move(key);
        found->second.candidacy = candidacy;
        return;
    }
    if (LockNaming::isAuxiliaryKey(key.name))
        ++m_auxiliary;
    std::string name = key.name;
    m_keys.emplace(std::move(name), Entry {std::move(key), false, candidacy});
    m_orderStale = true;
}

const RawKey* CandidateKeyIndex::find(const std::string& name) const
{
    auto it = m_keys.find(name);
    return it == m_keys.end() ? nullptr : &it->second.key;
}

void CandidateKeyIndex::setTtl(const std::string& name, long long pttl)
{
    if (auto it = m_keys.find(name); it != m_keys.end())
        it->second.key.pttl = pttl;
}

void CandidateKeyIndex::remove(const std::string& name)
{
    if (m_keys.erase(name) == 0)
        return;
    m_orderStale = true;
    if (LockNaming::isAuxiliaryKey(name))
        --m_auxiliary;
}

void CandidateKeyIndex::claim(const std::string& name)
{
    auto it = m_keys.find(name);
    if (it != m_keys.end())
        it->second.claimed = true;
    else
        m_claimedElsewhere.insert(name);
}

bool CandidateKeyIndex::isClaimed(const std::string& name) const
{
    auto it = m_keys.find(name);
    return it != m_keys.end() ? it->second.claimed : m_claimedElsewhere.count(name) != 0;
}

void CandidateKeyIndex::sortOrder() const
{
    if (!m_orderStale)
        return;
    // Map nodes do not move on rehash, so pointers to them stay valid until an add().
    std::vector<const std::pair<const std::string, Entry>*> entries;
    entries.reserve(m_keys.size());
    for (const auto& entry : m_keys)
        entries.push_back(&entry);
    const auto order = NameOrder::of(
        entries.size(), [&entries](size_t i) { return std::string_view(entries[i]->first); },
        [&entries](size_t a, size_t b) { return entries[a]->first < entries[b]->first; });
    m_order.clear();
    m_order.reserve(entries.size());
    for (size_t at : order)
        m_order.push_back(entries[at]);
    m_orderStale = false;
}

std::vector<std::reference_wrapper<const std::string>> CandidateKeyIndex::unclaimed() const
{
    sortOrder();
    std::vector<std::reference_wrapper<const std::string>> names;
    names.reserve(m_order.size());
    for (const auto* entry : m_order) {
        if (!entry->second.claimed)
            names.emplace_back(entry->first);
    }
    return names;
}

std::vector<const RawKey*> CandidateKeyIndex::unclaimedKeys() const
{
    sortOrder();
    std::vector<const RawKey*> keys;
    keys.reserve(m_order.size());
    for (const auto* entry : m_order) {
        if (!entry->second.claimed)
            keys.push_back(&entry->second.key);
    }
    return keys;
}

std::vector<const RawKey*> CandidateKeyIndex::unclaimedCandidatesOf(size_t place) const
{
    sortOrder();
    std::vector<const RawKey*> keys;
    for (const auto* entry : m_order) {
        if (!entry->second.claimed && includes(entry->second.candidacy, place))
            keys.push_back(&entry->second.key);
    }
    return keys;
}

void CandidateKeyIndex::setCandidacies(const std::function<Recognizers(const RawKey&)>& candidacyOf)
{
    for (auto& [name, entry] : m_keys) {
        if (entry.candidacy == anyRecognizer)
            entry.candidacy = candidacyOf(entry.key);
    }
}

void CandidateKeyIndex::forEachUnclaimed(const std::function<void(const RawKey&, Recognizers)>& visit) const
{
    sortOrder();
    for (const auto* entry : m_order) {
        if (!entry->second.claimed)
            visit(entry->second.key, entry->second.candidacy);
    }
}

} // namespace lockscope
