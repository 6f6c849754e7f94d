#pragma once

#include "inspect/LockSnapshot.h"
#include "inspect/RawKey.h"
#include "inspect/recognizers/RecognitionContext.h"

#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

enum class Candidacy
{
    No,
    Yes,
    // Only if one of channels(key) has subscribers: e.g. an integer string is a Redisson
    // semaphore only when clients wait on its channel; otherwise it is just a counter.
    IfSubscribed,
};

// Recognises one lock format. The classifier asks every recogniser, in a fixed order, to turn
// unclaimed keys into locks; a recogniser claims every key it groups into a lock.
class LockRecognizer
{
public:
    virtual ~LockRecognizer() = default;
    virtual std::string_view name() const = 0;

    // A cheap look at one scanned key: keep it for recognition? Keys nobody wants are dropped
    // right away, which keeps memory bounded on big keyspaces. Called on the scanner's reader
    // threads: it may read only the context's clock and user patterns, set before the scan.
    virtual Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const = 0;
    // Keys that complete a lock started by `key` (queue, timeout zset, rwlock_timeout keys...):
    // read by name when a pattern-limited scan did not see them.
    virtual void relatedKeys(const RawKey& key, std::vector<std::string>& names) const { }
    // Pub/sub channels whose subscriber counts help recognise or describe `key`'s lock.
    virtual void channels(const RawKey& key, std::vector<std::string>& names) const { }

    // Turns unclaimed keys into locks, claiming the keys it uses.
    virtual void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const = 0;
};

} // namespace lockscope
