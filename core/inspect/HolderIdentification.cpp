#include "inspect/HolderIdentification.h"

#include "common/EnumNames.h"

#include <array>

namespace lockscope {

std::string_view identitySourceName(IdentitySource source)
{
    static constexpr std::array<std::string_view, 5> names {
        "none", "unknown", "value", "sample", "remembered"};
    return enumName<IdentitySource::Remembered>(source, names, "unknown");
}

std::string HolderIdentification::host() const
{
    std::string text = addr;
    if (const size_t colon = text.rfind(':'); colon != std::string::npos && colon > 0)
        text.resize(colon);
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    return text;
}

std::string HolderIdentification::shortText() const
{
    const std::string where = host();
    if (name.empty() || where.empty())
        return name.empty() ? where : name;
    return name + std::string(separator) + where;
}

} // namespace lockscope
