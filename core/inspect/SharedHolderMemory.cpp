#include "inspect/SharedHolderMemory.h"

namespace lockscope {

void SharedHolderMemory::remember(const std::string& value, LockLibrary library)
{
    // Registries come and go with their processes: when full, start over rather than grow.
    if (m_libraries.size() >= limit && !m_libraries.count(value))
        m_libraries.clear();
    m_libraries[value] = library;
}

std::optional<LockLibrary> SharedHolderMemory::libraryOf(const std::string& value) const
{
    auto it = m_libraries.find(value);
    return it == m_libraries.end() ? std::nullopt : std::optional<LockLibrary>(it->second);
}

} // namespace lockscope
