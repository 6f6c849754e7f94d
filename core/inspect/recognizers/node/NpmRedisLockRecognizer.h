#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// The npm package `redis-lock` (errorception): SET lock.<name> <Date.now()+timeout+1> PX timeout
// NX. Unlike the legacy SETNX lock, the timestamp is only its expiry, kept with a real TTL; the
// value names no holder, and the library's own release deletes without comparing. Waiters retry
// every 50 ms.
class NpmRedisLockRecognizer : public StringLockRecognizer
{
public:
    std::string_view name() const override { return "npm-redis-lock"; }

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
};

} // namespace lockscope
