#include "inspect/scan/NameShapeTypes.h"

namespace lockscope {

namespace {
// Long names are shaped by their head: enough to tell families apart, cheap to hash.
constexpr size_t maxShapeBytes = 64;
} // namespace

NameShapeTypes::NameShapeTypes(size_t maxShapes)
    : m_maxShapes(maxShapes)
{
}

std::string NameShapeTypes::shapeOf(std::string_view name)
{
    std::string shape;
    shape.reserve(std::min(name.size(), maxShapeBytes));
    for (size_t i = 0; i < name.size() && shape.size() < maxShapeBytes; ++i) {
        const bool digit = name[i] >= '0' && name[i] <= '9';
        if (!digit)
            shape += name[i];
        else if (shape.empty() || shape.back() != '#')
            shape += '#';
    }
    return shape;
}

std::optional<RawKey::Type> NameShapeTypes::guess(std::string_view name) const
{
    if (m_types.empty())
        return std::nullopt;
    auto it = m_types.find(shapeOf(name));
    if (it == m_types.end())
        return std::nullopt;
    return it->second;
}

void NameShapeTypes::learn(std::string_view name, RawKey::Type type)
{
    std::string shape = shapeOf(name);
    auto it = m_types.find(shape);
    if (it != m_types.end())
        it->second = type; // the latest key of a family is the best guess for the next
    else if (m_types.size() < m_maxShapes)
        m_types.emplace(std::move(shape), type);
}

} // namespace lockscope
