#pragma once

#include "inspect/LockSnapshot.h"

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// A Redisson lock-hash field `<clientUuid>:<threadId>` (`:write` appended for a write hold)
// with its reentry count. node-redisson puts a lock UUID where Java puts the thread id.
struct RedissonHolderField
{
    std::string clientUuid;
    std::string threadId;
    bool write = false;
    long long count = 0;

    // nullopt unless the field and value have exactly this shape (count a positive integer).
    static std::optional<RedissonHolderField> parse(std::string_view field, std::string_view value);
    // `<uuid>:<tid>`: the queue entry and channel suffix format.
    static bool isHolderId(std::string_view text);
    bool threadIsUuid() const;
    std::string holderId() const { return clientUuid + ":" + threadId; }
    LockHolder toHolder(HolderMode mode) const;
};

} // namespace lockscope
