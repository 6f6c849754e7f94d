#pragma once

#include "common/Result.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisReply.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace lockscope {

constexpr int clusterSlotCount = 16384;

// The cluster slot of a key: CRC16 (XMODEM) of the key, or of its hash tag — the part between
// the first '{' and the next '}' when that part is not empty.
uint16_t clusterKeySlot(std::string_view key);

struct SlotRange
{
    int first = 0;
    int last = 0;
    HostPort master;
    std::string masterId;
    std::vector<HostPort> replicas;
};

// Parses a CLUSTER SLOTS reply, checking every type and bound (it is untrusted input).
Result<std::vector<SlotRange>> parseClusterSlots(const RedisReply& reply);

// The distinct masters of a slot table, in first-seen order.
std::vector<HostPort> mastersOf(const std::vector<SlotRange>& ranges);

} // namespace lockscope
