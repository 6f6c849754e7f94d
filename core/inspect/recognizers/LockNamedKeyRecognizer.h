#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// The last guess: a key whose name says lock (lock, mutex, semaphore, leader, latch, in any case
// and between any separators) and which has a TTL is a lock whatever it holds and whatever its
// type, though no library's format claimed it. A string holds one holder (a process id, a host
// name, a number, JSON); a hash one holder made of its fields; a set or sorted set one holder per
// member (a sorted set's scores are their expiries when they read as times); a list names no
// holder (a token list holds free permits, not holders). Listed under "unknown", never stuck (a
// TTL ends it by itself), released only if Redis still holds exactly what was read (the whole
// value or every field, member or item). Without a TTL such a key stays unlisted: a name alone is
// no evidence against data that lives forever; nor is a collection read only in part (more
// than the bounded read) listed: it could not be compared when released.
class LockNamedKeyRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "lock-named-key"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const override;
    std::optional<RedisCommand> permitRelease(
        const LockSnapshot& semaphore, const LockHolder& holder) const override;
};

} // namespace lockscope
