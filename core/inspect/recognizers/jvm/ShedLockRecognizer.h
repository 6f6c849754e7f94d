#pragma once

#include "inspect/recognizers/LockRecognizer.h"

#include <optional>

namespace lockscope {

// ShedLock's Redis providers (Java; Spring, Jedis, Lettuce): one STRING
// `<keyPrefix>:<env>:<lockName>` (default `job-lock:default:<name>`) holding
// `ADDED:<ISO-8601 UTC, 3 fraction digits>Z@<hostname>[:<UUIDv4>]` (the UUID since 6.7.0),
// SET NX PX lockAtMostFor. The value says who holds it (the host) and since when. A job that ends
// before its lockAtLeastFor leaves the key in place on purpose until then: it is not stuck.
// Nobody waits: a scheduler that finds the lock taken skips the run.
class ShedLockRecognizer : public LockRecognizer
{
public:
    struct Value
    {
        long long addedMs = 0; // when the lock was taken (epoch ms, from the value)
        std::string host;
        std::string uuid; // empty before ShedLock 6.7.0
    };
    // The value's parts, or nullopt when it is not ShedLock's.
    static std::optional<Value> parseValue(std::string_view value);

    std::string_view name() const override { return "shedlock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
};

} // namespace lockscope
