#pragma once

#include "common/HashedRowIndex.h"
#include "inspect/scan/RawKey.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace lockscope {

// The keys of one node that might belong to a lock, by name, and which of them a recogniser
// has already turned into (part of) a lock. Recognisers run in order; a claimed key is never
// used twice. The keys lie in one vector, found by name through a HashedRowIndex over it (no
// second copy of each name, no node per key: a listing of a million locks adds a million keys
// here), with the name order built once after the keys are in: each recogniser walks the
// unclaimed names, and tens of thousands of locks must not cost a tree walk each.
class CandidateKeyIndex
{
public:
    // Which recognisers, by their place in the catalogue, may want a key (their isCandidate is
    // not No), so that a recogniser that only ever takes its candidates walks those, not every
    // key: a hundred thousand token locks are otherwise walked by every string format before
    // the token recogniser takes them. Places past 63 always count as candidates.
    using Recognizers = std::uint64_t;
    static constexpr Recognizers anyRecognizer = ~Recognizers(0);
    static bool includes(Recognizers set, size_t place) { return place >= 64 || ((set >> place) & 1U) != 0; }

    // `candidacy` unknown (anyRecognizer): until setCandidacies().
    void add(RawKey key, Recognizers candidacy = anyRecognizer);
    const RawKey* find(const std::string& name) const;
    void setTtl(const std::string& name, long long pttl);
    void remove(const std::string& name);
    bool contains(const std::string& name) const { return find(name) != nullptr; }
    // Remembers that `name` was looked up and does not exist (so it is not read again).
    void markAbsent(const std::string& name) { m_absent.insert(name); }
    bool isKnownAbsent(const std::string& name) const { return m_absent.count(name) != 0; }

    void claim(const std::string& name);
    // The same for a key this index handed out (unclaimedKeys, find...): no lookup by name.
    void claim(const RawKey& key);
    bool isClaimed(const std::string& name) const;
    // Names of the keys nobody claimed yet, in name order (stable output). The references stay
    // valid until the next add().
    std::vector<std::reference_wrapper<const std::string>> unclaimed() const;
    // The same keys themselves (a recogniser walking them needs no lookup per name).
    std::vector<const RawKey*> unclaimedKeys() const;
    // Of those, the ones the recogniser at `place` may want (and the ones of unknown candidacy).
    std::vector<const RawKey*> unclaimedCandidatesOf(size_t place) const;
    // Whether `key`, one this index handed out, is known to be a candidate of the recogniser at
    // `place` (its isCandidate was asked and was not No): such a key need not be asked again.
    bool isKnownCandidateOf(const RawKey& key, size_t place) const;
    // Records `candidacyOf(key)` for every key whose candidacy is unknown.
    void setCandidacies(const std::function<Recognizers(const RawKey&)>& candidacyOf);
    // Calls `visit` with each unclaimed key and its candidacy, in the order the keys came: for
    // walks whose outcome does not depend on the order (through memory as it lies rather than
    // jumping between a million keys by name).
    void forEachUnclaimed(const std::function<void(const RawKey&, Recognizers)>& visit) const;
    size_t size() const { return m_live; }
    // Whether any fence counter, waiter registry, queue... is here: most keyspaces have none,
    // and then nothing needs looking up under those names.
    bool hasAuxiliaryKeys() const { return m_auxiliary > 0; }

private:
    struct Entry
    {
        RawKey key;
        bool claimed = false;
        bool removed = false; // kept in place (the index has no erase); found by no lookup
        Recognizers candidacy = anyRecognizer;
    };

    static size_t hashOf(std::string_view name) { return std::hash<std::string_view> {}(name); }
    // The entry named `name`, removed or not, or nullptr.
    Entry* entryNamed(std::string_view name, size_t hash);
    const Entry* entryNamed(std::string_view name) const;
    // The entry holding `key`, if `key` is one of this index's.
    Entry* entryHolding(const RawKey& key);
    void sortOrder() const;
    // Fills m_candidatesOf from one walk in name order, if anything changed since.
    void listCandidates() const;
    template <typename Visit>
    void forEachInOrder(const Visit& visit) const;

    std::vector<Entry> m_entries;
    HashedRowIndex m_rowOfName; // into m_entries
    size_t m_live = 0;
    std::unordered_set<std::string> m_claimedElsewhere; // claimed names that hold no key here
    std::unordered_set<std::string> m_absent;
    mutable std::vector<std::uint32_t> m_order; // entries by name, removed ones included
    mutable bool m_orderStale = false;
    // Per recogniser place (below 64), the positions in m_order of the entries it may want;
    // entries of unknown candidacy are in m_anyCandidate instead of in all 64. Twenty-odd
    // recognisers each walking a million keys for their few candidates would cost more than
    // the recognition itself.
    mutable std::vector<std::vector<std::uint32_t>> m_candidatesOf;
    mutable std::vector<std::uint32_t> m_anyCandidate;
    mutable bool m_candidatesStale = true;
    size_t m_auxiliary = 0;
};

} // namespace lockscope
