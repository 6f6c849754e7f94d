#include "inspect/scan/RawKey.h"

#include <charconv>

namespace lockscope {

std::optional<long long> RawKey::integerValue() const
{
    if (type != Type::String || truncated || value.empty() || value.size() > 20)
        return std::nullopt;
    long long parsed = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec != std::errc() || end != value.data() + value.size())
        return std::nullopt;
    return parsed;
}

const std::string* RawKey::field(const std::string& fieldName) const
{
    for (const auto& [name, fieldValue] : fields) {
        if (name == fieldName)
            return &fieldValue;
    }
    return nullptr;
}

} // namespace lockscope
