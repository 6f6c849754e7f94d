#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// Symfony Lock's RedisStore (PHP, 5.2 and later): a ZSET named after the resource, one member
// per holder, the token base64 of 32 random bytes (44 characters ending in "="), scored with its
// expiry in epoch ms; an exclusive (write) lock adds the member `__write__`, shared (read) holders
// do not. The key expires with its last member (PEXPIREAT of the highest score); expired
// members stay until the next save removes them. Nobody is woken: waiters poll.
// Released as the store does it: the holders' tokens and `__write__` removed together, here all
// at once and only if the set still holds exactly the members shown.
class SymfonyLockRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "symfony-lock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const override;
};

} // namespace lockscope
