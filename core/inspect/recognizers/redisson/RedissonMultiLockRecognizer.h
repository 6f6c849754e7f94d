#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// Redisson's getMultiLock(group, values) (RedissonFasterMultiLock, 3.38+): one HASH `<group>`
// locking several values at once, with three fields per locked value: `<value>` ->
// `<uuid>:<threadId>` (the holder), `<value>:<uuid>:<threadId>:expire_time` -> epoch ms and
// `<value>:<uuid>:<threadId>:lock_count` -> re-entries. Waiters subscribe to
// `redisson_lock__channel:{<group>}` and are woken by `0`, as for RLock. One lock, the group,
// whose holders each hold one value; a forced release deletes the group if every value still has
// the holder and count shown (renewals of expire_time are no change) and wakes the waiters.
class RedissonMultiLockRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "redisson-multilock"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void channels(const RawKey& key, std::vector<std::string>& names) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const override;
};

} // namespace lockscope
