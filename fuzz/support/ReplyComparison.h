#pragma once

#include "redis/RedisReply.h"

namespace lockscope::fuzz {

// Two replies are the same when type, bytes, integer and elements (recursively) agree.
inline bool sameReply(const RedisReply& a, const RedisReply& b)
{
    if (a.type() != b.type() || a.text() != b.text() || a.integer() != b.integer() || a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!sameReply(a.elements()[i], b.elements()[i]))
            return false;
    }
    return true;
}

} // namespace lockscope::fuzz
