#pragma once

#include "redis/RedisConnection.h"

#include <memory>

namespace lockscope {

// A connection opened on first use and kept in its owner's slot. The owner drops it (resets the
// slot) when its state is unknown, and the next use connects afresh.
class LazyConnection
{
public:
    // The connection in `slot`; when the slot is empty, one is opened with `options` first.
    static Result<RedisConnection*> in(
        std::unique_ptr<RedisConnection>& slot, const ConnectionOptions& options);
};

} // namespace lockscope
