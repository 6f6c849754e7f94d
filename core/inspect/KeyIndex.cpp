#include "inspect/KeyIndex.h"

namespace lockscope {

void KeyIndex::add(RawKey key)
{
    m_absent.erase(key.name);
    std::string name = key.name;
    m_keys.insert_or_assign(std::move(name), std::move(key));
}

const RawKey* KeyIndex::find(const std::string& name) const
{
    auto it = m_keys.find(name);
    return it == m_keys.end() ? nullptr : &it->second;
}

std::vector<std::string> KeyIndex::unclaimed() const
{
    std::vector<std::string> names;
    for (const auto& [name, key] : m_keys) {
        if (!m_claimed.count(name))
            names.push_back(name);
    }
    return names;
}

} // namespace lockscope
