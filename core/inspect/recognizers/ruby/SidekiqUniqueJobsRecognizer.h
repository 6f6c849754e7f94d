#pragma once

#include "inspect/recognizers/KeyFamilyRecognizer.h"

namespace lockscope {

// sidekiq-unique-jobs v8 (Ruby): a uniqueness lock per job digest D = `uniquejobs:<md5 or sha3 hex>`:
// D itself (a STRING, the job id written when the job was queued), `D:LOCKED` (a HASH job id ->
// lock time in epoch seconds: the holders), `D:QUEUED` and `D:PRIMED` (LISTs waiters move tokens
// between with BLMOVE), `D:INFO` (JSON, optional); and the digest in the global
// `uniquejobs:digests` ZSET. No TTL by default (lock_ttl nil). Released only the way the gem's
// unlock does it (its side keys included, or its own web UI keeps showing a ghost): the job ids
// leave QUEUED/PRIMED and LOCKED, D and INFO go, the digest leaves the global set, and one token
// pushed on QUEUED (expiring in 5 s) wakes a waiter.
class SidekiqUniqueJobsRecognizer : public KeyFamilyRecognizer
{
public:
    // Reads the QUEUED and PRIMED lists.
    SidekiqUniqueJobsRecognizer()
        : KeyFamilyRecognizer(RawKey::Type::List)
    {
    }

    // `uniquejobs:<hex>` of a key of the format, or nullopt.
    static std::optional<std::string> digestOf(std::string_view key);

    std::string_view name() const override { return "sidekiq-unique-jobs"; }
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const override;
};

} // namespace lockscope
