#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// RedLock.net (.NET; RedisKeyFormat "redlock:{0}", Guid.NewGuid()) and pottery's Redlock (Python;
// prefix `redlock`, uuid4): SET redlock:<resource> <uuid> NX PX. The two write the same key and
// value and release alike (compare-and-delete), so they are not told apart. Waiters retry.
class RedLockNetRecognizer : public StringLockRecognizer
{
public:
    std::string_view name() const override { return "redlock-net-pottery"; }

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
};

} // namespace lockscope
