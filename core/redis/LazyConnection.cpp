#include "redis/LazyConnection.h"

namespace lockscope {

Result<RedisConnection*> LazyConnection::in(
    std::unique_ptr<RedisConnection>& slot, const ConnectionOptions& options)
{
    if (!slot) {
        auto connected = RedisConnection::connect(options);
        if (!connected)
            return connected.error();
        slot = std::move(connected.value());
    }
    return slot.get();
}

} // namespace lockscope
