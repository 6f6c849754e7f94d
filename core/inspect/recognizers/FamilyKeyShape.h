#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// One key of a lock's family of keys (KeyFamilyRecognizer): <prefix><lock name><suffix>, the
// name not empty.
struct FamilyKeyShape
{
    std::string_view prefix;
    std::string_view suffix;

    std::string keyFor(std::string_view lockName) const
    {
        return std::string(prefix) + std::string(lockName) + std::string(suffix);
    }

    // The lock name in `key`, when `key` has this shape.
    std::optional<std::string> lockNameIn(std::string_view key) const
    {
        if (key.size() <= prefix.size() + suffix.size() || !key.starts_with(prefix) || !key.ends_with(suffix))
            return std::nullopt;
        return std::string(key.substr(prefix.size(), key.size() - prefix.size() - suffix.size()));
    }
};

} // namespace lockscope
