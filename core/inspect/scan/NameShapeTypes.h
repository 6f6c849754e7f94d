#pragma once

#include "inspect/scan/RawKey.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace lockscope {

// Remembers which type keys of each name shape had: `cache:17` and `cache:93` share the shape
// `cache:#` (digit runs collapsed), and a keyspace is mostly a few such families. The reader
// uses the guess to send the command that reads that type right away (GETRANGE, HSCAN) instead
// of asking TYPE first; a wrong guess only costs a WRONGTYPE and the TYPE after it, so the
// guess never decides what is read, only in how many commands. Bounded: at most `maxShapes`
// shapes are learnt (names full of ids make every shape new; those get no guess).
class NameShapeTypes
{
public:
    explicit NameShapeTypes(size_t maxShapes = 4096);

    std::optional<RawKey::Type> guess(std::string_view name) const;
    void learn(std::string_view name, RawKey::Type type);

    static std::string shapeOf(std::string_view name);

private:
    size_t m_maxShapes;
    std::unordered_map<std::string, RawKey::Type> m_types;
};

} // namespace lockscope
