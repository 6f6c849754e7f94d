#pragma once

#include "inspect/scan/RawKey.h"

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lockscope {

// The keys of one node that might belong to a lock, by name, and which of them a recogniser
// has already turned into (part of) a lock. Recognisers run in order; a claimed key is never
// used twice. Hashed, with the name order built once after the keys are in: each recogniser
// walks the unclaimed names, and tens of thousands of locks must not cost a tree walk each.
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
    bool contains(const std::string& name) const { return m_keys.count(name) != 0; }
    // Remembers that `name` was looked up and does not exist (so it is not read again).
    void markAbsent(const std::string& name) { m_absent.insert(name); }
    bool isKnownAbsent(const std::string& name) const { return m_absent.count(name) != 0; }

    void claim(const std::string& name);
    bool isClaimed(const std::string& name) const;
    // Names of the keys nobody claimed yet, in name order (stable output). The references stay
    // valid until the next add().
    std::vector<std::reference_wrapper<const std::string>> unclaimed() const;
    // The same keys themselves (a recogniser walking them needs no lookup per name).
    std::vector<const RawKey*> unclaimedKeys() const;
    // Of those, the ones the recogniser at `place` may want (and the ones of unknown candidacy).
    std::vector<const RawKey*> unclaimedCandidatesOf(size_t place) const;
    // Records `candidacyOf(key)` for every key whose candidacy is unknown.
    void setCandidacies(const std::function<Recognizers(const RawKey&)>& candidacyOf);
    // Calls `visit` with each unclaimed key and its candidacy, in name order.
    void forEachUnclaimed(const std::function<void(const RawKey&, Recognizers)>& visit) const;
    size_t size() const { return m_keys.size(); }
    // Whether any fence counter, waiter registry, queue... is here: most keyspaces have none,
    // and then nothing needs looking up under those names.
    bool hasAuxiliaryKeys() const { return m_auxiliary > 0; }

private:
    void sortOrder() const;

    struct Entry
    {
        RawKey key;
        bool claimed = false;
        Recognizers candidacy = anyRecognizer;
    };

    std::unordered_map<std::string, Entry> m_keys;
    std::unordered_set<std::string> m_claimedElsewhere; // claimed names that hold no key here
    std::unordered_set<std::string> m_absent;
    mutable std::vector<const std::pair<const std::string, Entry>*> m_order; // by name
    mutable bool m_orderStale = false;
    size_t m_auxiliary = 0;
};

} // namespace lockscope
