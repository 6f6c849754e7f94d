#pragma once

#include <cstdint>
#include <string_view>

namespace lockscope {

// What a keyspace notification's event name (`set`, `expire`, `hincrby`, `del`...) says about its
// key, as bits that coalesce: several notifications of one key pending together are one set.
class KeyspaceEvents
{
public:
    using Set = std::uint16_t;
    static constexpr Set written = 1; // any write that leaves the key in place
    static constexpr Set ttlSet = 2; // `expire`: SET NX PX/EX, PEXPIRE... gave it a TTL
    static constexpr Set removed = 4; // del, expired, evicted, rename_from, move_from
    static constexpr Set expired = 8; // `expired` (also `removed`)

    static Set of(std::string_view event);
    // Whether nothing but removals happened: a key of no known lock that is gone has nothing to
    // find.
    static bool onlyRemoved(Set events) { return (events & (written | ttlSet)) == 0; }
};

} // namespace lockscope
