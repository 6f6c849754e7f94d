#pragma once

#include "inspect/CandidateKeyIndex.h"
#include "inspect/LockSnapshot.h"
#include "inspect/SharedHolderMemory.h"
#include "inspect/SubscribedClient.h"
#include "inspect/scan/GlobPattern.h"
#include "inspect/scan/RawKey.h"

#include <map>
#include <string>
#include <vector>

namespace lockscope {

// What a recogniser may consult besides the keys: the node, the server's clock, and the
// server-side facts the classifier gathered in batches (channel subscribers, blocked clients).
struct RecognitionContext
{
    std::string node;
    long long nowMs = 0; // the server's TIME, so client clock skew does not matter
    CandidateKeyIndex* keys = nullptr;
    std::map<std::string, long long> channelSubscribers; // PUBSUB NUMSUB
    long long blpopClients = 0; // clients blocked in BLPOP/BRPOP/BLMOVE (CLIENT LIST)
    std::vector<SubscribedClient> lockNamedSubscribers; // subscribed clients named *-lock (CLIENT LIST)
    std::vector<GlobPattern> userPatterns; // "keys matching these are locks"
    // Holder values earlier listings saw shared (recognise() may read and add); null: none.
    SharedHolderMemory* sharedHolders = nullptr;
    // The place in the catalogue of the recogniser now recognising (set by RecognitionPass), so
    // that it can walk its candidates only; npos: unknown, every unclaimed key.
    size_t recognizerPlace = static_cast<size_t>(-1);

    const GlobPattern* userPatternFor(const std::string& key) const;
    long long subscribers(const std::string& channel) const;
    // The unclaimed keys, in name order, that the recogniser now recognising may want: for a
    // recogniser that only ever takes keys its isCandidate accepts, the same locks as a walk of
    // every unclaimed key.
    std::vector<const RawKey*> unclaimedCandidates() const;
    // Starts the snapshot of a lock whose main key is `key`: named after it, on this node, with
    // the key's TTL. Claims the key, so that no later recogniser reports it again.
    LockSnapshot claimLock(const RawKey& key, LockKind kind, LockLibrary library);
    // The same, with what every recognised lock says: how sure its recogniser is, and why.
    LockSnapshot claimLock(
        const RawKey& key, LockKind kind, LockLibrary library, double confidence, UserText reason);
};

} // namespace lockscope
