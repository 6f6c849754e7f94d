#pragma once

#include "inspect/RawKey.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lockscope {

// The keys of one node that might belong to a lock, by name, and which of them a recogniser
// has already turned into (part of) a lock. Recognisers run in order; a claimed key is never
// used twice.
class KeyIndex
{
public:
    void add(RawKey key);
    const RawKey* find(const std::string& name) const;
    bool contains(const std::string& name) const { return m_keys.count(name) != 0; }
    // Remembers that `name` was looked up and does not exist (so it is not read again).
    void markAbsent(const std::string& name) { m_absent.insert(name); }
    bool isKnownAbsent(const std::string& name) const { return m_absent.count(name) != 0; }

    void claim(const std::string& name) { m_claimed.insert(name); }
    bool isClaimed(const std::string& name) const { return m_claimed.count(name) != 0; }
    // Names of the keys nobody claimed yet, in name order (stable output).
    std::vector<std::string> unclaimed() const;
    size_t size() const { return m_keys.size(); }

private:
    std::map<std::string, RawKey> m_keys;
    std::set<std::string> m_claimed;
    std::set<std::string> m_absent;
};

} // namespace lockscope
