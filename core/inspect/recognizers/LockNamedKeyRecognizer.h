#pragma once

#include "inspect/recognizers/LockRecognizer.h"

namespace lockscope {

// The last guess: a string key whose name says lock (lock, mutex, semaphore, leader, latch, in
// any case and between any separators) and which has a TTL is a lock whatever it holds (a
// process id, a host name, a number, a timestamp, JSON), though no library's format claimed it.
// Listed under "unknown" with its value as the holder, never stuck (a TTL ends it by itself),
// released by compare-and-delete. Without a TTL such a key stays unlisted: a name alone is no
// evidence against data that lives forever.
class LockNamedKeyRecognizer : public LockRecognizer
{
public:
    std::string_view name() const override { return "lock-named-key"; }
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;
};

} // namespace lockscope
