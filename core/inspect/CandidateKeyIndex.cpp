#include "inspect/CandidateKeyIndex.h"

#include "inspect/LockNaming.h"
#include "inspect/NameOrder.h"

#include <algorithm>
#include <bit>
#include <functional>

namespace lockscope {

CandidateKeyIndex::Entry* CandidateKeyIndex::entryNamed(std::string_view name, size_t hash)
{
    const int row = m_rowOfName.find(hash, [&](int at) { return m_entries[size_t(at)].key.name == name; });
    return row < 0 ? nullptr : &m_entries[size_t(row)];
}

const CandidateKeyIndex::Entry* CandidateKeyIndex::entryNamed(std::string_view name) const
{
    return const_cast<CandidateKeyIndex*>(this)->entryNamed(name, hashOf(name));
}

CandidateKeyIndex::Entry* CandidateKeyIndex::entryHolding(const RawKey& key)
{
    // Compared as addresses of anything (std::less): `key` may lie outside the vector.
    const std::less<const void*> before;
    if (m_entries.empty() || before(&key, &m_entries.front().key)
        || !before(&key, m_entries.data() + m_entries.size()))
        return nullptr;
    const auto offset
        = size_t(reinterpret_cast<const char*>(&key) - reinterpret_cast<const char*>(m_entries.data()));
    Entry& entry = m_entries[offset / sizeof(Entry)];
    return &entry.key == &key ? &entry : nullptr;
}

void CandidateKeyIndex::add(RawKey key, Recognizers candidacy)
{
    if (!m_absent.empty())
        m_absent.erase(key.name);
    const size_t hash = hashOf(key.name);
    if (Entry* known = entryNamed(key.name, hash)) {
        if (known->removed) { // back again: in the order already, under the same name
            known->removed = false;
            known->claimed = false;
            m_candidatesStale = true;
            ++m_live;
            if (LockNaming::isAuxiliaryKey(known->key.name))
                ++m_auxiliary;
        }
        known->key = std::move(key);
        if (known->candidacy != candidacy)
            m_candidatesStale = true;
        known->candidacy = candidacy;
        return;
    }
    if (LockNaming::isAuxiliaryKey(key.name))
        ++m_auxiliary;
    m_rowOfName.insert(hash, int(m_entries.size()));
    m_entries.push_back(Entry {std::move(key), false, false, candidacy});
    ++m_live;
    m_orderStale = true;
    m_candidatesStale = true;
}

const RawKey* CandidateKeyIndex::find(const std::string& name) const
{
    const Entry* entry = entryNamed(name);
    return entry && !entry->removed ? &entry->key : nullptr;
}

void CandidateKeyIndex::setTtl(const std::string& name, long long pttl)
{
    if (Entry* entry = entryNamed(name, hashOf(name)); entry && !entry->removed)
        entry->key.pttl = pttl;
}

void CandidateKeyIndex::remove(const std::string& name)
{
    Entry* entry = entryNamed(name, hashOf(name));
    if (!entry || entry->removed)
        return;
    entry->removed = true;
    --m_live;
    if (LockNaming::isAuxiliaryKey(name))
        --m_auxiliary;
}

void CandidateKeyIndex::claim(const std::string& name)
{
    Entry* entry = entryNamed(name, hashOf(name));
    if (entry && !entry->removed)
        entry->claimed = true;
    else
        m_claimedElsewhere.insert(name);
}

void CandidateKeyIndex::claim(const RawKey& key)
{
    if (Entry* entry = entryHolding(key); entry && !entry->removed)
        entry->claimed = true;
    else
        claim(key.name);
}

bool CandidateKeyIndex::isKnownCandidateOf(const RawKey& key, size_t place) const
{
    const Entry* entry = const_cast<CandidateKeyIndex*>(this)->entryHolding(key);
    return entry && place < 64 && entry->candidacy != anyRecognizer && includes(entry->candidacy, place);
}

bool CandidateKeyIndex::isClaimed(const std::string& name) const
{
    const Entry* entry = entryNamed(name);
    return entry && !entry->removed ? entry->claimed : m_claimedElsewhere.count(name) != 0;
}

void CandidateKeyIndex::sortOrder() const
{
    if (!m_orderStale)
        return;
    const auto order = NameOrder::of(
        m_entries.size(), [this](size_t i) { return std::string_view(m_entries[i].key.name); },
        [this](size_t a, size_t b) { return m_entries[a].key.name < m_entries[b].key.name; });
    m_order.assign(order.begin(), order.end());
    m_orderStale = false;
    m_candidatesStale = true;
}

void CandidateKeyIndex::listCandidates() const
{
    sortOrder();
    if (!m_candidatesStale)
        return;
    m_candidatesOf.assign(64, {});
    m_anyCandidate.clear();
    for (std::uint32_t position = 0; position < m_order.size(); ++position) {
        const Entry& entry = m_entries[m_order[position]];
        if (entry.removed || entry.claimed)
            continue; // claims are for good: such an entry is nobody's candidate again
        if (entry.candidacy == anyRecognizer) {
            m_anyCandidate.push_back(position);
            continue;
        }
        for (Recognizers places = entry.candidacy; places != 0; places &= places - 1)
            m_candidatesOf[size_t(std::countr_zero(places))].push_back(position);
    }
    m_candidatesStale = false;
}

template <typename Visit>
void CandidateKeyIndex::forEachInOrder(const Visit& visit) const
{
    sortOrder();
    for (const std::uint32_t at : m_order) {
        const Entry& entry = m_entries[at];
        if (!entry.removed && !entry.claimed)
            visit(entry);
    }
}

std::vector<std::reference_wrapper<const std::string>> CandidateKeyIndex::unclaimed() const
{
    std::vector<std::reference_wrapper<const std::string>> names;
    names.reserve(m_live);
    forEachInOrder([&](const Entry& entry) { names.emplace_back(entry.key.name); });
    return names;
}

std::vector<const RawKey*> CandidateKeyIndex::unclaimedKeys() const
{
    std::vector<const RawKey*> keys;
    keys.reserve(m_live);
    forEachInOrder([&](const Entry& entry) { keys.push_back(&entry.key); });
    return keys;
}

std::vector<const RawKey*> CandidateKeyIndex::unclaimedCandidatesOf(size_t place) const
{
    if (place >= 64)
        return unclaimedKeys();
    listCandidates();
    // The place's own candidates and those of unknown candidacy, merged back into name order.
    const std::vector<std::uint32_t>& own = m_candidatesOf[place];
    std::vector<const RawKey*> keys;
    keys.reserve(own.size());
    size_t a = 0;
    size_t b = 0;
    while (a < own.size() || b < m_anyCandidate.size()) {
        const bool fromOwn = b == m_anyCandidate.size() || (a < own.size() && own[a] < m_anyCandidate[b]);
        const Entry& entry = m_entries[m_order[fromOwn ? own[a++] : m_anyCandidate[b++]]];
        if (!entry.removed && !entry.claimed && includes(entry.candidacy, place))
            keys.push_back(&entry.key);
    }
    return keys;
}

void CandidateKeyIndex::setCandidacies(const std::function<Recognizers(const RawKey&)>& candidacyOf)
{
    for (Entry& entry : m_entries) {
        if (!entry.removed && entry.candidacy == anyRecognizer) {
            entry.candidacy = candidacyOf(entry.key);
            m_candidatesStale = true;
        }
    }
}

void CandidateKeyIndex::forEachUnclaimed(const std::function<void(const RawKey&, Recognizers)>& visit) const
{
    for (const Entry& entry : m_entries) {
        if (!entry.removed && !entry.claimed)
            visit(entry.key, entry.candidacy);
    }
}

} // namespace lockscope
