#pragma once

#include "inspect/LockSnapshot.h"

#include <optional>
#include <string>

namespace lockscope {

// A semaphore's holder of a permit as every semaphore format lists it: HolderMode::Permit, with the
// permit's expiry where the format stores one (epoch ms).
inline LockHolder permitHolder(std::string owner, std::optional<long long> expiresAtMs = std::nullopt)
{
    LockHolder holder;
    holder.owner = std::move(owner);
    holder.mode = HolderMode::Permit;
    holder.expiresAtMs = expiresAtMs;
    return holder;
}

} // namespace lockscope
