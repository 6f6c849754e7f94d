#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// portalocker's RedisLock (Python): no key at all. The holder is a connection named
// `<name>-lock` (CLIENT SETNAME) subscribed to the channel `<name>`, for as long as it lives;
// waiters poll PUBSUB NUMSUB. Found through CLIENT LIST (the census every inspection reads); the
// watcher re-checks such locks itself, since no keyspace event announces them. portalocker frees
// a dead holder with CLIENT KILL ID, and so does a forced release here: it closes the holder's
// whole connection, which the release dialog says first.
class PortalockerRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "portalocker"; }
    // Keys never make such a lock.
    Candidacy isCandidate(const RawKey&, const RecognitionContext&) const override { return Candidacy::No; }
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
    std::optional<RedisCommand> ownRelease(const LockSnapshot& lock) const override;
};

} // namespace lockscope
