#pragma once

#include "inspect/recognizers/LockRecognizer.h"

#include <optional>

namespace lockscope {

// The legacy SETNX pattern: STRING `lock.<name>` / `<name>.lock` / `lock:<name>` holding the
// Unix time (seconds or milliseconds, maybe fractional) at which the lock expires, often with no
// Redis TTL. Stuck once that moment has passed by the server's clock: clients only recover it
// through GETSET when they next try. Timestamps are everywhere (last_login, created_at), so the
// name must say "lock".
class LegacyTimestampRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "legacy-setnx"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;

    // The value as epoch ms if it is a plausible timestamp near `nowMs` (seconds or ms).
    static std::optional<long long> expiryMs(const RawKey& key, long long nowMs);
};

} // namespace lockscope
